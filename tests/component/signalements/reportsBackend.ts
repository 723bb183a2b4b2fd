import { fakeBackend } from '../../support/fakeBackend';

/** Reports as the backend stores them, for the reports screen's tests. */
export function makeReports(n: number): Record<string, unknown>[] {
  const statuses = ['nouveau', 'en_cours', 'en_attente', 'resolu', 'rejete'];
  const priorities = ['basse', 'normale', 'haute', 'critique'];
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    documentId: `rep${i + 1}`,
    title: `Signalement numéro ${i + 1}`,
    type: i % 2 ? 'Voirie' : 'Éclairage public',
    subType: i % 2 ? 'Nid-de-poule' : null,
    description: `Description ${i + 1}`,
    report_status: statuses[i % statuses.length],
    priority: priorities[i % priorities.length],
    zone: i % 3 ? 'Kawéni' : 'Centre-ville',
    address: `${i + 1} rue du Marché`,
    latitude: -12.7806 + i / 1000,
    longitude: 45.2279,
    assignedTo: i % 4 === 0 ? 'Agent Ali' : null,
    service: i % 4 === 0 ? 'Service Technique' : null,
    slaTarget: null,
    slaStatus: i % 3 === 0 ? 'depasse' : 'dans_les_temps',
    createdAt: new Date(Date.UTC(2025, 0, 1 + i, 8, 30)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, 2 + i, 9, 45)).toISOString(),
    photos: [],
    tags: [],
    internalNotes: [],
  }));
}

/** The fake backend with a /api/reports that filters (report_status, priority, type, zone, q), sorts and pages like Strapi. */
export function reportsBackend(rows: Record<string, unknown>[]) {
  const backend = fakeBackend({ reports: rows });
  const filtered = (query: URLSearchParams) => {
    let result = [...rows];
    for (const field of ['report_status', 'priority', 'type', 'zone']) {
      const value = [...query.entries()].find(([k]) => k.startsWith(`filters[${field}]`) || k.includes(`[${field}][$eq]`))?.[1];
      if (value) result = result.filter((r) => r[field] === value);
    }
    const q = [...query.entries()].find(([k]) => k.includes('[$containsi]'))?.[1];
    if (q) result = result.filter((r) => ['title', 'description', 'type', 'zone', 'documentId'].some((f) => String(r[f] ?? '').toLowerCase().includes(q.toLowerCase())));
    const sort = query.get('sort[0]');
    if (sort) {
      const [field, order] = sort.split(':');
      result.sort((a, b) => (String(a[field]) < String(b[field]) ? -1 : String(a[field]) > String(b[field]) ? 1 : 0) * (order === 'desc' ? -1 : 1));
    }
    return result;
  };
  backend.on('GET', '/api/reports', (call) => {
    const query = new URLSearchParams(call.url.split('?')[1] ?? '');
    const page = Number(query.get('pagination[page]') ?? 1);
    const pageSize = Number(query.get('pagination[pageSize]') ?? 25);
    const all = filtered(query);
    return { body: { data: all.slice((page - 1) * pageSize, page * pageSize), meta: { pagination: { page, pageSize, total: all.length } } } };
  });
  backend.on('GET', /^\/api\/reports\/(?!stats$)[^/]+$/, (call) => {
    const id = call.path.split('/').pop();
    const row = rows.find((r) => r.documentId === id);
    return row ? { body: { data: row } } : { status: 404, statusText: 'Not Found', body: { error: { status: 404, message: 'Not Found' } } };
  });
  backend.on('PUT', /^\/api\/reports\/[^/]+$/, (call) => {
    const id = call.path.split('/').pop();
    const row = rows.find((r) => r.documentId === id);
    if (!row) return { status: 404, statusText: 'Not Found', body: { error: { status: 404, message: 'Not Found' } } };
    Object.assign(row, (call.body as { data: object }).data);
    return { body: { data: row } };
  });
  backend.on('DELETE', /^\/api\/reports\/[^/]+$/, (call) => {
    const id = call.path.split('/').pop();
    const index = rows.findIndex((r) => r.documentId === id);
    const [row] = rows.splice(index, 1);
    return { body: { data: row } };
  });
  return backend;
}
