import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Core } from '@strapi/strapi';
import * as tar from 'tar';
import { BACKUP_FREQUENCIES } from '@mamoudzou/domain/settings';
import { currentSettings } from '../utils/services';
import { now } from '../utils/clock';
import Database from 'better-sqlite3';
import { copySqlite } from './sqlite-copy';
import { RUNS_TABLE } from './run-once';

/**
 * Backups of the database and the uploaded files, one .tar.gz each, in BACKUP_DIR (default
 * backend/backups, git-ignored), the newest BACKUP_KEEP (default 10) kept. SQLite is copied with
 * better-sqlite3's online backup API (a consistent copy while the backend keeps writing);
 * PostgreSQL with pg_dump (custom format, restored with pg_restore). The restore procedure:
 * docs/exploitation.md, « Restaurer une sauvegarde ».
 */

export interface BackupFile {
  name: string;
  size: number;
  createdAt: string;
}

const NAME = /^sauvegarde-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;
/**
 * A backup in progress works in a folder of its own in BACKUP_DIR (the database's copy, the archive being written),
 * named after its process: this machine (a hash of its name) and its pid. A process killed mid-way leaves it: the
 * next start removes it (removeInterruptedBackups).
 */
const STAGING = /^\.en-cours-([0-9a-f]{8})-(\d+)-[A-Za-z0-9]{6}$/;
/** What earlier versions' interrupted backups left: their folder, without its owner, and their archive beside it. */
const OLD_LEFTOVERS = [/^\.en-cours-[A-Za-z0-9]{6}$/, /^sauvegarde-\d{8}-\d{6}(-\d+)?\.tar\.gz\.part$/];
/** Another machine's folder this old is a backup that will never end (none takes a day). */
const FOREIGN_LEFTOVER_MS = 24 * 3600 * 1000;
const thisMachine = () => createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const DAY_MS = 24 * 3600 * 1000;
const PERIOD_DAYS: Record<(typeof BACKUP_FREQUENCIES)[number], number> = { daily: 1, weekly: 7, monthly: 30 };

/** A refusal the administrator can act on (pg_dump missing, folder not writable...), in French. */
export class BackupError extends Error {}

export function backupDir(strapi: Core.Strapi): string {
  const dir = process.env.BACKUP_DIR || 'backups';
  return path.isAbsolute(dir) ? dir : path.join(strapi.dirs.app.root, dir);
}

export function backupKeep(): number {
  const keep = Number(process.env.BACKUP_KEEP);
  return Number.isInteger(keep) && keep >= 1 ? keep : 10;
}

const uploadsDir = (strapi: Core.Strapi) => path.join(strapi.dirs.static.public, 'uploads');

/** A backup's file name, or undefined when `name` is not one (no path can be slipped in). */
export function backupPath(strapi: Core.Strapi, name: string): string | undefined {
  return NAME.test(name) ? path.join(backupDir(strapi), name) : undefined;
}

