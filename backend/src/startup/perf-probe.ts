import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Core } from '@strapi/strapi';

/**
 * GET /_perf, for the performance bench only (`npm run bench`): the longest event-loop stall and the resident
 * memory (now and at its peak) since the process started or since the last `?reset=1`, and when the process
 * began to answer. Off unless PERF_PROBE_TOKEN is set (16 characters or more); each call must bring it in the
 * `X-Perf-Probe` header. A stall is measured by perf_hooks' event-loop delay histogram (10 ms resolution): the
 * time a timer waited beyond its due time, i.e. what every request queued behind a synchronous pass paid. On a
 * machine busy with other work, the process may also wait for a processor: each gap between two ticks of a 10 ms
 * timer is then also counted by the processor time its main thread spent in it (`maxBusyStallMs`: the longest gap
 * the main thread itself filled, its own code or the garbage collector's pauses; Linux's schedstat of that thread),
 * which the other programs' load does not inflate.
 */

const MB = 2 ** 20;
const SAMPLE_EVERY_MS = 50;
const TICK_MS = 10;

export interface PerfFigures {
  /** Longest event-loop stall since the last reset, in ms. */
  maxStallMs: number;
  /** Longest stall counted by the processor time the process spent in it (its own work, not the machine's load). */
  maxBusyStallMs: number;
  /** Processor time of the main thread since the last reset: divided by the requests served, what each cost. */
  cpuMs: number;
  p99StallMs: number;
  rssMb: number;
  /** Highest resident memory sampled since the last reset. */
  peakRssMb: number;
  /** The process's highest resident memory ever (VmHWM). */
  processPeakRssMb: number;
  heapUsedMb: number;
  /** Memory outside the JS heap held by JS objects (typed arrays of the figures' index, buffers). */
  externalMb: number;
  /** From the process's start to its first answer (listening). */
  listeningAfterMs?: number;
  uptimeMs: number;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Milliseconds of processor the main thread has run (Linux: its schedstat, in nanoseconds), else the whole process's
 * (which counts the garbage collector's helper threads too).
 */
function mainThreadCpuMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** The process's peak resident memory since it started (Linux), else the current one. */
function processPeakRss(): number {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    if (match) return (Number(match[1]) * 1024) / MB;
  } catch {
    /* not Linux */
  }
  return process.memoryUsage.rss() / MB;
}

/** Register: the probe's route and its samplers, when the bench asks for them. */
export function registerPerfProbe(strapi: Core.Strapi) {
  const token = process.env.PERF_PROBE_TOKEN;
  if (!token) return;
  if (token.length < 16) {
    strapi.log.warn('PERF_PROBE_TOKEN ignoré : 16 caractères au moins.');
    return;
  }
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, SAMPLE_EVERY_MS);
  sampler.unref();
  let maxBusy = 0;
  // The same gaps by wall time: the histogram's timer and this one did not always see the same longest gap (the
  // table once showed more of the backend's own work than the stall it was part of); the stall is the longer.
  let maxGap = 0;
  let lastTick = performance.now();
  let lastCpu = mainThreadCpuMs();
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    const gap = now - lastTick - TICK_MS;
    if (gap > TICK_MS) {
      maxGap = Math.max(maxGap, gap);
      maxBusy = Math.max(maxBusy, Math.min(gap, cpu - lastCpu));
    }
    lastTick = now;
    lastCpu = cpu;
  }, TICK_MS);
  ticker.unref();
  /** A new window: the histogram and the gaps counted from now. */
  let cpuAtReset = mainThreadCpuMs();
  const restart = () => {
    delay.reset();
    maxBusy = 0;
    maxGap = 0;
    lastTick = performance.now();
    lastCpu = mainThreadCpuMs();
    cpuAtReset = lastCpu;
  };
  let listeningAfterMs: number | undefined;
  const figures = (): PerfFigures => ({
    maxStallMs: Math.max(0, delay.max / 1e6 - 10, maxGap),
    maxBusyStallMs: maxBusy,
    cpuMs: mainThreadCpuMs() - cpuAtReset,
    p99StallMs: Math.max(0, delay.percentile(99) / 1e6 - 10),
    rssMb: process.memoryUsage.rss() / MB,
    peakRssMb: Math.max(peakRss, process.memoryUsage.rss()) / MB,
    processPeakRssMb: processPeakRss(),
    heapUsedMb: process.memoryUsage().heapUsed / MB,
    externalMb: process.memoryUsage().external / MB,
    listeningAfterMs,
    uptimeMs: process.uptime() * 1000,
  });
  strapi.server.router.get('/_perf', (ctx: any) => {
    if (!sameToken(String(ctx.get('X-Perf-Probe') ?? ''), token)) {
      ctx.status = 404;
      return;
    }
    if (listeningAfterMs === undefined && strapi.server.httpServer.listening) listeningAfterMs = process.uptime() * 1000;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = figures();
    if (ctx.query.reset) {
      restart();
      peakRss = process.memoryUsage.rss();
    }
  });
  // What counts is after the start: the stalls of the bootstrap (schema, seeding) are left out.
  strapi.server.httpServer.once('listening', () => {
    listeningAfterMs = process.uptime() * 1000;
    restart();
  });
}
