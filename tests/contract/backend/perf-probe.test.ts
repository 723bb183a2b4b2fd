import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendUrl } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { firstStartDatabase } from '../support/prepared-backend';

/**
 * GET /_perf, the bench's reading of a backend's stalls and memory: absent unless the backend was given
 * PERF_PROBE_TOKEN, and then answered only to the request that brings that token.
 */

const TOKEN = 'bench-probe-0123456789abcdef';
let dir: string;
let probed: RunningBackend;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'perf-probe-'));
  const file = path.join(dir, 'data.db');
  await firstStartDatabase(file);
  probed = await startBackend({ build: false, sqliteFile: file, env: { PERF_PROBE_TOKEN: TOKEN } });
}, 180_000);
afterAll(async () => {
  await probed?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const perf = (url: string, token?: string, query = '') => fetch(`${url}/_perf${query}`, { headers: token ? { 'X-Perf-Probe': token } : {} });

describe('the performance probe', () => {
  it('does not exist on a backend started without PERF_PROBE_TOKEN, whatever the header', async () => {
    expect((await perf(backendUrl(), TOKEN)).status).toBe(404);
  });

  it('answers 404 without the token or with another one', async () => {
    expect((await perf(probed.url)).status).toBe(404);
    expect((await perf(probed.url, `${TOKEN}x`)).status).toBe(404);
    expect((await perf(probed.url, TOKEN.replace('0', '1'))).status).toBe(404);
  });

  it('gives the longest stall, the processor time and the memory, never cached; reset starts a new window', async () => {
    const res = await perf(probed.url, TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const figures = await res.json();
    for (const key of ['maxStallMs', 'maxBusyStallMs', 'cpuMs', 'p99StallMs', 'rssMb', 'peakRssMb', 'processPeakRssMb', 'heapUsedMb', 'externalMb', 'uptimeMs', 'listeningAfterMs']) {
      expect(typeof figures[key], key).toBe('number');
    }
    expect(figures.peakRssMb).toBeGreaterThan(0);
    expect(figures.processPeakRssMb).toBeGreaterThan(0);
    expect(figures.listeningAfterMs).toBeLessThanOrEqual(figures.uptimeMs);
    const before = (await (await perf(probed.url, TOKEN, '?reset=1')).json()).cpuMs;
    const after = (await (await perf(probed.url, TOKEN)).json()).cpuMs;
    // The window's processor time starts again from the reset, so it is smaller than the whole run's.
    expect(after).toBeLessThan(before);
  });
});
