import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertNoJournal, startBackend, type RunningBackend } from './backend-server';
import { requireServers } from './requirements';

declare module 'vitest' {
  export interface ProvidedContext {
    backendUrl: string;
    backendDatabase: string;
    /** The shared backend's uploaded files (its uploads/ folder). */
    backendUploads: string;
    /** A folder for what the run's files share (removed after the run): see firstStartDatabase. */
    runDir: string;
    /** On SQLite, a database as a first start with the demo data leaves it, to copy (seededCopy); '' on PostgreSQL. */
    seededDatabase: string;
  }
}

// The provider-contract and backend projects each run this set-up (each loads its own copy of this module):
// the process-wide slot lets them share one backend, stopped when the last of them is done.
type Shared = { backend: RunningBackend; seededDatabase: string };
const slot = globalThis as { contractBackend?: { running: Promise<Shared>; runDir: string; users: number } };

/**
 * On SQLite, a first start with the demo data makes the run's seeded database, and the shared backend starts on a
 * copy of it: the files that need a backend of their own start on copies too (a restart's cost, not a first start's).
 */
async function startShared(runDir: string): Promise<Shared> {
  // Exports in batches of 7 reports: the demo's sixty make many batches, as 500,000 make in production.
  const env = { REPORT_EXPORT_BATCH: '7' };
  if (process.env.TEST_DB === 'postgres') return { backend: await startBackend({ seed: true, env }), seededDatabase: '' };
  const seededDatabase = path.join(runDir, 'seeded.db');
  await (await startBackend({ seed: true, sqliteFile: seededDatabase })).stop();
  assertNoJournal(seededDatabase);
  return { backend: await startBackend({ seed: true, build: false, from: seededDatabase, env }), seededDatabase };
}

/** One real backend with the demo data for every contract file of the run, whichever project it belongs to. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') requireServers('TEST_DB=postgres', { postgres: true });
  if (!slot.contractBackend) {
    const runDir = mkdtempSync(path.join(tmpdir(), 'backoffice-run-'));
    slot.contractBackend = { running: startShared(runDir), runDir, users: 0 };
  }
  const shared = slot.contractBackend;
  shared.users += 1;
  const { backend, seededDatabase } = await shared.running;
  project.provide('backendUrl', backend.url);
  project.provide('backendDatabase', backend.database);
  project.provide('backendUploads', path.join(backend.publicDir, 'uploads'));
  project.provide('runDir', shared.runDir);
  project.provide('seededDatabase', seededDatabase);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    if (slot.contractBackend === shared) delete slot.contractBackend;
    await backend.stop();
    rmSync(shared.runDir, { recursive: true, force: true });
  };
}
