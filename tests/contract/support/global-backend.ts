import type { TestProject } from 'vitest/node';
import { startBackend, type RunningBackend } from './backend-server';

declare module 'vitest' {
  export interface ProvidedContext {
    backendUrl: string;
    backendDatabase: string;
  }
}

// The provider-contract and backend projects each run this set-up (each loads its own copy of this module):
// the process-wide slot lets them share one backend, stopped when the last of them is done.
const slot = globalThis as { contractBackend?: { running: Promise<RunningBackend>; users: number } };

/** One real backend with the demo data for every contract file of the run, whichever project it belongs to. */
export default async function setup(project: TestProject) {
  slot.contractBackend ??= { running: startBackend({ seed: true }), users: 0 };
  const shared = slot.contractBackend;
  shared.users += 1;
  const backend = await shared.running;
  project.provide('backendUrl', backend.url);
  project.provide('backendDatabase', backend.database);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    if (slot.contractBackend === shared) delete slot.contractBackend;
    await backend.stop();
  };
}
