import { describe, expect, it } from 'vitest';
import { backendUrl, call, countOf, PNG_1PX, reportData, tokenOf, unique, upload } from '../support/api';

describe('collections over REST', () => {
  it('a list call with populate, sort and page size returns data and meta.pagination.total', async () => {
    const token = await tokenOf('admin');
    const res = await call('GET', '/api/reports?populate=photos&sort[0]=createdAt:desc&pagination[pageSize]=10', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.meta.pagination).toMatchObject({ page: 1, pageSize: 10 });
    expect(res.body.meta.pagination.total).toBeGreaterThanOrEqual(50);
    const dates = res.body.data.map((r: any) => Date.parse(r.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(res.body.data[0]).toHaveProperty('documentId');
    expect(Array.isArray(res.body.data[0].photos) || res.body.data[0].photos === null).toBe(true);

    for (const collection of ['articles', 'events', 'pois', 'directory-entries']) {
      const list = await call('GET', `/api/${collection}?pagination[pageSize]=5`, { token });
      expect(list.status, collection).toBe(200);
      expect(list.body.meta.pagination.total, collection).toBeGreaterThan(5);
    }
  });

  it('creates, updates by documentId and deletes a report', async () => {
    const token = await tokenOf('operator');
    const admin = await tokenOf('admin');
    const created = await call('POST', '/api/reports', { token, body: { data: reportData() } });
    expect(created.status).toBe(201);
    const { documentId } = created.body.data;
    expect(created.body.data.report_status).toBe('nouveau');
    expect(created.body.data.priority).toBe('haute');

    const updated = await call('PUT', `/api/reports/${documentId}`, { token, body: { data: { report_status: 'en_cours', assignedTo: 'Ali Soilihi' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ documentId, report_status: 'en_cours', assignedTo: 'Ali Soilihi' });

    const fetched = await call('GET', `/api/reports/${documentId}`, { token });
    expect(fetched.body.data.report_status).toBe('en_cours');

    const deleted = await call('DELETE', `/api/reports/${documentId}`, { token: admin });
    expect(deleted.status).toBe(204);
    expect((await call('GET', `/api/reports/${documentId}`, { token })).status).toBe(404);
  });

  it('uploads a PNG and links it to a report', async () => {
    const token = await tokenOf('operator');
    const uploaded = await upload(token, 'nid-de-poule.png', PNG_1PX, 'image/png');
    expect(uploaded.status).toBe(201);
    const [file] = uploaded.body;
    expect(file.mime).toBe('image/png');
    expect(file.url).toMatch(/^\/uploads\/.+\.png$/);

    const created = await call('POST', '/api/reports?populate=photos', { token, body: { data: reportData({ photos: [file.id] }) } });
    expect(created.status).toBe(201);
    const got = await call('GET', `/api/reports/${created.body.data.documentId}?populate=photos`, { token });
    expect(got.body.data.photos.map((p: any) => p.id)).toEqual([file.id]);

    const image = await fetch(`${backendUrl()}${file.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('filters with $eq, $containsi, $in and $or', async () => {
    const token = await tokenOf('admin');
    const marker = unique('Filtre');
    for (const [zone, priority] of [['Cavani', 'basse'], ['Cavani', 'critique'], ['Tsoundzou', 'basse']]) {
      const res = await call('POST', '/api/reports', { token, body: { data: reportData({ zone, priority, description: `Lampadaire ${marker} hors service` }) } });
      expect(res.status).toBe(201);
    }
    const ids = async (query: string) => {
      const res = await call('GET', `/api/reports?pagination[pageSize]=100&filters[description][$containsi]=${encodeURIComponent(marker.toUpperCase())}&${query}`, { token });
      expect(res.status).toBe(200);
      return res.body.data as any[];
    };
    expect(await ids('')).toHaveLength(3);
    expect(await ids('filters[zone][$eq]=Cavani')).toHaveLength(2);
    expect(await ids('filters[priority][$in][0]=critique&filters[priority][$in][1]=haute')).toHaveLength(1);
    const either = await ids('filters[$or][0][zone][$eq]=Tsoundzou&filters[$or][1][priority][$eq]=critique');
    expect(either.map((r) => `${r.zone}/${r.priority}`).sort()).toEqual(['Cavani/critique', 'Tsoundzou/basse']);
  });

  it('/api/reports/stats agrees with the counts made with filters', async () => {
    const token = await tokenOf('operator');
    const stats = await call('GET', '/api/reports/stats', { token });
    expect(stats.status).toBe(200);
    expect(stats.body.total).toBe(await countOf('reports'));
    for (const status of ['nouveau', 'en_cours', 'en_attente', 'resolu', 'rejete']) {
      expect(stats.body.byStatus[status], status).toBe(await countOf('reports', `filters[report_status][$eq]=${status}`));
    }
    for (const zone of ['Kawéni', 'Centre-ville']) {
      expect(stats.body.byZone[zone], zone).toBe(await countOf('reports', `filters[zone][$eq]=${encodeURIComponent(zone)}`));
    }
    expect(stats.body.byType['Voirie']).toBe(await countOf('reports', 'filters[type][$eq]=Voirie'));
    expect(stats.body.resolutionRate).toBe(Math.round((stats.body.byStatus.resolu / stats.body.total) * 100));

    const empty = await call('GET', '/api/reports/stats?from=2000-01-01&to=2000-01-02', { token });
    expect(empty.body.total).toBe(0);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const all = await call('GET', `/api/reports/stats?from=2000-01-01&to=${future}`, { token });
    expect(all.body.total).toBe(stats.body.total);
    expect((await call('GET', '/api/reports/stats?from=hier', { token })).status).toBe(400);
  });

  it('the settings single type reads and updates', async () => {
    const token = await tokenOf('admin');
    const got = await call('GET', '/api/setting', { token });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ siteName: 'Mamoudzou', maxFileUploadSize: 10, sessionTimeout: 60, mapProvider: 'openstreetmap', maintenanceMode: false });
    const updated = await call('PUT', '/api/setting', { token, body: { data: { siteDescription: 'Mairie de Mamoudzou, 101e département' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.siteDescription).toBe('Mairie de Mamoudzou, 101e département');
    expect(updated.body.data.sessionTimeout).toBe(60);
  });

  it('sets the SLA target from the priority and gives open reports a live SLA status, frozen when closed', async () => {
    // (Service levels in detail, on a moved clock: service-levels.test.ts.)
    const token = await tokenOf('operator');
    const HOUR = 3600_000;
    const critical = await call('POST', '/api/reports', { token, body: { data: reportData({ priority: 'critique' }) } });
    expect(critical.status).toBe(201);
    const { createdAt, slaTarget, slaStatus } = critical.body.data;
    expect(Date.parse(slaTarget) - Date.parse(createdAt)).toBeGreaterThan(23.9 * HOUR);
    expect(Date.parse(slaTarget) - Date.parse(createdAt)).toBeLessThan(24.1 * HOUR);
    // « Proche échéance » comes with the reminder, at 75 % of the delay: not at creation.
    expect(slaStatus).toBe('dans_les_temps');

    const low = await call('POST', '/api/reports', { token, body: { data: reportData({ priority: 'basse' }) } });
    expect(Date.parse(low.body.data.slaTarget) - Date.parse(low.body.data.createdAt)).toBeGreaterThan(14 * 24 * HOUR - HOUR);
    expect(low.body.data.slaStatus).toBe('dans_les_temps');

    // A target in the past is overdue, whatever status the client claims.
    const late = await call('POST', '/api/reports', { token, body: { data: reportData({ slaTarget: new Date(Date.now() - HOUR).toISOString(), slaStatus: 'dans_les_temps' }) } });
    const id = late.body.data.documentId;
    expect(late.body.data.slaStatus).toBe('depasse');
    const listed = await call('GET', `/api/reports?filters[documentId][$eq]=${id}`, { token });
    expect(listed.body.data[0].slaStatus).toBe('depasse');

    // Closing freezes it; the target is the backend's (a client's is ignored); reopening makes it live again.
    await call('PUT', `/api/reports/${id}`, { token, body: { data: { report_status: 'resolu' } } });
    const later = new Date(Date.now() + 48 * HOUR).toISOString();
    const moved = await call('PUT', `/api/reports/${id}`, { token, body: { data: { slaTarget: later } } });
    expect(moved.body.data.slaStatus).toBe('depasse');
    expect(moved.body.data.slaTarget).toBe(late.body.data.slaTarget);
    const reopened = await call('PUT', `/api/reports/${id}`, { token, body: { data: { report_status: 'en_cours' } } });
    expect(reopened.body.data).toMatchObject({ slaStatus: 'depasse', closedAt: null });
  });

  it('gives a report written with only the legacy status the matching report_status', async () => {
    const token = await tokenOf('operator');
    const created = await call('POST', '/api/reports', { token, body: { data: reportData({ status: 'in_progress' }) } });
    expect(created.status).toBe(201);
    expect(created.body.data.report_status).toBe('en_cours');
    const updated = await call('PUT', `/api/reports/${created.body.data.documentId}`, { token, body: { data: { status: 'resolved', report_status: null } } });
    expect(updated.body.data.report_status).toBe('resolu');
    const filtered = await call('GET', `/api/reports?filters[documentId][$eq]=${created.body.data.documentId}&filters[report_status][$eq]=resolu`, { token });
    expect(filtered.body.data).toHaveLength(1);
  });
});
