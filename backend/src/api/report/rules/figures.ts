import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';
import Database from 'better-sqlite3';
import type { Period, ReportFigures } from '@mamoudzou/domain/figures';
import type { ReportStats } from '@mamoudzou/domain/stats';
import { onPostgres } from '../../../utils/database';
import { now as clockNow } from '../../../utils/clock';
import { REBUILD_AFTER_CHANGES, ReportFigureIndex, type FigureRow } from './figure-index';

/**
 * GET /api/reports/figures, computed at each call from every report's figure columns, which each
 * instance holds in memory (figure-index.ts) and brings up to date with the database before each answer.
 *
 * The database keeps a log of the reports written (`report_figure_changes`: one row per report
 * created, deleted, or changed in a column the figures read), filled by triggers in the writing
 * transaction itself, whoever writes: this instance, another one on the same PostgreSQL base, an
 * import by hand, a restored row. Before answering, an instance reads the log rows it has not seen and
 * reads those reports again (or forgets them, deleted): an answer holds every write committed before
 * the call, as a query over the reports would. It never waits for a message from another instance,
 * and nothing is kept across a restart but the log: a start loads every report once (in the
 * background, by pages), then follows the log.
 *
 * Which log rows are new: on SQLite, those after the last one read (one writer at a time: rows are
 * committed in the order of their numbers). On PostgreSQL a number may be committed after a larger one,
 * so each read also notes its snapshot (pg_current_snapshot) and the next one takes the rows numbered
 * beyond what it saw, plus those of the transactions that snapshot showed in progress.
 *
 * Measured on 50,000 reports (docs/performances.md, « Statistiques »): the SQL of each call used to cost about 3 s
 * (the backlog and the map read every report's wide row, a year's durations came back as 37,000 rows),
 * and reading only the needed columns through knex still cost about a second: the rows themselves are
 * the cost, and per-day aggregates do not remove them for medians (durations all differ, so fine
 * histograms per day hold about a row per report). Here a call costs a query of the log and one or two
 * milliseconds of arrays for a year.
 */

const REPORT = 'api::report.report';
export const FIGURE_CHANGES = 'report_figure_changes';
/** Triggers' and function's names carry a version: a new definition gets new names (CREATE … IF NOT EXISTS keeps existing ones), the older ones are dropped. */
const VERSION = 'v2';
const OLDER_VERSIONS = ['v1'];
const TRIGGER = `reports_figure_changes_${VERSION}`;
const PG_FUNCTION = `report_figure_change_${VERSION}`;
/**
 * What the figures and the dashboard's counts read of a report (figure-index.ts's FigureRow): a write that changes
 * none of them is not logged.
 */
const FIGURE_ATTRIBUTES = ['createdAt', 'closedAt', 'firstResponseAt', 'report_status', 'status', 'slaStatus', 'type', 'zone', 'service', 'priority', 'latitude', 'longitude'] as const;
/** Log rows are kept a day; an instance that could not read the log for 6 hours loads every report again. */
const LOG_KEPT_MS = 24 * 3600 * 1000;
const RELOAD_AFTER_MS = 6 * 3600 * 1000;
/** More changed reports than this at once (a bulk import): loading everything again is cheaper. */
const MAX_CATCH_UP = 5000;
const PAGE = 2000;
/** Reports read again one at a time between two yields (SQLite answers synchronously). */
const SOME_CHUNK = 200;
/** Idle instances follow the log in the background, and clear its old rows now and then. */
const FOLLOW_EVERY_MS = 30_000;
const CLEAR_EVERY_MS = 10 * 60_000;
/** Old log rows deleted per statement (a bulk import's thousands of rows, cleared a day later, in steps). */
const CLEAR_BATCH = 5000;
/** A built part older than this with writes pending is made again at the next follow (each call corrects with them). */
const REBUILD_PENDING_AFTER_MS = 5 * 60_000;

type Row = Record<string, any>;

function columnsOf(strapi: Core.Strapi) {
  const meta = strapi.db.metadata.get(REPORT as any);
  const col = (attribute: string) => (meta.attributes[attribute] as { columnName?: string })?.columnName ?? attribute;
  return { table: meta.tableName as string, col };
}

