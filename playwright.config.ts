// Playwright e2e: the built app + the real server (scripts/e2e-server.mjs → scripts/start.mjs) on a fresh
// embedded database in .tmp/e2e-data, driven in Debian's Chromium at /usr/bin/chromium.
// Never run `playwright install`: it downloads browsers, which this project's machines cannot do.
import { defineConfig } from '@playwright/test';

// E2E_PORT / E2E_DATA_DIR let two runs share a machine (several people working in one checkout).
const PORT = Number(process.env.E2E_PORT || 4180);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR || '.tmp/e2e-data';
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: `${E2E_DATA_DIR}-results`,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-report.json' }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_PASSWORD: 'E2e-Admin-Pass-1',
      LOG_LEVEL: 'warn', // request logs would drown the test report
      // The e2e server always runs on the embedded database; e2e-server.mjs also removes DATABASE_URL.
      DATABASE_URL: '',
    },
  },
});
