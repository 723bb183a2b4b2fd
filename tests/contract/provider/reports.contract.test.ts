import { describe, expect, it } from 'vitest';
import { fetchAllRows, toCsv } from '../../../src/common/exporter';
import { signalements } from '../../../src/resources/signalements';
import { createPayload } from '../../../src/generic/payload';
import { loggedInAs, PNG_1PX, reportData, unique } from './setup';

/**
 * The reports screen's calls through the SPA's provider against the real backend: the list's
 * filters, search and paging as the list sends them, a bulk status change, a creation with
 * photos as the new-report dialog sends it, and the export of every matching row.
 */
describe('reports screen against the real backend', () => {
  it('filters by status, priority, type and zone, searches and pages on the server', async () => {
    const { dataProvider } = await loggedInAs('operator');
    const tag = unique();
    for (let i = 0; i < 3; i++)
      await dataProvider.create('signalements', { data: reportData({ title: `Filtre ${tag} ${i}`, zone: 'Cavani', type: 'Signalisation', subType: 'Panneau', priority: 'critique', report_status: 'en_attente' }) });
    const filter = { report_status: 'en_attente', priority: 'critique', type: 'Signalisation', zone: 'Cavani', q: tag };
    const page1 = await dataProvider.getList('signalements', { pagination: { page: 1, perPage: 2 }, sort: { field: 'createdAt', order: 'DESC' }, filter });
    expect(page1.total).toBe(3);
    expect(page1.data).toHaveLength(2);
    expect(page1.data.every((r) => r.report_status === 'en_attente' && r.zone === 'Cavani')).toBe(true);
    const page2 = await dataProvider.getList('signalements', { pagination: { page: 2, perPage: 2 }, sort: { field: 'createdAt', order: 'DESC' }, filter });
    expect(page2.data).toHaveLength(1);
    // Search by ID (documentId) finds the report.
    const byId = await dataProvider.getList('signalements', { pagination: { page: 1, perPage: 5 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { q: String(page2.data[0].id) } });
    expect(byId.data.map((r) => r.id)).toEqual([page2.data[0].id]);
    // Every matching row for the export, paged through the API.
    const all = await fetchAllRows(dataProvider, 'signalements', { filter, pageSize: 2 });
    expect(all).toHaveLength(3);
    expect(toCsv(all, signalements.exportColumns!).split('\r\n').filter(Boolean)).toHaveLength(4);
  });

  it('changes the status of several reports at once (bulk action)', async () => {
    const { dataProvider } = await loggedInAs('operator');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await dataProvider.create('signalements', { data: reportData() })).data.id);
    await dataProvider.updateMany('signalements', { ids, data: { report_status: 'resolu' } });
    const { data } = await dataProvider.getMany('signalements', { ids });
    expect(data.map((r) => r.report_status)).toEqual(['resolu', 'resolu', 'resolu']);
    await dataProvider.updateMany('signalements', { ids, data: { service: 'Police Municipale', assignedTo: 'Agent test' } });
    const { data: assigned } = await dataProvider.getOne('signalements', { id: ids[0] });
    expect(assigned).toMatchObject({ service: 'Police Municipale', assignedTo: 'Agent test' });
    // An operator may not delete: the backend refuses.
    await expect(dataProvider.deleteMany('signalements', { ids })).rejects.toMatchObject({ status: 403 });
    const { dataProvider: admin } = await loggedInAs('admin');
    await admin.deleteMany('signalements', { ids });
    const after = await admin.getList('signalements', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: { id: ids } });
    expect(after.total).toBe(0);
  });

  it('creates a report with photos as the new-report dialog sends it', async () => {
    const { dataProvider } = await loggedInAs('operator');
    const values = { title: `Photos ${unique()}`, description: 'Deux photos', type: 'Propreté', subType: 'Dépôt sauvage', priority: 'normale', zone: 'Tsoundzou', address: 'Route nationale', latitude: -12.8, longitude: null, citizenEmail: 'a@b.test', citizenPhone: '' };
    const photos = [new File([PNG_1PX], 'un.png', { type: 'image/png' }), new File([PNG_1PX], 'deux.png', { type: 'image/png' })];
    const { data } = await dataProvider.create('signalements', { data: createPayload(signalements, { ...values, photos }) });
    const { data: full } = await dataProvider.getOne('signalements', { id: data.id });
    expect(full).toMatchObject({ report_status: 'nouveau', type: 'Propreté', subType: 'Dépôt sauvage', latitude: -12.8, priority: 'normale' });
    expect(full.longitude ?? null).toBeNull();
    expect((full.photos as { url: string }[]).map((p) => p.url.endsWith('.png'))).toEqual([true, true]);
  });

  it('the aggregate the dashboard reads counts every report, also over a date range', async () => {
    const { dataProvider } = await loggedInAs('author');
    const get = (dataProvider as unknown as { get: <T>(p: string, q?: Record<string, unknown>) => Promise<T> }).get;
    const stats = await get<{ total: number; byStatus: Record<string, number>; resolutionRate: number }>('/api/reports/stats');
    const list = await dataProvider.getList('signalements', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(stats.total).toBe(list.total);
    const future = await get<{ total: number }>('/api/reports/stats', { from: '2999-01-01T00:00:00.000Z', to: '2999-01-08T00:00:00.000Z' });
    expect(future.total).toBe(0);
  });
});
