import { describe, expect, it } from 'vitest';
import { createPayload, editPayload } from '../../../src/generic/payload';
import { createStrapiDataProvider } from '../../../src/providers/dataProvider';
import { endpointOptionsOf, resources } from '../../../src/resources';
import { evenements } from '../../../src/resources/evenements';
import { fromStrapiTime, toStrapiTime } from '../../../src/i18n/dates';
import { mockFetch } from '../../support/mockFetch';

/**
 * What the event form sends (an unchanged image is not sent, a removed one is cleared): the form's
 * values through the generic payload and the SPA's own data provider, the HTTP bodies read from a
 * fetch double.
 */

const description = [{ type: 'paragraph', children: [{ type: 'text', text: 'Produits locaux' }] }];
const values = { title: 'Marché nocturne', slug: 'marche-nocturne', description, date: '2026-03-14', time: toStrapiTime('19:30'), location: 'Front de mer', category: 'Économie' };

function setup() {
  const api = mockFetch();
  let nextId = 40;
  api
    .on('POST', '/api/upload', () => ({ body: [{ id: nextId++, url: '/uploads/affiche.png' }] }))
    .on('POST', '/api/events', (call) => ({ status: 201, body: { data: { id: 1, documentId: 'ev1', ...(call.body as { data: object }).data } } }))
    .on('PUT', '/api/events/ev1', (call) => ({ body: { data: { id: 1, documentId: 'ev1', ...(call.body as { data: object }).data } } }));
  const provider = createStrapiDataProvider({ apiUrl: 'http://api.test', resources: endpointOptionsOf(resources), getToken: () => 'jwt', fetch: api.fetch });
  return { api, provider };
}
const bodyOf = (api: ReturnType<typeof mockFetch>, method: string) => (api.calls.find((c) => c.method === method && c.path.startsWith('/api/events'))!.body as { data: Record<string, unknown> }).data;

describe('event payload', () => {
  it('the time goes as HH:MM:00.000 and comes back as HH:mm; empty is missing', () => {
    expect(toStrapiTime('18:00')).toBe('18:00:00.000');
    expect(toStrapiTime('09:05')).toBe('09:05:00.000');
    expect(toStrapiTime('07:45:30')).toBe('07:45:00.000');
    expect(toStrapiTime('')).toBeNull();
    expect(fromStrapiTime('18:00:00.000')).toBe('18:00');
    expect(fromStrapiTime(null)).toBe('');
  });

  it('creates with the description as blocks, the date as is, the time as HH:MM:00.000 and no image key without an image', async () => {
    const { api, provider } = setup();
    await provider.create('evenements', { data: createPayload(evenements, { ...values, image: null }) });
    expect(bodyOf(api, 'POST')).toEqual({ ...values, time: '19:30:00.000' });
    expect(api.calls.some((c) => c.path === '/api/upload')).toBe(false);
  });

  it('creates with a new image: uploaded first, sent as its file id', async () => {
    const { api, provider } = setup();
    const file = new File([new Uint8Array([1])], 'affiche.png', { type: 'image/png' });
    await provider.create('evenements', { data: createPayload(evenements, { ...values, image: file }) });
    expect(bodyOf(api, 'POST').image).toBe(40);
  });

  it('edits: an unchanged image is not sent; a removed one is sent as null (cleared), nothing uploaded', async () => {
    const stored = { id: 'ev1', documentId: 'ev1', ...values, image: { id: 7, url: 'http://api.test/uploads/marche.png' } };
    const unchanged = setup();
    await unchanged.provider.update('evenements', { id: 'ev1', data: editPayload({ ...stored, location: 'Place Mariage' }), previousData: stored });
    expect(bodyOf(unchanged.api, 'PUT')).toEqual({ location: 'Place Mariage' });

    const removed = setup();
    await removed.provider.update('evenements', { id: 'ev1', data: editPayload({ ...stored, image: null }), previousData: stored });
    expect(bodyOf(removed.api, 'PUT')).toEqual({ image: null });
    expect(removed.api.calls.some((c) => c.path === '/api/upload')).toBe(false);

    const replaced = setup();
    const file = new File([new Uint8Array([1])], 'nouvelle.png', { type: 'image/png' });
    await replaced.provider.update('evenements', { id: 'ev1', data: editPayload({ ...stored, image: file }), previousData: stored });
    expect(bodyOf(replaced.api, 'PUT')).toEqual({ image: 40 });
  });
});
