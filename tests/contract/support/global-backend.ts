import type { TestProject } from 'vitest/node';
import { startBackend } from './backend-server';

declare module 'vitest' {
  export interface ProvidedContext {
    backendUrl: string;
    backendDatabase: string;
  }
}

/** One real backend with the demo data for the whole contract run. */
export default async function setup(project: TestProject) {
  const backend = await startBackend({ seed: true });
  project.provide('backendUrl', backend.url);
  project.provide('backendDatabase', backend.database);
  return async () => backend.stop();
}
