import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Node projects for schemas, calc and the API (fastify.inject on PGlite/PostgreSQL); jsdom for the client.
// Each API test file gets its own database copied from a template migrated and seeded once
// (tests/server/globalSetup.ts).
const node = {
  environment: 'node' as const,
  include: ['tests/{schemas,calc,server}/**/*.test.ts'],
  globalSetup: ['tests/server/globalSetup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // API tests expect direct answers on a busy machine; the job tests ask for ?wait=0
  env: { JOB_WAIT_MS: '60000' },
};

/** Node test files that run in a fresh module registry of their own (see the projects below). */
const OWN_MODULES = [
  'tests/server/lowCodeStage.test.ts',
  'tests/server/accountSecurity.test.ts',
  'tests/server/reportFailures.test.ts',
];

const client = {
  environment: 'jsdom' as const,
  include: ['tests/client/**/*.test.{ts,tsx}'],
  setupFiles: ['tests/client/setup.ts'],
  testTimeout: 30_000,
};
/** Client test files that draw the charts through a vi.mock of react-apexcharts. */
const CLIENT_OWN_MODULES = [
  'tests/client/{compare,decideHotspots,decideReference,decideVariants,lowCodeStage,plausibility,result,sidebarWidth,trace}.test.tsx',
];

export default defineConfig({
  test: {
    // 2 cores; PGlite takes ~300 MB per open database, so at most two test files at a time
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      // The node files share their worker's loaded modules (isolate: false: the app's modules are loaded once per
      // worker, not once per file — a fifth of the node run), apart from the few that change a module for
      // themselves: a vi.mock of a library or a module, or the low-code fixture stage added to the registry.
      { test: { ...node, name: 'node', isolate: false, exclude: OWN_MODULES } },
      { test: { ...node, name: 'node-own-modules', include: OWN_MODULES } },
      { plugins: [react()], test: { ...client, name: 'client', isolate: false, exclude: CLIENT_OWN_MODULES } },
      { plugins: [react()], test: { ...client, name: 'client-own-modules', include: CLIENT_OWN_MODULES } },
    ],
  },
});
