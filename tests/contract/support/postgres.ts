import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's PostgreSQL binaries (package postgresql), newest version first. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'postgres'))) return bin;
  }
  throw new Error('Serveur PostgreSQL introuvable : apt-get install -y postgresql');
}

export interface TemporaryPostgres {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL cluster on loopback for the contract tests (TEST_DB=postgres).
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` account.
 */
export async function startTemporaryPostgres(port: number): Promise<TemporaryPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const : [cmd, args] as const;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const [initCmd, initArgs] = run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const [pgCmd, pgArgs] = run(path.join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir]);
  const server: ChildProcess = spawn(pgCmd, pgArgs, { stdio: 'ignore' });

  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('PostgreSQL did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'backoffice'], { stdio: 'ignore' });

  return {
    url: `postgres://postgres@127.0.0.1:${port}/backoffice`,
    stop: async () => {
      // runuser does not pass signals on: ask pg_ctl, which signals the postmaster itself.
      const exited = server.exitCode !== null ? Promise.resolve() : new Promise((r) => server.once('exit', r));
      const [stopCmd, stopArgs] = run(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w']);
      try {
        execFileSync(stopCmd, stopArgs, { stdio: 'ignore' });
      } catch {
        server.kill('SIGKILL');
      }
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