/**
 * Bootstrap (before anything writes a report): the log table and its triggers. A schema change that
 * rebuilds the reports table on SQLite drops its triggers: they are made again at each start.
 */
export async function ensureFigureChangeLog(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  const { table, col } = columnsOf(strapi);
  const columns = FIGURE_ATTRIBUTES.map(col);
  if (onPostgres(strapi)) {
    const changed = columns.map(() => 'OLD.?? IS DISTINCT FROM NEW.??').join(' OR ');
    await knex.transaction(async (trx) => {
      // Instances starting together make these one after the other.
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [FIGURE_CHANGES]);
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ?? (seq bigserial PRIMARY KEY, report_id integer NOT NULL, xid xid8 NOT NULL DEFAULT pg_current_xact_id(), changed_at timestamptz NOT NULL DEFAULT now())`,
        [FIGURE_CHANGES],
      );
      await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (xid)', [`${FIGURE_CHANGES}_xid_idx`, FIGURE_CHANGES]);
      await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (changed_at)', [`${FIGURE_CHANGES}_changed_at_idx`, FIGURE_CHANGES]);
      await trx.raw(
        `CREATE OR REPLACE FUNCTION ??() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF TG_OP = 'DELETE' THEN INSERT INTO ${FIGURE_CHANGES} (report_id) VALUES (OLD.id);
           ELSE INSERT INTO ${FIGURE_CHANGES} (report_id) VALUES (NEW.id);
           END IF;
           RETURN NULL;
         END $$`,
        [PG_FUNCTION],
      );
      for (const older of OLDER_VERSIONS) {
        for (const suffix of ['write', 'update']) await trx.raw('DROP TRIGGER IF EXISTS ?? ON ??', [`reports_figure_changes_${older}_${suffix}`, table]);
        await trx.raw('DROP FUNCTION IF EXISTS ??()', [`report_figure_change_${older}`]);
      }
      const present = new Set(
        ((await trx.raw('SELECT tgname FROM pg_trigger WHERE tgrelid = ?::regclass AND NOT tgisinternal', [table])).rows as { tgname: string }[]).map((r) => r.tgname),
      );
      if (!present.has(`${TRIGGER}_write`)) {
        await trx.raw(`CREATE TRIGGER ?? AFTER INSERT OR DELETE ON ?? FOR EACH ROW EXECUTE FUNCTION ??()`, [`${TRIGGER}_write`, table, PG_FUNCTION]);
      }
      if (!present.has(`${TRIGGER}_update`)) {
        await trx.raw(`CREATE TRIGGER ?? AFTER UPDATE OF ${columns.map(() => '??').join(', ')} ON ?? FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ??()`, [
          `${TRIGGER}_update`,
          ...columns,
          table,
          ...columns.flatMap((c) => [c, c]),
          PG_FUNCTION,
        ]);
      }
    });
    return;
  }
  const changed = columns.map(() => 'old.?? IS NOT new.??').join(' OR ');
  const now = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
  await knex.transaction(async (trx) => {
    // AUTOINCREMENT: a number is never given twice, even once the oldest rows are cleared.
    await trx.raw(`CREATE TABLE IF NOT EXISTS ?? (seq INTEGER PRIMARY KEY AUTOINCREMENT, report_id INTEGER NOT NULL, changed_at INTEGER NOT NULL DEFAULT (${now}))`, [FIGURE_CHANGES]);
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (changed_at)', [`${FIGURE_CHANGES}_changed_at_idx`, FIGURE_CHANGES]);
    for (const older of OLDER_VERSIONS) for (const suffix of ['ai', 'ad', 'au']) await trx.raw('DROP TRIGGER IF EXISTS ??', [`reports_figure_changes_${older}_${suffix}`]);
    const log = (ref: 'new' | 'old') => `INSERT INTO ${FIGURE_CHANGES} (report_id) VALUES (${ref}.id)`;
    await trx.raw(`CREATE TRIGGER IF NOT EXISTS ?? AFTER INSERT ON ?? BEGIN ${log('new')}; END`, [`${TRIGGER}_ai`, table]);
    await trx.raw(`CREATE TRIGGER IF NOT EXISTS ?? AFTER DELETE ON ?? BEGIN ${log('old')}; END`, [`${TRIGGER}_ad`, table]);
    await trx.raw(`CREATE TRIGGER IF NOT EXISTS ?? AFTER UPDATE OF ${columns.map(() => '??').join(', ')} ON ?? WHEN ${changed} BEGIN ${log('new')}; END`, [
      `${TRIGGER}_au`,
      ...columns,
      table,
      ...columns.flatMap((c) => [c, c]),
    ]);
  });
}

/** How far into the log an instance has read: the largest number, and on PostgreSQL the transactions then in progress. */
interface Position {
  seq: number;
  inProgress: string[];
}

/** Where an instance reads the log and the reports' figure columns. */
interface Source {
  position(): Promise<Position>;
  /** The reports of the log rows after `from` (at most MAX_CATCH_UP + 1 rows), and the position after them. */
  changes(from: Position): Promise<{ ids: number[]; rows: number; position: Position }>;
  page(afterId: number): Promise<FigureRow[]>;
  some(ids: number[]): Promise<FigureRow[]>;
  close(): void;
}

/** An instance's copy: the index, and how far into the log it has read. */
interface Follower {
  source?: Source;
  index: ReportFigureIndex;
  loaded: boolean;
  position: Position;
  /** When the log was last read completely (Date.now()). */
  readAt: number;
  clearedAt: number;
  /** When the index's built part was last made. */
  builtAt: number;
  rebuilding?: Promise<void>;
  running?: Promise<void>;
  queued?: Promise<void>;
  timer?: NodeJS.Timeout;
}

let follower: Follower | undefined;

const time = (value: unknown): number => {
  if (value === null || value === undefined) return NaN;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  const text = String(value);
  return /^\d+$/.test(text) ? Number(text) : Date.parse(text);
};
const number = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const rowOf = (r: Row): FigureRow => ({
  id: Number(r.id),
  createdAt: time(r.createdAt),
  closedAt: time(r.closedAt),
  firstResponseAt: time(r.firstResponseAt),
  reportStatus: r.reportStatus ?? null,
  legacyStatus: r.legacyStatus ?? null,
  slaStatus: r.slaStatus ?? null,
  type: r.type ?? null,
  zone: r.zone ?? null,
  service: r.service ?? null,
  priority: r.priority ?? null,
  latitude: number(r.latitude),
  longitude: number(r.longitude),
});

/** The figure columns as `alias: column` (FigureRow's names). */
function figureColumns(strapi: Core.Strapi) {
  const { table, col } = columnsOf(strapi);
  const alias = (attribute: string) => (attribute === 'report_status' ? 'reportStatus' : attribute === 'status' ? 'legacyStatus' : attribute);
  return { table, columns: { id: 'id', ...Object.fromEntries(FIGURE_ATTRIBUTES.map((attribute) => [alias(attribute), col(attribute)])) } as Record<string, string> };
}

/** A snapshot's text is `xmin:xmax:xip,…`: the transactions in progress. */
const inProgressOf = (snapshot: string) => (snapshot.split(':')[2] ?? '').split(',').filter(Boolean);

/**
 * PostgreSQL: through the pool (a write in progress holds one connection, not the others). A log
 * number may be committed after a larger one: each read notes its snapshot, and the next takes the
 * numbers beyond the largest it saw plus the rows of the transactions that snapshot showed in progress.
 */
function postgresSource(strapi: Core.Strapi): Source {
  const knex = strapi.db.connection;
  const { table, columns } = figureColumns(strapi);
  return {
    async position() {
      const { rows } = await knex.raw(`SELECT pg_current_snapshot()::text AS snapshot, (SELECT COALESCE(MAX(seq), 0) FROM ??) AS seq`, [FIGURE_CHANGES]);
      return { seq: Number(rows[0].seq), inProgress: inProgressOf(rows[0].snapshot) };
    },
    async changes(from) {
      // One statement: the snapshot noted is the one the rows were read in.
      const { rows } = await knex.raw(
        `SELECT pg_current_snapshot()::text AS snapshot, l.seq, l.report_id
           FROM (SELECT 1) AS one
           LEFT JOIN ?? AS l ON l.seq > ? OR l.xid = ANY(?::xid8[])
          ORDER BY l.seq LIMIT ?`,
        [FIGURE_CHANGES, from.seq, from.inProgress, MAX_CATCH_UP + 1],
      );
      const found = (rows as Row[]).filter((r) => r.seq !== null);
      return {
        ids: found.map((r) => Number(r.report_id)),
        rows: found.length,
        position: { seq: found.reduce((max, r) => Math.max(max, Number(r.seq)), from.seq), inProgress: inProgressOf(rows[0].snapshot) },
      };
    },
    page: async (afterId) => ((await knex(table).select(columns).where('id', '>', afterId).orderBy('id').limit(PAGE)) as Row[]).map(rowOf),
    async some(ids) {
      const rows: FigureRow[] = [];
      for (let i = 0; i < ids.length; i += 500) rows.push(...((await knex(table).select(columns).whereIn('id', ids.slice(i, i + 500))) as Row[]).map(rowOf));
      return rows;
    },
    close: () => undefined,
  };
}

/**
 * SQLite: a read-only connection of its own. The backend's single connection is held by a write for
 * its whole transaction; read beside it, a call sees what is committed instead of waiting for the
 * write to end. One writer at a time: log rows are committed in the order of their numbers.
 */
function sqliteSource(strapi: Core.Strapi): Source {
  const filename = (strapi.config.get('database.connection') as { connection: { filename: string } }).connection.filename;
  const db = new Database(filename, { readonly: true, fileMustExist: true });
  const { table, columns } = figureColumns(strapi);
  const select = Object.entries(columns)
    .map(([alias, column]) => `"${column}" AS "${alias}"`)
    .join(', ');
  const top = db.prepare(`SELECT COALESCE(MAX(seq), 0) AS seq FROM "${FIGURE_CHANGES}"`);
  const after = db.prepare(`SELECT seq, report_id FROM "${FIGURE_CHANGES}" WHERE seq > ? ORDER BY seq LIMIT ?`);
  const page = db.prepare(`SELECT ${select} FROM "${table}" WHERE id > ? ORDER BY id LIMIT ?`);
  const one = db.prepare(`SELECT ${select} FROM "${table}" WHERE id = ?`);
  return {
    position: async () => ({ seq: Number((top.get() as Row).seq), inProgress: [] }),
    async changes(from) {
      const rows = after.all(from.seq, MAX_CATCH_UP + 1) as Row[];
      return { ids: rows.map((r) => Number(r.report_id)), rows: rows.length, position: { seq: rows.length ? Number(rows[rows.length - 1].seq) : from.seq, inProgress: [] } };
    },
    page: async (afterId) => (page.all(afterId, PAGE) as Row[]).map(rowOf),
    async some(ids) {
      const rows: FigureRow[] = [];
      for (let i = 0; i < ids.length; i += SOME_CHUNK) {
        if (i > 0) await yieldToEventLoop();
        for (const id of ids.slice(i, i + SOME_CHUNK)) {
          const row = one.get(id) as Row | undefined;
          if (row) rows.push(rowOf(row));
        }
      }
      return rows;
    },
    close: () => db.close(),
  };
}

/**
 * Every report read again, into a new index that replaces the old one once built. Pages are read one after the
 * other and the index is built in steps, each a few milliseconds at 500,000 reports: calls and writes go on between
 * them (the old index answers meanwhile; the first load's callers wait for it).
 */
async function loadAll(source: Source, state: Follower) {
  const startedAt = Date.now();
  // The log's position first: whatever is written while the pages are read is read again afterwards.
  const position = await source.position();
  const index = new ReportFigureIndex();
  for (let afterId = 0; ; ) {
    const page = await source.page(afterId);
    for (const row of page) index.upsert(row);
    if (page.length < PAGE) break;
    afterId = page[page.length - 1].id;
    await yieldToEventLoop();
  }
  await index.rebuild(yieldToEventLoop);
  Object.assign(state, { index, loaded: true, position, readAt: startedAt, builtAt: Date.now() });
}

/** The index's built part made again in the background when enough writes have come since (or long enough ago). */
function rebuildIfDue(strapi: Core.Strapi, state: Follower) {
  const pending = state.index.pendingChanges;
  if (pending === 0 || state.rebuilding) return;
  if (pending < REBUILD_AFTER_CHANGES && Date.now() - state.builtAt < REBUILD_PENDING_AFTER_MS) return;
  const index = state.index;
  state.rebuilding = index
    .rebuild(yieldToEventLoop)
    .then(() => {
      if (state.index === index) state.builtAt = Date.now();
    })
    .catch((error) => {
      strapi.log.warn(`figures: reconstruction de l'index impossible pour le moment (${error?.message ?? error})`);
    })
    .finally(() => (state.rebuilding = undefined));
}

