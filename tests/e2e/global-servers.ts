import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../contract/support/backend-server';

declare module 'vitest' {
  export interface ProvidedContext {
    spaUrl: string;
    apiUrl: string;
    /** The web page (and REST API) of the mail catcher `npm start` runs when no SMTP server is given. */
    mailCatcherUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function waitFor(url: string, ok: (status: number) => boolean, child: ChildProcess, output: () => string, timeoutMs = 280_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output().slice(-4000)}`);
    try {
      const res = await fetch(url);
      if (ok(res.status)) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in time:\n${output().slice(-4000)}`);
}

/**
 * The two servers `npm start` runs (Strapi with the demo data, the built SPA under vite preview),
 * on free ports and a throwaway SQLite file, for the end-to-end tests.
 */
export default async function setup(project: TestProject) {
  const backendPort = await freePort();
  const spaPort = await freePort();
  const mailSmtpPort = await freePort();
  const mailWebPort = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  // Its uploaded files beside its database, not in the checkout's backend/public.
  mkdirSync(path.join(dir, 'public', 'uploads'), { recursive: true });
  const apiUrl = `http://localhost:${backendPort}`;
  const spaUrl = `http://localhost:${spaPort}`;
  const { SMTP_HOST: _ignored, ...environment } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true, // its own process group, stopped as a whole
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...environment,
      // No SMTP server: `npm start` runs its mail catcher, on free ports here.
      MAIL_CATCHER_SMTP_PORT: String(mailSmtpPort),
      MAIL_CATCHER_WEB_PORT: String(mailWebPort),
      APP_URL: spaUrl,
      // A citizen's news waits two seconds for more of the same, not a minute: the tests read those mails.
      EMAIL_CITIZEN_GRACE_MS: '2000',
      // As `npm start` on a fresh machine (the demo data is never loaded in production); its `vite build` bundles
      // React's production build whatever NODE_ENV says.
      NODE_ENV: 'development',
      PORT: String(backendPort),
      SPA_PORT: String(spaPort),
      VITE_API_URL: apiUrl,
      VITE_SOCKET_URL: apiUrl,
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(dir, 'data.db'),
      BACKUP_DIR: path.join(dir, 'backups'),
      PUBLIC_DIR: path.join(dir, 'public'),
      SEED_DEMO: 'true',
      CORS_ORIGINS: `${spaUrl},http://127.0.0.1:${spaPort}`,
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 10_000))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${apiUrl}/_health`, (s) => s === 204, child, () => output);
    await waitFor(`${spaUrl}/login`, (s) => s === 200, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('spaUrl', spaUrl);
  project.provide('apiUrl', apiUrl);
  project.provide('mailCatcherUrl', `http://localhost:${mailWebPort}`);
  return stop;
}
