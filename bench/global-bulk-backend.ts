import type { TestProject } from 'vitest/node';
import { startBackend } from '../tests/contract/support/backend-server';

declare module 'vitest' {
  export interface ProvidedContext {
    benchUrl: string;
    benchReports: number;
  }
}

/** A real backend holding BENCH_REPORTS reports (default 50,000), on SQLite or TEST_DB=postgres. */
export default async function setup(project: TestProject) {
  const reports = Number(process.env.BENCH_REPORTS ?? 50_000);
  const started = Date.now();
  const backend = await startBackend({ seed: true, env: { SEED_BULK_REPORTS: String(reports) }, startTimeoutMs: 850_000 });
  console.log(`bench: backend (${backend.database}) with ${reports} reports ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('benchUrl', backend.url);
  project.provide('benchReports', reports);
  return () => backend.stop();
}
