import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, reportData } from '../support/api';
import { startPreparedBackend, type PreparedBackend } from '../support/prepared-backend';

/**
 * The search text's indexes: on SQLite a full-text (trigram) index kept by triggers, through which a
 * rare word is found without reading every report; on PostgreSQL a trigram index. Either way the rows
 * found are those whose text holds every word, whoever wrote them.
 */

const SEARCHABLE_TABLES = ['reports', 'articles', 'events', 'pois', 'directory_entries', 'up_users'];

describe('the search index', () => {
  let prepared: PreparedBackend | undefined;
  // Letters only, rare: no demo report holds them.
  const marker = `zq${Date.now().toString(36).replace(/[0-9]/g, 'x')}`;
  const api = (method: string, pathAndQuery: string, body?: unknown) => call(method, pathAndQuery, { token: prepared!.adminToken, baseUrl: prepared!.backend.url, body });
  const search = async (text: string) => {
    const res = await api('GET', `/api/reports?search=${encodeURIComponent(text)}&pagination[pageSize]=100&fields[0]=title`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { titles: (res.body.data as { title: string }[]).map((r) => r.title).sort(), total: res.body.meta.pagination.total as number };
  };

  beforeAll(async () => {
    prepared = await startPreparedBackend('search-index', async (knex, postgres) => {
      // A schema change that rebuilds a SQLite table drops its triggers: rows written then are missing from the index.
      if (!postgres) await knex.raw('DROP TRIGGER reports_search_fts_ai');
      const now = new Date();
      const row = (suffix: string, searchText: string | null) => ({
        document_id: `${marker}${suffix}`.slice(0, 24).padEnd(24, 'x'),
        title: `${marker} ${suffix}`,
        type: 'Voirie',
        description: 'Écrit sans le backend.',
        zone: 'Cavani',
        address: 'Rue du Port',
        created_at: now,
        updated_at: now,
        published_at: now,
        search_text: searchText,
      });
      // One with its search text already written (a restored backup), one without (an import by hand).
      await knex('reports').insert([row('restaure', `${marker} restaure \n voirie \n cavani`), row('importe', null)]);
    });
  }, 240_000);

  afterAll(async () => {
    await prepared?.stop();
  });

  it('exists for every searchable collection (full-text with its triggers on SQLite, trigram on PostgreSQL)', async () => {
    const postgres = prepared!.postgres;
    const names = await prepared!.withKnex(async (knex) =>
      postgres
        ? ((await knex.raw("SELECT indexname AS name FROM pg_indexes WHERE indexname LIKE '%search_text_trgm'")).rows as { name: string }[]).map((r) => r.name)
        : ((await knex.raw("SELECT name FROM sqlite_master WHERE name LIKE '%search_fts%'")) as { name: string }[]).map((r) => r.name),
    );
    for (const table of SEARCHABLE_TABLES) {
      const expected = postgres ? [`${table}_search_text_trgm`] : ['', '_ai', '_ad', '_au'].map((suffix) => `${table}_search_fts${suffix}`);
      expect(names, table).toEqual(expect.arrayContaining(expected));
    }
  });

  it('finds reports written behind the backend, once it has restarted', async () => {
    expect(await search(marker)).toEqual({ titles: [`${marker} importe`, `${marker} restaure`], total: 2 });
    expect(await search(`${marker} restaure`)).toEqual({ titles: [`${marker} restaure`], total: 1 });
  });

  it('follows a report from its creation to its deletion, with a word of two letters beside a rare one', async () => {
    const title = `Borne ${marker}creee au port`;
    const created = await api('POST', '/api/reports', { data: reportData({ title, zone: 'Cavani' }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const documentId = created.body.data.documentId as string;
    expect(await search(`${marker}creee`)).toEqual({ titles: [title], total: 1 });
    // « au » is too short for the trigram index: it filters by reading the text, beside the index's word.
    expect(await search(`${marker}CRÉÉE au`)).toEqual({ titles: [title], total: 1 });
    // A two-letter word the report does not have: its searched text includes its documentId (random letters and
    // digits, where a fixed pair like « qz » turns up about one time in fifty).
    const stored = JSON.stringify(created.body.data).toLowerCase();
    const absent = ['qz', 'wq', 'jx', 'vq', 'zj', 'xk', 'qy', 'fz'].find((word) => !stored.includes(word));
    expect(await search(`${marker}creee ${absent}`)).toEqual({ titles: [], total: 0 });

    const renamed = `Borne ${marker}deplacee au port`;
    expect((await api('PUT', `/api/reports/${documentId}`, { data: { title: renamed } })).status).toBe(200);
    expect(await search(`${marker}creee`)).toEqual({ titles: [], total: 0 });
    expect(await search(`${marker}deplacee`)).toEqual({ titles: [renamed], total: 1 });

    expect((await api('DELETE', `/api/reports/${documentId}`)).status).toBe(204);
    expect(await search(`${marker}deplacee`)).toEqual({ titles: [], total: 0 });
  });
});
