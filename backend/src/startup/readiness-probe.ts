import type { Core } from '@strapi/strapi';
import { databaseUnavailableCause } from '../utils/database';

/**
 * The table /_ready writes to: one row, rewritten by every probe (the database never grows with them). A table of
 * its own, unknown to Strapi's content types, which leaves such tables alone.
 */
export const PROBE_TABLE = 'readiness_probe';

const table = (strapi: Core.Strapi, knex: any = strapi.db.connection) => {
  const schema = strapi.db.getSchemaName();
  return schema ? knex(PROBE_TABLE).withSchema(schema) : knex(PROBE_TABLE);
};

/** Bootstrap: the probe's table, made once. */
export async function ensureReadinessTable(strapi: Core.Strapi) {
  const schema = strapi.db.getSchemaConnection();
  if (await schema.hasTable(PROBE_TABLE)) return;
  await schema.createTable(PROBE_TABLE, (t: any) => {
    t.integer('id').primary();
    t.bigInteger('checked_at').notNullable();
  });
}

export type Probe = { ok: true } | { ok: false; cause: string; code?: string };

let running: Promise<Probe> | undefined;

async function writeProbe(strapi: Core.Strapi): Promise<Probe> {
  try {
    await table(strapi).insert({ id: 1, checked_at: Date.now() }).onConflict('id').merge(['checked_at']);
    return { ok: true };
  } catch (error) {
    return { ok: false, cause: databaseUnavailableCause(error) ?? 'la base de données ne répond pas comme attendu', code: (error as { code?: string })?.code };
  }
}

/**
 * Whether the database takes a write now: one committed write, as a real one (its journal, its locks, its disk
 * space; a write rolled back would not reach the file). Requests that arrive while a probe runs share its answer,
 * so a flood of /_ready costs one write at a time.
 */
export function probeDatabase(strapi: Core.Strapi): Promise<Probe> {
  running ??= writeProbe(strapi).finally(() => {
    running = undefined;
  });
  return running;
}
