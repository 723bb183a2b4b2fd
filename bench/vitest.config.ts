import { defineConfig } from 'vitest/config';

/** `npm run bench`: figures printed by vitest's benchmark runner, never asserted in tests. */
export default defineConfig({
  test: {
    benchmark: { include: ['bench/**/*.bench.ts'] },
    globalSetup: ['bench/global-bulk-backend.ts'],
    hookTimeout: 900_000,
  },
});