async function catchUp(strapi: Core.Strapi, state: Follower) {
  const source = (state.source ??= onPostgres(strapi) ? postgresSource(strapi) : sqliteSource(strapi));
  if (!state.loaded || Date.now() - state.readAt > RELOAD_AFTER_MS) await loadAll(source, state);
  const startedAt = Date.now();
  const changes = await source.changes(state.position);
  if (changes.rows > MAX_CATCH_UP) {
    await loadAll(source, state);
    return catchUp(strapi, state);
  }
  // Read first, applied at once: a call never sees half of a catch-up.
  const ids = [...new Set(changes.ids)];
  const rows = ids.length ? await source.some(ids) : [];
  const found = new Set(rows.map((r) => r.id));
  for (const row of rows) state.index.upsert(row);
  for (const id of ids) if (!found.has(id)) state.index.remove(id);
  Object.assign(state, { position: changes.position, readAt: startedAt });
  rebuildIfDue(strapi, state);
}

/**
 * The index with every write committed before this call. Calls made while a catch-up runs wait for
 * the next one (the running one may have read the log before their write).
 */
function upToDate(strapi: Core.Strapi): Promise<ReportFigureIndex> {
  const state = (follower ??= { index: new ReportFigureIndex(), loaded: false, position: { seq: 0, inProgress: [] }, readAt: 0, clearedAt: Date.now(), builtAt: 0 });
  const run = (): Promise<void> => {
    state.running = catchUp(strapi, state).finally(() => (state.running = undefined));
    return state.running;
  };
  if (!state.running) return run().then(() => state.index);
  state.queued ??= state.running
    .catch(() => undefined)
    .then(() => {
      state.queued = undefined;
      return run();
    });
  return state.queued.then(() => state.index);
}