/** The backups, newest first. */
export async function listBackups(strapi: Core.Strapi): Promise<BackupFile[]> {
  const dir = backupDir(strapi);
  if (!existsSync(dir)) return [];
  const files: BackupFile[] = [];
  for (const name of await readdir(dir)) {
    if (!NAME.test(name)) continue;
    const info = await stat(path.join(dir, name));
    files.push({ name, size: info.size, createdAt: info.mtime.toISOString() });
  }
  return files.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

async function dumpDatabase(strapi: Core.Strapi, into: string): Promise<string> {
  const connection = strapi.config.get('database.connection') as { client: string; connection: { filename?: string; connectionString?: string } };
  if (connection.client === 'sqlite') {
    await copySqlite(connection.connection.filename!, path.join(into, 'database.sqlite'));
    forgetRunsIn(path.join(into, 'database.sqlite'));
    return 'database.sqlite';
  }
  if (connection.client === 'postgres') {
    try {
      await promisify(execFile)(process.env.PG_DUMP_PATH || 'pg_dump', ['--format=custom', '--no-owner', `--exclude-table-data=${RUNS_TABLE}`, `--file=${path.join(into, 'database.dump')}`, connection.connection.connectionString!], {
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        throw new BackupError("pg_dump est introuvable sur le serveur : installez le client PostgreSQL (paquet postgresql-client) ou indiquez son chemin dans PG_DUMP_PATH, puis relancez la sauvegarde.");
      }
      throw new BackupError(`pg_dump a échoué : ${((error as { stderr?: string }).stderr || (error as Error).message).trim().slice(0, 300)}`);
    }
    return 'database.dump';
  }
  throw new BackupError(`Base de données « ${connection.client} » : sauvegarde non prise en charge.`);
}

/**
 * The scheduled jobs' claims (run-once.ts) are this deployment's running state, not data: a base restored from a
 * backup starts without them, as a new installation would (its start then catches up the pruning at once).
 */
function forgetRunsIn(file: string) {
  const copy = new Database(file);
  try {
    const table = copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(RUNS_TABLE);
    if (table) copy.prepare(`DELETE FROM ${RUNS_TABLE}`).run();
  } finally {
    copy.close();
  }
}

let running: Promise<BackupFile> | undefined;

/** Makes one backup now (one at a time: a second call while one runs gets the same backup), then applies the retention. */
export function createBackup(strapi: Core.Strapi): Promise<BackupFile> {
  running ??= makeBackup(strapi).finally(() => (running = undefined));
  return running;
}

async function makeBackup(strapi: Core.Strapi): Promise<BackupFile> {
  const dir = backupDir(strapi);
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new BackupError(`Le dossier des sauvegardes ${dir} ne peut pas être créé : ${(error as Error).message}`);
  }
  const work = await mkdtemp(path.join(dir, `.en-cours-${thisMachine()}-${process.pid}-`));
  try {
    const at = new Date(now());
    const database = await dumpDatabase(strapi, work);
    const entries = [database, 'sauvegarde.json'];
    await writeFile(
      path.join(work, 'sauvegarde.json'),
      JSON.stringify({ createdAt: at.toISOString(), database: { client: strapi.config.get('database.connection.client'), file: database }, uploads: 'uploads/' }, null, 2),
    );
    // The uploads go in as uploads/ (a link followed while packing: nothing is copied first).
    const uploads = uploadsDir(strapi);
    if (existsSync(uploads)) {
      await symlink(uploads, path.join(work, 'uploads'), 'dir');
      entries.push('uploads');
    }
    let name = `sauvegarde-${stamp(at)}.tar.gz`;
    for (let i = 2; existsSync(path.join(dir, name)); i++) name = `sauvegarde-${stamp(at)}-${i}.tar.gz`;
    const target = path.join(dir, name);
    // Written in the work folder, so that whatever an interruption leaves is in that one folder.
    const partial = path.join(work, '.archive.part');
    await tar.c({ gzip: true, file: partial, cwd: work, follow: true, portable: true, filter: (entry) => !path.basename(entry).startsWith('.') }, entries);
    await rename(partial, target);
    await applyRetention(strapi);
    const info = await stat(target);
    return { name, size: info.size, createdAt: info.mtime.toISOString() };
  } finally {
    // The link to the uploads is removed, not followed; an unfinished archive goes with the folder.
    await rm(work, { recursive: true, force: true });
  }
}

const processRuns = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Start-up: removes what backups killed mid-way left in BACKUP_DIR (their work folder, a full copy of the database;
 * an earlier version's unfinished archive), and nothing else: a folder of this machine whose process is gone (no
 * backup runs yet in this one, whatever its pid), another machine's once a day old (BACKUP_DIR may be shared).
 */
export async function removeInterruptedBackups(strapi: Core.Strapi): Promise<string[]> {
  const dir = backupDir(strapi);
  if (!existsSync(dir)) return [];
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    const staging = STAGING.exec(name);
    let interrupted = OLD_LEFTOVERS.some((pattern) => pattern.test(name));
    if (staging) {
      const [, machine, pid] = staging;
      interrupted =
        machine === thisMachine()
          ? Number(pid) === process.pid || !processRuns(Number(pid))
          : Date.now() - (await stat(path.join(dir, name))).mtimeMs > FOREIGN_LEFTOVER_MS;
    }
    if (!interrupted) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  if (removed.length) strapi.log.warn(`backups: removed what interrupted backups left in ${dir}: ${removed.join(', ')}`);
  return removed;
}

/** Keeps the newest BACKUP_KEEP backups. */
async function applyRetention(strapi: Core.Strapi) {
  const backups = await listBackups(strapi);
  for (const old of backups.slice(backupKeep())) await rm(path.join(backupDir(strapi), old.name), { force: true });
}

/** Whether the settings' backupFrequency calls for a backup now (none yet, or the newest older than the period). */
export async function backupDue(strapi: Core.Strapi, at = new Date(now())): Promise<boolean> {
  const { backupFrequency } = await currentSettings(strapi);
  const [newest] = await listBackups(strapi);
  if (!newest) return true;
  // An hour's slack: a daily run at 02:30 is not skipped because yesterday's ended at 02:31.
  return at.getTime() - Date.parse(newest.createdAt) >= PERIOD_DAYS[backupFrequency] * DAY_MS - 3600 * 1000;
}

/** The last failure of a scheduled or requested backup (shown on the Intégrations page), cleared by a success. */
export const backupHealth: { lastError?: { at: string; message: string } } = {};

/** The daily job: a backup when the frequency calls for one. */
export async function backupIfDue(strapi: Core.Strapi) {
  if (!(await backupDue(strapi))) return undefined;
  return recordedBackup(strapi);
}

/** A backup whose failure is remembered for the status page. */
export async function recordedBackup(strapi: Core.Strapi) {
  try {
    const file = await createBackup(strapi);
    backupHealth.lastError = undefined;
    return file;
  } catch (error) {
    backupHealth.lastError = { at: new Date().toISOString(), message: (error as Error).message };
    throw error;
  }
}

export const backupStream = (file: string) => createReadStream(file);
