// One backend instance of the cluster: the built Strapi backend (backend/dist) started with the cluster's
// environment on a port of its own, its output appended to a log file.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { BACKEND_HEAP_FLAG } from '../../backend/scripts/heap.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether `url` answers `status` now. */
async function answers(url, status) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === status;
  } catch {
    return false;
  }
}

/**
 * An instance named `name` on 127.0.0.1:`port`, from `backendDir`, with `env` (the cluster's) and its log in
 * `logFile`. Not started: start() starts it and waits until it answers.
 */
export function backendInstance({ name, port, backendDir, env, logFile }) {
  let child;
  const url = `http://127.0.0.1:${port}`;
  const running = () => Boolean(child) && child.exitCode === null && child.signalCode === null;
  const instance = {
    name,
    port,
    url,
    logFile,
    running,
    /** The process's id while it runs (the same after a fault survived: it was not restarted). */
    pid: () => (running() ? child.pid : undefined),
    /**
     * Starts the process (with `extraEnv` for this start only, DATABASE_CREATE for a first installation) and waits
     * until it serves (/_health), up to `timeoutMs`; refuses to go on if it exits first.
     */
    async start({ extraEnv = {}, timeoutMs = 240_000 } = {}) {
      if (running()) return;
      const out = openSync(logFile, 'a');
      child = spawn(process.execPath, [BACKEND_HEAP_FLAG, path.join(backendDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
        cwd: backendDir,
        env: { ...process.env, ...env, ...extraEnv, HOST: '127.0.0.1', PORT: String(port) },
        stdio: ['ignore', out, out],
      });
      closeSync(out);
      const deadline = Date.now() + timeoutMs;
      while (!(await answers(`${url}/_health`, 204))) {
        if (!running()) throw new Error(`L'instance ${name} s'est arrêtée au démarrage (code ${child.exitCode ?? child.signalCode}) : voir ${logFile}`);
        if (Date.now() > deadline) throw new Error(`L'instance ${name} ne répond pas après ${Math.round(timeoutMs / 1000)} s : voir ${logFile}`);
        await sleep(250);
      }
    },
    /** Waits until it can read and write the database (/_ready 200). */
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await answers(`${url}/_ready`, 200))) {
        if (Date.now() > deadline) throw new Error(`L'instance ${name} n'est pas prête après ${Math.round(timeoutMs / 1000)} s`);
        await sleep(250);
      }
    },
    /** Stops it as a supervisor would (SIGTERM, SIGKILL after 15 s). */
    async stop() {
      if (!running()) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    /** Ends it at once, as a crash or a power cut would. */
    async kill() {
      if (!running()) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
  return instance;
}
