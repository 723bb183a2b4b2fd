import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKEND_HEAP_FLAG } from '../../../backend/scripts/heap.mjs';
import { freePort } from '../../../scripts/servers/ports.mjs';
import { startTemporaryPostgres, type TemporaryPostgres } from './postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const backendDir = path.join(repoRoot, 'backend');

// One picker of loopback ports for the tests and the scripts that start servers (PORT_RANGE gives each user of a
// shared machine their own).
export { freePort };

/** Throws if a stopped backend left a journal beside its SQLite file: it would hold a write that copies of the file lack. */
export function assertNoJournal(file: string): void {
  if (existsSync(`${file}-journal`) || existsSync(`${file}-wal`)) throw new Error(`${file}: the backend left a journal`);
}

export interface RunningBackend {
  url: string;
  database: 'sqlite' | 'postgres';
  /** Where it keeps its files (uploads/): its own, never the checkout's backend/public. */
  publicDir: string;
  stop: () => Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash or a power cut would; stop() still cleans up. */
  kill: () => Promise<void>;
  /** Whether the process still runs. */
  alive: () => boolean;
  /** What it wrote so far on stdout and stderr (empty with `log: true`, which lets it write to the terminal). */
  output: () => string;
}

export interface StartOptions {
  /** Seed the demo data (accounts, reports, ...). Default true. */
  seed?: boolean;
  /** sqlite (default) or postgres; TEST_DB=postgres selects postgres too. */
  database?: 'sqlite' | 'postgres';
  /**
   * Build backend/ with tsc first. Default true, except for this checkout's backend/ when BACKEND_BUILT=1 says it is
   * built already (`npm test` builds it once, before the runs that start backends).
   */
  build?: boolean;
  log?: boolean;
  /** Extra environment for the backend (e.g. SEED_BULK_REPORTS). */
  env?: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
  /** Use this PostgreSQL database instead of starting a throwaway cluster (several instances, one base). */
  postgresUrl?: string;
  /** Use this SQLite file, left in place on stop, instead of a throwaway one (a restart on the same base). */
  sqliteFile?: string;
  /**
   * On SQLite, start from a copy of this database file (the run's seeded one: see seededCopy) instead of an
   * empty one: a restart's cost instead of a first start's (the schema, the demo data and its pictures).
   */
  from?: string;
  /** Build and start the backend of another checkout (its backend/ folder) than this one. */
  appDir?: string;
  /** Its public folder (PUBLIC_DIR, with uploads/): by default one that goes with its database (publicDirOf). */
  publicDir?: string;
}

/**
 * The public folder (the uploaded files) that goes with a database: beside a SQLite file (a restart on the same
 * file finds its files; `from` copies both), one per PostgreSQL base (several instances on one base share their
 * files, as they would on shared storage). Test backends never write into the checkout's backend/public, which
 * `npm start` serves: a whole run used to leave some 50 MB of test files there, and each backup packed them all.
 */
export function publicDirOf(database: { sqliteFile?: string; postgresUrl?: string }): string | undefined {
  if (database.sqliteFile) return `${database.sqliteFile}.public`;
  if (database.postgresUrl) return path.join(tmpdir(), `backoffice-public-${createHash('sha256').update(database.postgresUrl).digest('hex').slice(0, 16)}`);
  return undefined;
}

/**
 * Starts the real backend on a free port and a throwaway database, and waits for /_health.
 * Contract and end-to-end tests use it; nothing is shared with a developer's backend/.tmp.
 */
export async function startBackend(options: StartOptions = {}): Promise<RunningBackend> {
  const database = options.postgresUrl ? 'postgres' : options.sqliteFile ? 'sqlite' : (options.database ?? (process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'));
  const appDir = options.appDir ?? backendDir;
  const build = options.build ?? !(process.env.BACKEND_BUILT === '1' && appDir === backendDir);
  if (build) execFileSync('npm', ['run', 'build', '--silent'], { cwd: appDir, stdio: 'inherit' });

  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-backend-'));
  let postgres: TemporaryPostgres | undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    STRAPI_TELEMETRY_DISABLED: 'true',
    // Production never holds demo data: a backend with the demo accounts runs as a test one. Without them it runs
    // as in production, allowed to create its throwaway database.
    ...(options.seed === false ? { NODE_ENV: 'production', DATABASE_CREATE: 'true' } : { NODE_ENV: 'test' }),
    STRAPI_LOG_LEVEL: 'warn',
    // Tests log in far more often than people do.
    AUTH_RATE_LIMIT_MAX: '100000',
    // Backups go to the throwaway folder, never to backend/backups.
    BACKUP_DIR: path.join(dir, 'backups'),
    ...options.env,
  };
  if (database === 'postgres') {
    if (!options.postgresUrl) postgres = await startTemporaryPostgres(await freePort());
    Object.assign(env, { DATABASE_CLIENT: 'postgres', DATABASE_URL: options.postgresUrl ?? postgres!.url });
  } else {
    const file = options.sqliteFile ?? path.join(dir, 'data.db');
    if (options.from) copyFileSync(options.from, file);
    Object.assign(env, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file });
  }
  const publicDir = options.publicDir ?? publicDirOf(options) ?? path.join(dir, 'public');
  // The demo data's pictures come with a copy of the seeded database.
  const seededFiles = options.from && publicDirOf({ sqliteFile: options.from });
  if (seededFiles && existsSync(seededFiles) && !existsSync(publicDir)) cpSync(seededFiles, publicDir, { recursive: true });
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  env.PUBLIC_DIR = publicDir;

  // The heap capped as in production: the bench's memory figures are the town's.
  const child: ChildProcess = spawn(process.execPath, [BACKEND_HEAP_FLAG, path.join(appDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
    cwd: appDir,
    env,
    stdio: options.log ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const url = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (!running()) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const stop = async () => {
    if (running()) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 170_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The backend exited (${child.exitCode}):\n${output.slice(-4000)}`);
    }
    try {
      const res = await fetch(`${url}/_health`);
      if (res.status === 204) return { url, database, publicDir, stop, kill, alive: running, output: () => output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The backend did not answer /_health in time:\n${output.slice(-4000)}`);
}
