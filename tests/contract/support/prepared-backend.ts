import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { DEMO_ACCOUNTS, logIn } from './api';
import { assertNoJournal, freePort, startBackend, type RunningBackend } from './backend-server';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
// The backend's own knex and drivers, to write rows as an older version, an import or a restore would leave them.
const knexFactory = createRequire(path.join(backendDir, 'package.json'))('knex');

export interface PreparedBackend {
  backend: RunningBackend;
  /** The database's knex connection settings (client 'pg' or 'better-sqlite3'). */
  connection: Record<string, unknown>;
  postgres: boolean;
  /** The admin's JWT on this backend. */
  adminToken: string;
  /** Work on the database with a knex of its own, closed afterwards. */
  withKnex<T>(work: (knex: any) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Writes to `file` a SQLite database as a backend's first start leaves it (the schema and its indexes, the roles and
 * permissions, no demo data): a copy of the one such start of this run, made by the first file that asks.
 * The same start made again would leave the same database; it costs a backend start each time.
 */
export async function firstStartDatabase(file: string): Promise<void> {
  const made = path.join(inject('runDir'), 'first-start.db');
  if (!existsSync(made)) {
    const making = `${made}.${process.pid}`;
    const first = await startBackend({ sqliteFile: making, build: false, seed: false });
    await first.stop();
    assertNoJournal(making);
    renameSync(making, made);
  }
  copyFileSync(made, file);
}

/**
 * Start options for a backend of a file's own that needs the demo data: on SQLite its database begins as a copy of
 * the run's seeded one (made once by the global set-up), a restart's cost instead of a first start's; on PostgreSQL,
 * nothing (a first start seeds it). Only for the first start on a database: a restart must not copy it again.
 */
export function seededCopy(): { from?: string } {
  const file = inject('seededDatabase');
  return file ? { from: file } : {};
}

/**
 * A backend of its own on a fresh database (SQLite, or PostgreSQL with TEST_DB=postgres): a first start
 * makes the schema (on SQLite, a copy of the run's first start: firstStartDatabase), `writeBehind` then writes
 * to the database without the backend, and a second start (seeding the accounts; demo reports only if the
 * table is empty) serves it.
 */
export async function startPreparedBackend(name: string, writeBehind: (knex: any, postgres: boolean) => Promise<void>): Promise<PreparedBackend> {
  let pg: TemporaryPostgres | undefined;
  let dir: string | undefined;
  let where: { postgresUrl: string } | { sqliteFile: string };
  let connection: Record<string, unknown>;
  if (inject('backendDatabase') === 'postgres') {
    pg = await startTemporaryPostgres(await freePort());
    where = { postgresUrl: pg.url };
    connection = { client: 'pg', connection: pg.url };
  } else {
    dir = mkdtempSync(path.join(tmpdir(), `backoffice-${name}-`));
    where = { sqliteFile: path.join(dir, 'data.db') };
    connection = { client: 'better-sqlite3', connection: { filename: where.sqliteFile }, useNullAsDefault: true };
  }
  const withKnex = async <T>(work: (knex: any) => Promise<T>): Promise<T> => {
    const knex = knexFactory(connection);
    try {
      return await work(knex);
    } finally {
      await knex.destroy();
    }
  };
  let backend: RunningBackend | undefined;
  const stop = async () => {
    await backend?.stop();
    await pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    if ('sqliteFile' in where) await firstStartDatabase(where.sqliteFile);
    else await (await startBackend({ ...where, build: false, seed: false })).stop();
    await withKnex((knex) => writeBehind(knex, Boolean(pg)));
    backend = await startBackend({ ...where, build: false, seed: true });
    const adminToken = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: backend.url });
    return { backend, connection, postgres: Boolean(pg), adminToken, withKnex, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface SharedBase {
  /** Start options of the first instance (on SQLite, its database begins as a copy of the run's seeded one). */
  first: { postgresUrl?: string; sqliteFile?: string; from?: string };
  /** Start options of every other instance on the same base. */
  next: { postgresUrl?: string; sqliteFile?: string };
  remove(): Promise<void>;
}

/**
 * One base for several backend instances, of the run's kind: a PostgreSQL cluster of its own with TEST_DB=postgres,
 * else one SQLite file the instances share (as two processes on one machine would). What the instances must not do
 * twice (send a mail, a reminder) is proved on the database the run is about, without asking for PostgreSQL where
 * the run is on SQLite.
 */
export async function sharedBase(name: string): Promise<SharedBase> {
  if (inject('backendDatabase') === 'postgres') {
    const pg = await startTemporaryPostgres(await freePort());
    return { first: { postgresUrl: pg.url }, next: { postgresUrl: pg.url }, remove: () => pg.stop() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `backoffice-${name}-`));
  const sqliteFile = path.join(dir, 'data.db');
  return { first: { sqliteFile, ...seededCopy() }, next: { sqliteFile }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}
