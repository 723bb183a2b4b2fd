import { defineConfig } from 'vitest/config';

/**
 * `npm run bench`: one run printing the performance table, never part of `npm test`
 * (the root config's projects do not include bench/). It reports; it does not fail on a missed budget.
 */
export default defineConfig({
  test: {
    include: ['bench/budgets.bench.ts'],
    environment: 'node',
    testTimeout: 0,
    hookTimeout: 0,
    // The table is the output: let its lines through as they come.
    disableConsoleIntercept: true,
  },
});
