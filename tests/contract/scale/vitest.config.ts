import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale`: several backend instances on one PostgreSQL base, sharing real-time events
 * through Redis (needs Debian's postgresql and redis-server, checked first; .ci/run installs them).
 */
export default defineConfig({
  test: {
    name: 'scale',
    environment: 'node',
    include: ['tests/contract/scale/**/*.test.ts'],
    globalSetup: ['tests/contract/scale/requirements.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 400_000,
  },
});
