import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { startPreparedBackend, type PreparedBackend } from '../support/prepared-backend';

/**
 * A deep page of the reports list (an offset past 1,000, read as a deferred join on PostgreSQL) holds
 * the rows the plain query gives, in its order: newest first, then by id where dates are equal.
 */

const REPORTS = 1_150;

describe('deep pages of the reports list', () => {
  let prepared: PreparedBackend | undefined;

  beforeAll(async () => {
    prepared = await startPreparedBackend('deep-pages', async (knex) => {
      const start = Date.UTC(2026, 0, 1);
      const rows = Array.from({ length: REPORTS }, (_, i) => {
        // Seven reports share each hour: the id decides their order.
        const at = new Date(start + Math.floor(((i * 7919) % REPORTS) / 7) * 3_600_000);
        return {
          document_id: `deep${i}`.padEnd(24, 'x'),
          title: `Profond ${i}`,
          type: 'Voirie',
          description: 'Page profonde.',
          // 50 in Passamainti, the others in Cavani and Kawéni.
          zone: i % 23 === 0 ? 'Passamainti' : i % 2 ? 'Cavani' : 'Kawéni',
          report_status: i % 2 ? 'en_cours' : 'nouveau',
          address: 'Rue du Port',
          created_at: at,
          updated_at: at,
          published_at: at,
        };
      });
      await knex.batchInsert('reports', rows, 200);
    });
  }, 240_000);

  afterAll(async () => {
    await prepared?.stop();
  });

  const page = async (number: number, filters = '') => {
    const res = await call('GET', `/api/reports?pagination[page]=${number}&pagination[pageSize]=25&sort[0]=createdAt%3Adesc${filters}&fields[0]=title`, {
      token: prepared!.adminToken,
      baseUrl: prepared!.backend.url,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { titles: (res.body.data as { title: string }[]).map((r) => r.title), total: res.body.meta.pagination.total as number };
  };
  const expected = (offset: number, where: Record<string, string> = {}) =>
    prepared!.withKnex(async (knex) =>
      ((await knex('reports').where(where).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'asc' }]).offset(offset).limit(25).select('title')) as { title: string }[]).map((r) => r.title),
    );

  it('pages 41 to 47 hold the rows of the plain query, in its order, and the last one is short', async () => {
    for (const number of [41, 42, 46, 47]) {
      const { titles, total } = await page(number);
      expect(total).toBe(REPORTS);
      expect(titles, `page ${number}`).toEqual(await expected((number - 1) * 25));
    }
    expect((await page(47)).titles).toHaveLength(REPORTS - 46 * 25);
    expect((await page(48)).titles).toEqual([]);
  });

  it('a deep page of a filtered list keeps its filter', async () => {
    const filters = `&filters[zone][$ne]=Passamainti`;
    const where = (knex: any) => knex('reports').whereNot({ zone: 'Passamainti' });
    expect((await page(1, filters)).total).toBe(REPORTS - 50);
    for (const number of [41, 44]) {
      const { titles } = await page(number, filters);
      const rows = await prepared!.withKnex(async (knex) =>
        (await where(knex).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'asc' }]).offset((number - 1) * 25).limit(25).select('title', 'zone')) as { title: string; zone: string }[],
      );
      expect(rows).toHaveLength(25);
      expect(titles, `page ${number}`).toEqual(rows.map((r) => r.title));
    }
    expect((await page(45, filters)).titles).toEqual([]);
  });
});
