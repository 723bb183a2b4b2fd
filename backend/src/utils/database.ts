import type { Core } from '@strapi/strapi';

/** Whether the backend runs on PostgreSQL (else SQLite, the embedded default). */
export const onPostgres = (strapi: Core.Strapi): boolean => strapi.db.dialect.client === 'postgres';

/**
 * When an error says the database itself cannot serve (locked, read only, full, unreachable), what
 * a person is told about it; undefined for any other error (a bad value, a missing row...).
 */
export function databaseUnavailableCause(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let current: any = error; current && typeof current === 'object' && !seen.has(current); current = current.cause) {
    seen.add(current);
    const code = String(current.code ?? '');
    const message = String(current.message ?? '');
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'la base de données est verrouillée par un autre programme';
    if (code.startsWith('SQLITE_READONLY') || code === '25006' || code === 'EROFS') return 'la base de données est en lecture seule';
    if (code.startsWith('SQLITE_FULL') || code === '53100' || code === 'ENOSPC') return "le disque de la base de données est plein";
    if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB')) {
      return 'le fichier de la base de données ne peut être ni lu ni écrit';
    }
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('08')) {
      return 'le serveur de la base de données ne répond pas';
    }
    if (current.name === 'KnexTimeoutError' || /Timeout acquiring a connection/i.test(message)) return 'le serveur de la base de données ne répond pas';
  }
  return undefined;
}

const PROBE_TABLE = 'strapi_core_store_settings';

/**
 * Whether the database can be read and written now: reads a row, rewrites it with its own value and
 * rolls back, so the probe changes nothing but takes the same locks and checks as a real write.
 */
export async function probeDatabase(strapi: Core.Strapi): Promise<{ ok: true } | { ok: false; cause: string; code?: string }> {
  const knex = strapi.db.connection;
  const rollback = new Error('readiness probe: rolled back');
  try {
    const schema = strapi.db.getSchemaName();
    await knex.transaction(async (trx: any) => {
      const table = () => (schema ? trx(PROBE_TABLE).withSchema(schema) : trx(PROBE_TABLE));
      const row = await table().select('id').orderBy('id').first();
      if (row) await table().where({ id: row.id }).update({ key: trx.ref('key') });
      throw rollback;
    });
    return { ok: true };
  } catch (error) {
    if (error === rollback) return { ok: true };
    return { ok: false, cause: databaseUnavailableCause(error) ?? 'la base de données ne répond pas comme attendu', code: (error as any)?.code };
  }
}
