import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the production topology of `npm run cluster` (HAProxy in front of three backend
 * instances in production mode, on one PostgreSQL and one Redis), started once in a folder of its own; what is
 * shared across instances and the faults it survives, measured through the balancer. Needs Debian's postgresql,
 * redis-server and haproxy (checked first; .ci/run installs them).
 */
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['tests/contract/cluster/**/*.test.ts'],
    globalSetup: ['tests/contract/cluster/requirements.setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
