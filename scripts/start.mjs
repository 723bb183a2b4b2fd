#!/usr/bin/env node
// `npm start`: builds and starts the Strapi backend on :1337, builds the SPA and serves it on :5173 with the
// backend's routes on the same address (vite.config.ts, `preview.proxy`: no CORS preflight), then prints the
// address and the demo accounts. Ctrl+C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { BACKEND_HEAP_FLAG } from '../backend/scripts/heap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const backendPort = process.env.PORT ?? '1337';
const backendUrl = `http://localhost:${backendPort}`;
const spaPort = process.env.SPA_PORT ?? '5173';
const children = [];
let mailCatcher = null;

function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${command} ${args.join(' ')} exited (${signal ?? code}); stopping.`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  mailCatcher?.stop().catch(() => undefined);
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitForBackend(timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${backendUrl}/_health`);
      if (res.status === 204 || res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

// No SMTP server given: MailDev (a well-kept npm mail catcher) on loopback, and the backend sends to it.
const backendEnv = { ...process.env, APP_URL: process.env.APP_URL ?? `http://localhost:${spaPort}` };
let mailCatcherUrl = null;
if (!process.env.SMTP_HOST?.trim()) {
  try {
    const { MailDev } = await import('maildev');
    const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025);
    const webPort = Number(process.env.MAIL_CATCHER_WEB_PORT ?? 1080);
    mailCatcher = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, maxEmails: 500 });
    await mailCatcher.start();
    Object.assign(backendEnv, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false' });
    delete backendEnv.SMTP_USER;
    delete backendEnv.SMTP_PASS;
    mailCatcherUrl = `http://localhost:${webPort}`;
  } catch (error) {
    console.warn(`Récepteur d'e-mails local non démarré (${error.message}) : les e-mails attendront dans la file d'envoi.`);
    mailCatcher = null;
  }
}

// The backend's `start` builds it first, then starts it with its heap capped; BACKEND_BUILT=1 says a caller built it
// already (`npm test`'s end-to-end run), and the cap is given here.
if (process.env.BACKEND_BUILT === '1') {
  run('npm', ['--prefix', 'backend', 'run', 'strapi', '--', 'start'], { env: { ...backendEnv, NODE_OPTIONS: `${BACKEND_HEAP_FLAG} ${backendEnv.NODE_OPTIONS ?? ''}`.trim() } });
} else {
  run('npm', ['--prefix', 'backend', 'start'], { env: backendEnv });
}

const hasSpa = existsSync(path.join(root, 'index.html')) && existsSync(path.join(root, 'node_modules/.bin/vite'));
if (hasSpa) {
  // The SPA is always built for production (React's production build), whatever NODE_ENV the backend runs under;
  // for its own address unless told otherwise (VITE_API_URL, VITE_SOCKET_URL): its server passes the API through.
  const sameOrigin = { VITE_API_URL: process.env.VITE_API_URL ?? '/', VITE_SOCKET_URL: process.env.VITE_SOCKET_URL ?? process.env.VITE_API_URL ?? '/' };
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit', cwd: root, env: { ...process.env, ...sameOrigin, NODE_ENV: 'production' } });
  if (build.status !== 0) {
    console.error('La construction du back-office a échoué.');
    stop(1);
  } else {
    run('npx', ['vite', 'preview', '--port', spaPort, '--strictPort'], { env: { ...process.env, BACKEND_URL: backendUrl } });
  }
}

if (await waitForBackend()) {
  console.log(`
  Backend Strapi prêt : ${backendUrl}/api${hasSpa ? ` (et par le back-office : http://localhost:${spaPort}/api)` : ''}
  ${hasSpa ? `Back-office : http://localhost:${spaPort}` : ''}
  ${hasSpa ? `Page des citoyens (signaler un problème) : http://localhost:${spaPort}/signaler` : ''}
  ${mailCatcherUrl ? `E-mails envoyés (récepteur local MailDev) : ${mailCatcherUrl}` : `E-mails : serveur SMTP ${process.env.SMTP_HOST}`}

  Comptes de démonstration :
    admin@mairie.test       / Admin123!      (Administrateur)
    superadmin@mairie.test  / Super123!      (Super Administrateur)
    editeur@mairie.test     / Editeur123!    (Éditeur)
    operateur@mairie.test   / Operateur123!  (Opérateur)
    auteur@mairie.test      / Auteur123!     (Auteur)

  Canal citoyen Open311 : ${backendUrl}/open311/v2/services.json
    clé de démonstration : mz311_demo-mamoudzou-application-citoyenne
`);
} else if (!stopping) {
  console.error(`Le backend ne répond pas sur ${backendUrl}/_health.`);
  stop(1);
}
