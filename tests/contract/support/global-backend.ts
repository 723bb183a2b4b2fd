import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBackend, type RunningBackend } from './backend-server';

declare module 'vitest' {
  export interface ProvidedContext {
    backendUrl: string;
    backendDatabase: string;
    /** A folder for what the run's files share (removed after the run): see firstStartDatabase. */
    runDir: string;
  }
}

// The provider-contract and backend projects each run this set-up (each loads its own copy of this module):
// the process-wide slot lets them share one backend, stopped when the last of them is done.
const slot = globalThis as { contractBackend?: { running: Promise<RunningBackend>; runDir: string; users: number } };

/** One real backend with the demo data for every contract file of the run, whichever project it belongs to. */
export default async function setup(project: TestProject) {
  slot.contractBackend ??= { running: startBackend({ seed: true }), runDir: mkdtempSync(path.join(tmpdir(), 'backoffice-run-')), users: 0 };
  const shared = slot.contractBackend;
  shared.users += 1;
  const backend = await shared.running;
  project.provide('backendUrl', backend.url);
  project.provide('backendDatabase', backend.database);
  project.provide('runDir', shared.runDir);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    if (slot.contractBackend === shared) delete slot.contractBackend;
    await backend.stop();
    rmSync(shared.runDir, { recursive: true, force: true });
  };
}
