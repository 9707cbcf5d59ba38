import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: node for schemas, calc and the API (fastify.inject on PGlite/PostgreSQL); jsdom for the client.
// Each API test file gets its own database copied from a template migrated and seeded once (tests/server/globalSetup.ts).
export default defineConfig({
  test: {
    // 2 cores; PGlite takes ~300 MB per open database, so at most two test files at a time
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{schemas,calc,server}/**/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // API tests expect direct answers on a busy machine; the job tests ask for ?wait=0
          env: { JOB_WAIT_MS: '60000' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
