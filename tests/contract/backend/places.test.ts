import { describe, expect, it } from 'vitest';
import { call, countOf, reportData, tokenOf, unique } from '../support/api';

/**
 * Points of interest and the directory (CSV import in batches, all or nothing; POI figures) and the
 * reports map (reports of a visible area), against the real backend, on SQLite and PostgreSQL.
 */

describe('CSV import, one batch at a time', () => {
  it('a batch with one invalid row stores nothing of the batch and names the refused row and its field', async () => {
    const token = await tokenOf('author');
    const tag = unique('imp').replace(/-/g, '');
    const before = await countOf('directory-entries');
    const res = await call('POST', '/api/directory-entries/import', {
      token,
      body: {
        data: [
          { name: `Association ${tag} A`, category: 'associations', phone: '0269 00 00 01' },
          { name: `Association ${tag} B`, category: 'pas-une-categorie' },
          { name: `Association ${tag} C`, category: 'associations', email: 'c@exemple.yt' },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.message).toMatch(/1 ligne\(s\) refusée\(s\)/);
    const rows = res.body.error.details.rows as { row: number; errors: { path: string[]; message: string }[] }[];
    expect(rows.map((r) => r.row)).toEqual([1]);
    expect(rows[0].errors[0].path).toEqual(['category']);
    // Nothing of the batch: neither the refused row nor the valid ones around it.
    expect(await countOf('directory-entries')).toBe(before);
    expect(await countOf('directory-entries', `filters[name][$contains]=${tag}`)).toBe(0);
  });

  it('a valid batch is stored whole, each record audited as a creation by its importer', async () => {
    const token = await tokenOf('author');
    const tag = unique('imp').replace(/-/g, '');
    const res = await call('POST', '/api/pois/import', {
      token,
      body: {
        data: [
          // A file exported earlier carries the place's rating and its number of reviews: kept.
          { name: `Plage ${tag}`, category: 'loisirs', subcategory: 'plage', address: 'Front de mer', latitude: -12.78, longitude: 45.23, tags: ['plage', tag], status: 'active', rating: 4.5, reviewCount: 128 },
          { name: `Marché ${tag}`, category: 'commerce', address: 'Rue du Commerce', openingHours: { monday: { isOpen: true, periods: [{ open: '07:00', close: '12:00' }] } } },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.created).toBe(2);
    const found = await call('GET', `/api/pois?search=${tag}&sort[0]=name:asc`, { token });
    expect(found.body.data.map((p: { name: string }) => p.name)).toEqual([`Marché ${tag}`, `Plage ${tag}`]);
    expect(found.body.data[0].openingHours.monday.periods).toEqual([{ open: '07:00', close: '12:00' }]);
    expect(found.body.data[1]).toMatchObject({ rating: 4.5, reviewCount: 128 });
    const admin = await tokenOf('admin');
    const audit = await call('GET', `/api/audit-logs?filters[resourceId][$eq]=${res.body.data.ids[0]}`, { token: admin });
    expect(audit.body.data).toEqual([expect.objectContaining({ action: 'create', module: 'poi', role: 'Author' })]);
  });

  it('refuses unknown columns, empty and oversized batches, and roles without the import right', async () => {
    const author = await tokenOf('author');
    const unknownKey = await call('POST', '/api/pois/import', { token: author, body: { data: [{ name: 'X', category: 'loisirs', address: 'Y', couleur: 'bleu' }] } });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.error.details.rows[0].row).toBe(0);
    expect((await call('POST', '/api/pois/import', { token: author, body: { data: [] } })).status).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ name: `N${i}`, category: 'loisirs', address: 'A' }));
    expect((await call('POST', '/api/pois/import', { token: author, body: { data: tooMany } })).status).toBe(400);
    // An operator reads places but may not import them (matrix: poi read only).
    const operator = await tokenOf('operator');
    expect((await call('POST', '/api/pois/import', { token: operator, body: { data: [{ name: 'X', category: 'loisirs', address: 'Y' }] } })).status).toBe(403);
    expect((await call('POST', '/api/directory-entries/import', { token: operator, body: { data: [{ name: 'X', category: 'urgences' }] } })).status).toBe(403);
    expect((await call('POST', '/api/pois/import', { body: { data: [{ name: 'X', category: 'loisirs', address: 'Y' }] } })).status).toBe(403);
  });
});

describe('POI figures', () => {
  it('counts every point, by status and category, and averages the rated ones to one decimal', async () => {
    const token = await tokenOf('operator');
    const stats = await call('GET', '/api/pois/stats', { token });
    expect(stats.status).toBe(200);
    expect(stats.body.total).toBe(await countOf('pois'));
    expect(stats.body.byStatus.active).toBe(await countOf('pois', 'filters[status][$eq]=active'));
    expect(stats.body.categories).toBe(Object.keys(stats.body.byCategory).length);
    expect(stats.body.averageRating).toBeGreaterThan(0);
    expect(stats.body.averageRating).toBeLessThanOrEqual(5);
    expect(Math.round(stats.body.averageRating * 10) / 10).toBe(stats.body.averageRating);
  });
});

describe('reports of a visible area (the reports map)', () => {
  // A corner of the lagoon where the demo data puts no report.
  const area = { south: -12.62, west: 45.02, north: -12.6, east: 45.04 };
  const box = (a = area) => `south=${a.south}&west=${a.west}&north=${a.north}&east=${a.east}`;

  it('answers the reports inside the box matching the filters and search, with only what a marker needs', async () => {
    const token = await tokenOf('operator');
    const tag = unique('map').replace(/-/g, '');
    const inside = [];
    for (const [latitude, longitude, priority] of [
      [-12.61, 45.03, 'haute'],
      [-12.605, 45.025, 'basse'],
      [-12.615, 45.035, 'haute'],
    ] as const) {
      const res = await call('POST', '/api/reports', { token, body: { data: reportData({ title: `Carte ${tag}`, latitude, longitude, priority }) } });
      expect(res.status).toBe(201);
      inside.push(res.body.data.documentId);
    }
    // Just outside the box.
    await call('POST', '/api/reports', { token, body: { data: reportData({ title: `Carte ${tag}`, latitude: -12.59, longitude: 45.03 }) } });

    const res = await call('GET', `/api/reports/in-area?${box()}&search=${tag}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.clusters).toEqual([]);
    expect(res.body.data.map((r: { documentId: string }) => r.documentId).sort()).toEqual([...inside].sort());
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['documentId', 'latitude', 'longitude', 'priority', 'report_status', 'title']);
    expect(res.body.data[0].report_status).toBe('nouveau');

    const high = await call('GET', `/api/reports/in-area?${box()}&search=${tag}&filters[priority][$eq]=haute`, { token });
    expect(high.body.total).toBe(2);
  });

  it('above the cap, answers groups of the area with their counts instead of markers', async () => {
    const token = await tokenOf('operator');
    const all = await call('GET', `/api/reports/in-area?${box()}`, { token });
    const grouped = await call('GET', `/api/reports/in-area?${box()}&limit=1`, { token });
    expect(grouped.status).toBe(200);
    expect(grouped.body.total).toBe(all.body.total);
    expect(grouped.body.data).toEqual([]);
    expect(grouped.body.clusters.length).toBeGreaterThan(0);
    expect(grouped.body.clusters.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(all.body.total);
    for (const c of grouped.body.clusters) {
      expect(c.latitude).toBeGreaterThanOrEqual(area.south);
      expect(c.latitude).toBeLessThanOrEqual(area.north);
    }
    // The whole town at once (the demo data's reports) comes grouped as soon as it exceeds the cap given.
    const town = await call('GET', `/api/reports/in-area?south=-12.9&west=45.1&north=-12.7&east=45.3&limit=5`, { token });
    expect(town.body.clusters.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(town.body.total);
  });

  it('refuses a missing or impossible box, a private filter, and visitors', async () => {
    const token = await tokenOf('operator');
    expect((await call('GET', '/api/reports/in-area?south=-12.7', { token })).status).toBe(400);
    expect((await call('GET', `/api/reports/in-area?${box({ ...area, south: 10, north: 0 })}`, { token })).status).toBe(400);
    expect((await call('GET', `/api/reports/in-area?${box()}&filters[searchText][$contains]=x`, { token })).status).toBe(400);
    expect((await call('GET', `/api/reports/in-area?${box()}`)).status).toBe(403);
  });
});