export async function reportFigures(strapi: Core.Strapi, period: Period): Promise<ReportFigures> {
  const index = await upToDate(strapi);
  return index.figures(period, clockNow());
}

/**
 * The dashboard's counts over every report (GET /api/reports/stats without a creation range), from the same index:
 * every write committed before the call is counted, without a grouped count over the table (at 500,000 reports,
 * four of them held the event loop 100-180 ms each after every write).
 */
export async function reportStats(strapi: Core.Strapi, weeks: Date[] = []): Promise<ReportStats> {
  const index = await upToDate(strapi);
  return index.stats(weeks);
}

/** Log rows older than a day: every instance has read them (or will load everything again). Deleted in batches. */
async function clearOldChanges(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  const old = () =>
    onPostgres(strapi)
      ? knex(FIGURE_CHANGES).select('seq').whereRaw(`changed_at < now() - interval '1 day'`).orderBy('seq').limit(CLEAR_BATCH)
      : knex(FIGURE_CHANGES).select('seq').where('changed_at', '<', Date.now() - LOG_KEPT_MS).orderBy('seq').limit(CLEAR_BATCH);
  for (;;) {
    const removed = await knex(FIGURE_CHANGES).whereIn('seq', old()).delete();
    if (removed < CLEAR_BATCH) break;
    await yieldToEventLoop();
  }
}

/** After the bootstrap: every report loaded in the background (the first call waits for it), then the log followed. */
export function startReportFigures(strapi: Core.Strapi) {
  upToDate(strapi).catch((error) => strapi.log.warn(`figures: chargement des signalements impossible pour le moment (${error?.message ?? error})`));
  const state = follower!;
  state.timer = setInterval(() => {
    upToDate(strapi)
      .then(async () => {
        if (Date.now() - state.clearedAt < CLEAR_EVERY_MS) return;
        state.clearedAt = Date.now();
        await clearOldChanges(strapi);
      })
      .catch((error) => strapi.log.warn(`figures: lecture du journal des signalements impossible pour le moment (${error?.message ?? error})`));
  }, FOLLOW_EVERY_MS);
  state.timer.unref();
}

export function stopReportFigures() {
  if (follower?.timer) clearInterval(follower.timer);
  follower?.source?.close();
  follower = undefined;
}
