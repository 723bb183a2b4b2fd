// Debian's PostgreSQL (package postgresql), run on loopback from a data folder of the caller's: the contract tests'
// throwaway clusters and `npm run cluster`'s own. PostgreSQL refuses to run as root: as root, the folder belongs to
// the `postgres` account and every command runs as it.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = '/usr/lib/postgresql';

/** The newest installed version's binaries, or undefined. */
export function postgresBinDir() {
  const versions = existsSync(ROOT) ? readdirSync(ROOT).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(ROOT, version, 'bin');
    if (existsSync(path.join(bin, 'postgres'))) return bin;
  }
  return undefined;
}

function binDir() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('Serveur PostgreSQL introuvable : apt-get install -y postgresql');
  return bin;
}

const asRoot = () => process.getuid?.() === 0;
/** The command line that runs `cmd` as the account PostgreSQL runs under. */
const as = (cmd, args) => (asRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function ownedByPostgres(dir) {
  if (!asRoot()) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
}

/**
 * A PostgreSQL server for `dir` (its data in dir/data, its socket in dir), listening on 127.0.0.1:`port`, with a
 * database `database`; the folder is initialised on first use. Answers its URL and what stops, kills or starts it
 * again on the same data (a restart, as an administrator or a crash would make one).
 */
export async function startPostgres({ dir, port, database = 'backoffice', log = 'ignore' }) {
  const bin = binDir();
  const dataDir = path.join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  ownedByPostgres(dir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const [cmd, args] = as(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    execFileSync(cmd, args, { stdio: 'ignore' });
  }
  let server;
  const launch = async () => {
    const [cmd, args] = as(path.join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir]);
    server = spawn(cmd, args, { stdio: ['ignore', log, log] });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
        return;
      } catch {
        if (server.exitCode !== null) throw new Error(`PostgreSQL ne démarre pas (code ${server.exitCode}) : voir ${dir}`);
        if (Date.now() > deadline) throw new Error('PostgreSQL ne répond pas après 30 s');
        await sleep(200);
      }
    }
  };
  const psql = (sql, db = 'postgres') =>
    execFileSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', db, '-tAc', sql], { encoding: 'utf8' }).trim();
  await launch();
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`) !== '1') {
    execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database], { stdio: 'ignore' });
  }

  const running = () => server && server.exitCode === null && server.signalCode === null;
  const stop = async () => {
    if (!running()) return;
    // runuser does not pass signals on: pg_ctl signals the postmaster itself.
    const exited = new Promise((r) => server.once('exit', r));
    const [cmd, args] = as(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w']);
    try {
      execFileSync(cmd, args, { stdio: 'ignore' });
    } catch {
      server.kill('SIGKILL');
    }
    await exited;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    /** pg_dump of this version (the backups need it). */
    pgDump: path.join(bin, 'pg_dump'),
    psql: (sql) => psql(sql, database),
    stop,
    /** Starts it again on the same data, after stop(). */
    start: async () => {
      if (!running()) await launch();
    },
  };
}
