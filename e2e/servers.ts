// The e2e servers: one per Playwright worker, each on its own port and its own fresh embedded database, so two
// spec files run side by side without seeing each other's data. Worker slot n (testInfo.parallelIndex) talks to
// port E2E_PORT + n with DATA_DIR E2E_DATA_DIR-n. E2E_PORT / E2E_DATA_DIR let two runs share a machine (several
// people in one checkout): give the second run a port two above the first's and another data dir.
export const E2E_WORKERS = 2;
const PORT = Number(process.env.E2E_PORT || 4180);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR || '.tmp/e2e-data';

export function e2eServer(slot: number): { port: number; url: string; dataDir: string } {
  return { port: PORT + slot, url: `http://127.0.0.1:${PORT + slot}`, dataDir: `${E2E_DATA_DIR}-${slot}` };
}
