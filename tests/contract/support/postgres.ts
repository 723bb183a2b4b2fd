import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../../scripts/servers/postgres.mjs';

export interface TemporaryPostgres {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL cluster on loopback for the contract tests (TEST_DB=postgres), in a folder of its
 * own removed on stop (Debian's server, as `npm run cluster` runs it: scripts/servers/postgres.mjs).
 */
export async function startTemporaryPostgres(port: number): Promise<TemporaryPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-pg-'));
  const server = await startPostgres({ dir, port });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
