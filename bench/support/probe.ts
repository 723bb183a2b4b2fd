import { randomBytes } from 'node:crypto';

/**
 * The backend's own measures, read from its /_perf (backend/src/startup/perf-probe.ts, on when the bench gives it
 * PERF_PROBE_TOKEN): the longest event-loop stall and the resident memory, now and at its peak, since the last reset.
 * With several instances (behind a balancer), each is asked directly and the worst of them is kept.
 */
export interface BackendFigures {
  maxStallMs: number;
  /** The longest stall counted by the processor time the backend spent in it (not the machine's other work). */
  maxBusyStallMs: number;
  /** The backend's main-thread processor time in the window (summed over instances). */
  cpuMs: number;
  rssMb: number;
  peakRssMb: number;
  processPeakRssMb: number;
  heapUsedMb: number;
  externalMb: number;
  listeningAfterMs?: number;
}

export const probeToken = () => process.env.BENCH_PROBE_TOKEN ?? `bench-${randomBytes(16).toString('hex')}`;

export function probes(urls: string[], token: string) {
  const read = async (reset: boolean): Promise<BackendFigures> => {
    const all = await Promise.all(
      urls.map(async (url) => {
        const res = await fetch(`${url}/_perf${reset ? '?reset=1' : ''}`, { headers: { 'X-Perf-Probe': token } });
        if (!res.ok) throw new Error(`${url}/_perf : ${res.status} (PERF_PROBE_TOKEN du backend ?)`);
        return (await res.json()) as BackendFigures;
      }),
    );
    const worst = (key: keyof BackendFigures) => Math.max(...all.map((f) => Number(f[key] ?? 0)));
    return {
      maxStallMs: worst('maxStallMs'),
      maxBusyStallMs: worst('maxBusyStallMs'),
      cpuMs: all.reduce((sum, f) => sum + Number(f.cpuMs ?? 0), 0),
      rssMb: worst('rssMb'),
      peakRssMb: worst('peakRssMb'),
      processPeakRssMb: worst('processPeakRssMb'),
      heapUsedMb: worst('heapUsedMb'),
      externalMb: worst('externalMb'),
      listeningAfterMs: all[0]?.listeningAfterMs,
    };
  };
  return {
    /** The figures since the last reset, without resetting. */
    read: () => read(false),
    /** Starts a new window: the figures until now, then the stall and the peak start again. */
    reset: () => read(true),
    /** The figures of `task`: its longest stall and the peak memory while it ran. */
    async during<T>(task: () => Promise<T>): Promise<{ result: T; backend: BackendFigures }> {
      await read(true);
      const result = await task();
      return { result, backend: await read(false) };
    },
  };
}

export type Probes = ReturnType<typeof probes>;

export const mb = (n: number) => `${n.toFixed(0)} Mo`;

/** Resident memory as the table shows it: the whole, then the JS heap and what JS objects hold outside it. */
export const memory = (f: BackendFigures) => `${mb(f.rssMb)} (tas JS ${mb(f.heapUsedMb)} ; hors tas ${mb(f.externalMb ?? 0)})`;

/**
 * A stall as the table shows it: the longest gap of the event loop, and of it what the backend's own processor time
 * filled (on a machine loaded by other work the first grows, the second does not; the budget reads the second).
 */
export const stall = (f: BackendFigures) => `${f.maxStallMs.toFixed(0)} ms (dont travail du backend ${f.maxBusyStallMs.toFixed(0)} ms)`;
