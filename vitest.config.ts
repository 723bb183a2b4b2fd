import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LayerOrder } from './tests/support/layerTimes.ts';

// Unit and component files are CPU-bound: at least two at a time. Vitest's default (cores - 1) is one file at a
// time on two cores, where `npm test`'s other runs mostly wait on their servers.
const cpuBoundWorkers = Math.max(2, availableParallelism() - 1);

/**
 * One test command for every layer (DESIGN section 7). Each layer is a vitest project: unit (pure modules in
 * node), component (the screens in jsdom against a fake backend behind fetch), provider-contract and backend (the
 * SPA's providers and the API against one real backend), e2e (Chromium against the servers `npm start` runs).
 * `npm test` (scripts/test.mjs) runs them as three vitest runs side by side; `vitest run` alone runs them in one.
 */
export default defineConfig({
  test: {
    // The usual report, then the time each layer took; the layers' files in the README's order.
    reporters: ['default', './tests/support/layerTimes.ts'],
    sequence: { sequencer: LayerOrder },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          maxWorkers: cpuBoundWorkers,
        },
      },
      {
        // The SPA's screens with Testing Library in jsdom, against a fake backend behind fetch.
        plugins: [react()],
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
          // npm test runs this beside the backend and Chromium on two cores: a screen's test may wait its turn.
          testTimeout: 45_000,
          maxWorkers: cpuBoundWorkers,
          // A worker imports react-admin, MUI and the app once for all its files instead of once per file (a
          // quarter of the layer's time went to imports). Each file still gets a new jsdom and the setup file;
          // what the app keeps in modules is reset by the setup (storage, cookies, media) or per render.
          isolate: false,
        },
      },
      {
        // The SPA's providers against a real backend of their own (same helper as the backend project).
        test: {
          name: 'provider-contract',
          environment: 'node',
          include: ['tests/contract/provider/**/*.test.ts'],
          globalSetup: ['tests/contract/support/global-backend.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // Chromium (playwright-core) against the two servers `npm start` runs.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-servers.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          // A browser beside npm test's other runs may take more than expect.poll's default second to draw what a
          // poll waits for (seen: the offline queue's list after « Voir »); a locator's own wait is 30 s.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'backend',
          environment: 'node',
          include: ['tests/contract/backend/**/*.test.ts'],
          globalSetup: ['tests/contract/support/global-backend.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // One backend serves every contract file; files run one after the other against it.
          fileParallelism: false,
        },
      },
    ],
  },
});
