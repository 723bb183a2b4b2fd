// The servers some commands need beside Node, from Debian's packages (no npm package ships a PostgreSQL that runs
// as root here, nor a Redis server, nor a load balancer): checked before anything starts, so that a machine without
// them is told in one French sentence what to install instead of failing later on a missing binary.
import { execFileSync } from 'node:child_process';
import { postgresBinDir } from './postgres.mjs';

const runs = (command, args) => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Each server: its name, its Debian package, whether it is here. */
export const SERVERS = {
  postgres: { name: 'PostgreSQL', pkg: 'postgresql', installed: () => postgresBinDir() !== undefined },
  redis: { name: 'Redis', pkg: 'redis-server', installed: () => runs('redis-server', ['--version']) },
  haproxy: { name: 'HAProxy', pkg: 'haproxy', installed: () => runs('haproxy', ['-v']) },
};

/** The packages of `needs` that are missing. */
export function missingServers(needs) {
  return Object.entries(SERVERS)
    .filter(([key, server]) => needs[key] && !server.installed())
    .map(([, server]) => server);
}

const installLine = (packages) => {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
};

/** The French sentence that says what `command` lacks and how to install it. */
export function missingMessage(command, missing) {
  const names = missing.map((m) => m.name).join(' et ');
  return (
    `${command} a besoin de ${names}, absent${missing.length > 1 ? 's' : ''} de cette machine. ` +
    `Installez ${missing.length > 1 ? 'les paquets' : 'le paquet'} Debian : ${installLine(missing.map((m) => m.pkg))}`
  );
}

/** Throws, with what to install, unless every server `command` needs is here. */
export function requireServers(command, needs) {
  const missing = missingServers(needs);
  if (missing.length) throw new Error(missingMessage(command, missing));
}

/**
 * As root on Debian, installs what is missing (apt-get, without the packages' recommendations); otherwise throws the
 * French sentence that names the packages to install.
 */
export function installOrRequire(command, needs, { log = console.log } = {}) {
  const missing = missingServers(needs);
  if (!missing.length) return;
  const canInstall = process.getuid?.() === 0 && runs('apt-get', ['--version']);
  if (!canInstall) throw new Error(missingMessage(command, missing));
  const packages = missing.map((m) => m.pkg);
  log(`Installation des paquets Debian manquants : ${packages.join(' ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  requireServers(command, needs);
}
