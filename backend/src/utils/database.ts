import type { Core } from '@strapi/strapi';

/** Whether the backend runs on PostgreSQL (else SQLite, the embedded default). */
export const onPostgres = (strapi: Core.Strapi): boolean => strapi.db.dialect.client === 'postgres';

/**
 * A column in SQL that must not pick an index of its own: on SQLite with a unary `+`, the documented way to keep the
 * planner off that column's indexes (without statistics it prefers an index on an equality, even one that matches
 * half of the table, to a small partial index); PostgreSQL weighs them by its statistics.
 */
export const unindexed = (strapi: Core.Strapi, column: string): string => (onPostgres(strapi) ? `"${column}"` : `+"${column}"`);

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
    if (['SQLITE_IOERR_READ', 'SQLITE_IOERR_SHORT_READ'].includes(code) || code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB')) {
      return 'le fichier de la base de données ne peut pas être lu';
    }
    // CANTOPEN during a write: SQLite could not make its journal beside the file.
    if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code === '58030') {
      return "la base de données refuse l'écriture (fichier ou dossier protégé, ou disque défaillant)";
    }
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('08')) {
      return 'le serveur de la base de données ne répond pas';
    }
    if (current.name === 'KnexTimeoutError' || /Timeout acquiring a connection/i.test(message)) return 'le serveur de la base de données ne répond pas';
  }
  return undefined;
}

/** The driver's code of a database error (SQLITE_IOERR_WRITE, 53100...), from the error or one of its causes. */
function databaseErrorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let current: any = error; current && typeof current === 'object' && !seen.has(current); current = current.cause) {
    seen.add(current);
    if (current.code) return String(current.code);
  }
  return undefined;
}

const TABLE_OF_STATEMENT = /\b(?:insert\s+into|update|delete\s+from|from|into)\s+(?:[`"]?\w+[`"]?\.)?[`"]?(\w+)/i;

/**
 * A database error in one line a log may keep: its code and the table of the failed statement, never the
 * statement itself nor its values (a citizen's words, an e-mail address). e.g. "SQLITE_IOERR_WRITE on reports".
 */
export function databaseErrorSummary(error: unknown): string {
  const code = databaseErrorCode(error) ?? (error as { name?: string })?.name ?? 'erreur';
  const sql = String((error as { sql?: string })?.sql ?? (error as Error)?.message ?? '');
  const table = TABLE_OF_STATEMENT.exec(sql)?.[1] ?? /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i.exec(sql)?.[1]?.toUpperCase();
  return table ? `${code} on ${table}` : code;
}
