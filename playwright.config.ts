// Playwright e2e: the built app + the real server (scripts/e2e-server.mjs → scripts/start.mjs), one per worker on a
// fresh embedded database in .tmp/e2e-data-<n> (e2e/servers.ts), driven in Debian's Chromium at /usr/bin/chromium.
// Spec files run two at a time, the tests of a file in order; e2e/fixtures.ts points each worker at its server.
// Never run `playwright install`: it downloads browsers, which this project's machines cannot do.
import { defineConfig } from '@playwright/test';
import { E2E_DATA_DIR, E2E_WORKERS, e2eServer } from './e2e/servers';

export default defineConfig({
  testDir: './e2e',
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: `${E2E_DATA_DIR}-results`,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-report.json' }]],
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // A trace records the page's frames for every test and halved the suite's speed (Chromium spent half its time on
    // it); a run asks for one with E2E_TRACE=1 when a failure needs reading step by step.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // --no-sandbox: CI runs as root. The background-networking flags stop Chromium from calling home,
      // which this machine's closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => {
    const { port, url, dataDir } = e2eServer(slot);
    return {
      command: 'node scripts/e2e-server.mjs',
      url: `${url}/`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'E2e-Admin-Pass-1',
        LOG_LEVEL: 'warn', // request logs would drown the test report
        // The e2e server always runs on the embedded database; e2e-server.mjs also removes DATABASE_URL.
        DATABASE_URL: '',
      },
    };
  }),
});
