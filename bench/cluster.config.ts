import { defineConfig } from 'vitest/config';

/** `npm run bench:cluster`: the list's throughput through the balancer with 1, 2 and 3 instances; reports, never fails on a figure. */
export default defineConfig({
  test: {
    include: ['bench/cluster.bench.ts'],
    environment: 'node',
    testTimeout: 0,
    hookTimeout: 0,
    disableConsoleIntercept: true,
  },
});
