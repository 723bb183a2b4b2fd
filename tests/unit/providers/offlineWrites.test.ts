import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStrapiDataProvider } from '../../../src/providers/dataProvider';
import { sendQueued, withOfflineWrites, type WithSend } from '../../../src/providers/offlineWrites';
import { createWriteQueue, type QueuedWrite } from '../../../src/offline/queue';
import { mockFetch } from '../../support/mockFetch';

/**
 * The data provider with the agent's writes on site: offline, a report's change and a timeline line
 * are queued and answered at once; online they carry their Idempotency-Key, and a try that got no
 * answer is queued with that same key; the queue sends them with the version the agent saw.
 */

const resources = { signalements: { endpoint: 'reports' }, actualites: { endpoint: 'articles' } };
const OPTIONS = { resources: ['signalements'], paths: ['/api/report-updates'] };

function setup(fetch = mockFetch()) {
  const online = createStrapiDataProvider({ apiUrl: 'http://api.test', resources, getToken: () => 'jwt', fetch: fetch.fetch }) as WithSend;
  const saved: { items: QueuedWrite[] } = { items: [] };
  const queue = createWriteQueue({ store: { load: async () => saved.items, save: async (items) => void (saved.items = items) }, send: sendQueued(online) });
  return { api: fetch, queue, provider: withOfflineWrites(online, queue, OPTIONS) };
}

const offline = () => vi.stubGlobal('navigator', { onLine: false });
const online = () => vi.stubGlobal('navigator', { onLine: true });
afterEach(() => vi.unstubAllGlobals());

describe('writes made offline', () => {
  it('a status change is queued, answered as done on the device, and sent later with its key and the version seen', async () => {
    const { api, queue, provider } = setup();
    api.on('PUT', '/api/reports/r1', { body: { data: { documentId: 'r1', report_status: 'en_cours', updatedAt: '2026-11-25T09:00:00.000Z' } } });
    offline();
    const answer = await provider.update('signalements', { id: 'r1', data: { report_status: 'en_cours' }, previousData: { id: 'r1', updatedAt: '2026-11-25T08:00:00.000Z' } });
    expect(answer.data).toMatchObject({ id: 'r1', report_status: 'en_cours' });
    expect(api.calls).toHaveLength(0);
    expect(queue.items().map((w) => [w.label, w.state])).toEqual([['Statut : En cours', 'pending']]);

    const key = queue.items()[0].key;
    online();
    await queue.flush();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ method: 'PUT', path: '/api/reports/r1', body: { data: { report_status: 'en_cours' } } });
    expect(api.calls[0].headers['Idempotency-Key']).toBe(key);
    expect(api.calls[0].headers['If-Match']).toBe('"2026-11-25T08:00:00.000Z"');
    expect(queue.items()).toEqual([]);
  });

  it('an « après intervention » photo is queued with the file, and the device shows the report without it until sent', async () => {
    const { api, queue, provider } = setup();
    api.on('POST', '/api/upload', { body: [{ id: 42, url: '/uploads/apres.png' }] });
    api.on('PUT', '/api/reports/r1', { body: { data: { documentId: 'r1', updatedAt: '2026-11-25T10:00:00.000Z' } } });
    offline();
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'apres.png', { type: 'image/png' });
    const answer = await provider.update('signalements', { id: 'r1', data: { photos: [{ id: 7, url: '/uploads/avant.png' }, photo] }, previousData: { id: 'r1' } });
    expect(answer.data.photos).toEqual([{ id: 7, url: '/uploads/avant.png' }]);
    expect(queue.items().map((w) => w.label)).toEqual(['Photo après intervention']);
    online();
    await queue.flush();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/upload', 'PUT /api/reports/r1']);
    expect(api.calls[1].body).toEqual({ data: { photos: [7, 42] } });
  });

  it('a note is queued with its report, and named as the agent wrote it', async () => {
    const { api, queue, provider } = setup();
    offline();
    await provider.send('POST', '/api/report-updates', { data: { report: 'r1', text: 'Câble réparé', public: false } });
    await provider.send('POST', '/api/report-updates', { data: { report: 'r1', text: 'Réparé, merci', public: true } });
    expect(api.calls).toHaveLength(0);
    expect(queue.items().map((w) => [w.record, w.label])).toEqual([['r1', 'Note interne'], ['r1', 'Réponse au citoyen']]);
  });

  it('online, the write carries its key; a try that gets no answer is queued with the same key', async () => {
    const fetch = mockFetch();
    let network = true;
    const tries: { text: string; key: string }[] = [];
    const real = fetch.fetch;
    fetch.fetch = async (input, init = {}) => {
      tries.push({ text: JSON.parse(String(init.body)).data.text, key: (init.headers as Record<string, string>)['Idempotency-Key'] });
      if (!network) throw new TypeError('Failed to fetch');
      return real(input, init);
    };
    fetch.on('POST', '/api/report-updates', { status: 201, body: { data: { documentId: 'u1' } } });
    const { queue, provider } = setup(fetch);
    online();
    await provider.send('POST', '/api/report-updates', { data: { report: 'r1', text: 'Sur place', public: false } });
    expect(tries[0].key).toMatch(/^[0-9a-f-]{32,36}$/);

    network = false;
    await provider.send('POST', '/api/report-updates', { data: { report: 'r1', text: 'Terminé', public: false } });
    expect(queue.items().map((w) => w.key)).toEqual([tries[1].key]);
    network = true;
    await queue.flush();
    expect(tries.filter((t) => t.text === 'Terminé').map((t) => t.key)).toEqual([tries[1].key, tries[1].key]);
    expect(queue.items()).toEqual([]);
  });

  it('what may not be queued is not: another resource, or a refusal from the backend', async () => {
    const { api, queue, provider } = setup();
    api.on('PUT', '/api/reports/r1', { status: 403, body: { error: { message: 'Interdit' } } });
    online();
    await expect(provider.update('signalements', { id: 'r1', data: { report_status: 'rejete' }, previousData: { id: 'r1' } })).rejects.toMatchObject({ status: 403 });
    offline();
    await expect(provider.update('actualites', { id: 'a1', data: { title: 'x' }, previousData: { id: 'a1' } })).rejects.toBeTruthy();
    expect(queue.items()).toEqual([]);
  });
});
