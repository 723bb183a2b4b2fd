#!/usr/bin/env node
// `npm test`: every layer of tests, in three vitest runs side by side, then the time each layer took.
// On a small machine the layers wait on different things: the screens (jsdom) on the processor, the contract
// tests on their backend, the end-to-end tests on Chromium and their servers; one after the other, each leaves
// the processor half idle. The backend is built once here, before the runs that start it.
// With arguments (`npm test -- tests/unit`), it is plain `vitest run <arguments>`.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const LAYERS = ['unit', 'component', 'provider-contract', 'backend', 'e2e'];

/** The runs side by side: each a lane of vitest projects, and what it needs first. */
const LANES = [
  { name: 'screens', projects: ['unit', 'component'], needsBackend: false },
  { name: 'contract', projects: ['provider-contract', 'backend'], needsBackend: true },
  { name: 'e2e', projects: ['e2e'], needsBackend: true },
];

const children = new Set();
/** What a failing run said, printed again at the end: CI shows only the end of a long output. */
const failureLines = [];
const ANSI = /\u001b\[[0-9;]*m/g;
const FAILURE = /^\s*(×|✗|FAIL)\s|^\s*\w*Error\b|Test Files .*failed/;
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

/** Runs a command, its output lines prefixed with `label`; resolves with its exit code. */
function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    children.add(child);
    const prefix = `${label.padEnd(8)} │ `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        process.stdout.write(`${prefix}${line}\n`);
        const plain = line.replace(ANSI, '');
        if (FAILURE.test(plain) && failureLines.length < 80) failureLines.push(`${prefix}${plain.slice(0, 300)}`);
      });
    }
    child.on('error', (error) => {
      process.stdout.write(`${prefix}${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const args = process.argv.slice(2);
if (args.length) {
  const child = spawn(process.execPath, [vitest, 'run', ...args], { cwd: root, stdio: 'inherit' });
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-test-'));
  chmodSync(dir, 0o755); // other accounts' servers (PostgreSQL runs as its own) reach their folders inside
  const timesFile = path.join(dir, 'layer-times.jsonl');
  // Every temporary file of the runs (the test backends' databases and uploads, Chromium's profiles, the rebuilt
  // apps) goes under this folder, removed whole at the end: a file a test forgot does not stay behind. (Kept on
  // the disk: in /dev/shm the run took as long, the processor being what it waits on, not the disk.)
  const lane = ({ name, projects }, env = {}) =>
    run(name, process.execPath, [vitest, 'run', ...projects.flatMap((p) => ['--project', p])], {
      TEST_LAYER_TIMES: timesFile,
      TMPDIR: dir,
      ...env,
    });

  // The screens need no backend: they start at once, while the backend builds.
  const runs = LANES.filter((l) => !l.needsBackend).map((l) => lane(l));
  const build = run('build', 'npm', ['--prefix', 'backend', 'run', 'build', '--silent']);
  runs.push(
    build.then((code) =>
      code !== 0
        ? code
        : Promise.all(LANES.filter((l) => l.needsBackend).map((l) => lane(l, { BACKEND_BUILT: '1' }))).then((codes) => Math.max(...codes)),
    ),
  );
  const codes = await Promise.all(runs);

  const times = {};
  try {
    for (const line of readFileSync(timesFile, 'utf8').split('\n').filter(Boolean)) Object.assign(times, JSON.parse(line));
  } catch {
    /* no run got as far as its tests */
  }
  rmSync(dir, { recursive: true, force: true });
  const layers = [...LAYERS.filter((name) => name in times), ...Object.keys(times).filter((name) => !LAYERS.includes(name))];
  const line = layers.map((name) => `${name} ${Math.round(times[name])} s`).join(' · ');
  const failed = codes.some((code) => code !== 0);
  if (failed && failureLines.length) process.stdout.write(`\nWhat failed (again, in short):\n${failureLines.join('\n')}\n`);
  process.stdout.write(`\nLayer times: ${line || 'none'} · npm test ${Math.round((Date.now() - started) / 1000)} s${failed ? ' · FAILED' : ''}\n`);
  process.exit(failed ? 1 : 0);
}
