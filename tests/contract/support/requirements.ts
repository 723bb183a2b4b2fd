import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The servers some commands need beside Node, from Debian's packages (no npm package ships a PostgreSQL that runs
 * as root here, nor any Redis server): checked before anything starts, so that a machine without them is told in
 * one French sentence what to install instead of failing later on a missing binary.
 */
const POSTGRES_ROOT = '/usr/lib/postgresql';

export function postgresInstalled(): boolean {
  if (!existsSync(POSTGRES_ROOT)) return false;
  return readdirSync(POSTGRES_ROOT).some((version) => existsSync(path.join(POSTGRES_ROOT, version, 'bin', 'postgres')));
}

export function redisInstalled(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const install = (packages: string[]) => {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
};

/** Throws, with what to install, unless every server `command` needs is here. */
export function requireServers(command: string, needs: { postgres?: boolean; redis?: boolean }): void {
  const missing: { name: string; pkg: string }[] = [];
  if (needs.postgres && !postgresInstalled()) missing.push({ name: 'PostgreSQL', pkg: 'postgresql' });
  if (needs.redis && !redisInstalled()) missing.push({ name: 'Redis', pkg: 'redis-server' });
  if (!missing.length) return;
  const names = missing.map((m) => m.name).join(' et ');
  throw new Error(
    `${command} a besoin de ${names}, absent${missing.length > 1 ? 's' : ''} de cette machine. ` +
      `Installez ${missing.length > 1 ? 'les paquets' : 'le paquet'} Debian : ${install(missing.map((m) => m.pkg))}`,
  );
}
