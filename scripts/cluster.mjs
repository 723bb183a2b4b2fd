#!/usr/bin/env node
// `npm run cluster`: the production topology on this machine, from one command. PostgreSQL and Redis (Debian's
// servers, on loopback, in .cluster/), three backend instances in production mode on them, and HAProxy in front:
// the back-office and the API on one address. Installs the Debian packages it lacks when run as root (else says
// which), prints the address, and stops everything on Ctrl+C. docs/production.md says how the town runs the same.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from './cluster/topology.mjs';
import { freePort, portFree } from './servers/ports.mjs';
import { installOrRequire } from './servers/requirements.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(root, process.env.CLUSTER_DIR ?? '.cluster');
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
const adminEmail = process.env.FIRST_ADMIN_EMAIL ?? 'admin@mairie.test';
const say = (line) => console.log(`[cluster] ${line}`);

function fail(message) {
  console.error(`[cluster] ${message}`);
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) fail(`« ${command} ${args.join(' ')} » a échoué (code ${result.status}).`);
}

try {
  installOrRequire('npm run cluster', { postgres: true, redis: true, haproxy: true }, { log: say });
} catch (error) {
  fail(error.message);
}
if (!(await portFree(port))) fail(`Le port ${port} est déjà pris : choisissez-en un autre, par exemple CLUSTER_PORT=8081 npm run cluster.`);

say('Construction du backend…');
run('npm', ['--prefix', 'backend', 'run', 'build', '--silent']);
say('Construction du back-office pour la même adresse que l’API (VITE_API_URL=/)…');
const distDir = path.join(dir, 'www');
run('npx', ['vite', 'build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', distDir], { NODE_ENV: 'production', VITE_API_URL: '/', VITE_SOCKET_URL: '/' });

// No SMTP server given: MailDev on loopback, as `npm start` does; the first administrator's invitation lands there.
const mailEnv = {};
let mailCatcher;
let mailUrl;
if (!process.env.SMTP_HOST?.trim()) {
  const { MailDev } = await import('maildev');
  const smtp = await freePort();
  const web = Number(process.env.MAIL_CATCHER_WEB_PORT ?? 1081);
  const webPort = (await portFree(web)) ? web : await freePort();
  mailCatcher = new MailDev({ smtp, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, maxEmails: 500 });
  await mailCatcher.start();
  Object.assign(mailEnv, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp), SMTP_SECURE: 'false', SMTP_USER: '', SMTP_PASS: '' });
  mailUrl = `http://127.0.0.1:${webPort}`;
}

let cluster;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  say('Arrêt : HAProxy, les instances, Redis, PostgreSQL…');
  await cluster?.stop();
  await mailCatcher?.stop().catch(() => undefined);
  say('Tout est arrêté.');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  cluster = await startCluster({ dir, distDir, port, instances, env: { ...mailEnv, FIRST_ADMIN_EMAIL: adminEmail }, log: say });
} catch (error) {
  console.error(`[cluster] ${error.message}`);
  await stop(1);
}

console.log(`
  Back-office et API (HAProxy) : ${cluster.url}
  ${instances} instances du backend (NODE_ENV=production) : ${cluster.instances.map((i) => i.url).join(', ')}
  PostgreSQL : ${cluster.postgres.url}
  Redis : ${cluster.redis.url}
  État des instances vu par HAProxy : echo "show stat" | socat stdio ${path.join(dir, 'balancer', 'haproxy.sock')}
  Journaux : ${path.join(dir, 'logs')}
  ${mailUrl ? `E-mails envoyés (MailDev) : ${mailUrl}` : `E-mails : serveur SMTP ${process.env.SMTP_HOST}`}
${
  cluster.firstInstallation
    ? `
  Première installation : le compte administrateur ${adminEmail} a reçu une invitation.
  Ouvrez-la${mailUrl ? ` dans ${mailUrl}` : ''}, choisissez le mot de passe, puis connectez-vous sur ${cluster.url}.`
    : `
  Base existante (${path.join(dir, 'postgres')}) : connectez-vous avec vos comptes.`
}
  Ctrl+C arrête tout ; les données restent dans ${dir} (supprimez le dossier pour repartir de zéro).
`);
