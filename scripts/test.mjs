// `npm test`: ESLint and Prettier, then every test — vitest (unit, schema, calc, API, client) and then Playwright e2e
// against the real server in Debian's Chromium. Stops at the first failing runner and exits with its code.
// With DATABASE_URL set, the API tests run against that PostgreSQL (the e2e server always uses its own fresh
// embedded database in .tmp/e2e-data-<worker>; see playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { slowestLines } from './slowest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const tmp = join(root, '.tmp');
const vitestJson = join(tmp, 'vitest-report.json');
const playwrightJson = join(tmp, 'playwright-report.json');

if (!existsSync(CHROMIUM)) {
  console.error(
    `[test] Chromium is missing at ${CHROMIUM}; the browser tests need Debian's Chromium. Install it with:`,
  );
  console.error('apt-get install -y chromium');
  process.exit(1);
}

/** postgres://user:secret@host:5432/db → postgres://user:***@host:5432/db */
function maskUrl(raw) {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL is set but is not a valid URL)';
  }
}
const dbUrl = process.env.DATABASE_URL;
if (dbUrl) {
  let host = '?';
  try {
    const u = new URL(dbUrl);
    host = `${u.hostname}:${u.port || 5432}`;
  } catch {
    // not a URL: the line names no host
  }
  console.log(`[test] database for the API tests: PostgreSQL at ${host} (${maskUrl(dbUrl)})`);
} else {
  console.log('[test] database for the API tests: PGlite (embedded; one migrated template copied per test file)');
}
console.log(
  '[test] database for the e2e servers: PGlite in .tmp/e2e-data-0 and -1, one per Playwright worker (fresh every run)',
);

mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
// this run's reports (none until its runner has run): the totals and the slowest tests come from them
let v = null;
let p = null;

/** Runs a project binary through npx, or `npm …` itself (`npx npm` would fetch another npm). */
function run(title, args) {
  const [command, rest] = args[0] === 'npm' ? ['npm', args.slice(1)] : ['npx', args];
  console.log(`\n[test] ${title}: ${command} ${rest.join(' ')}`);
  const r = spawnSync(command, rest, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.error) console.error(`[test] could not start ${title}: ${r.error.message}`);
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function finish(code) {
  for (const l of slowestLines(v, p, root)) console.log(l);
  console.log(`\n[test] ${code === 0 ? 'all runners passed' : `stopped: exit code ${code}`}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

// `npm test -- --api`: the API tests only (tests/server) and no browser — CI's second pass on PostgreSQL, since the
// schema and calculation tests, the client tests and the e2e server never touch DATABASE_URL.
const apiOnly = process.argv.includes('--api');

// 0. `npm run lint`: ESLint (eslint.config.mjs) and Prettier's check over the whole tree; a finding stops the run
// before any test (`npm run format` rewrites what Prettier would).
if (!apiOnly) {
  const lintCode = run('lint', ['npm', 'run', '--silent', 'lint']);
  if (lintCode !== 0) finish(lintCode);
}

// 1. vitest: every project in vitest.config.ts.
rmSync(vitestJson, { force: true });
const vitestCode = run('vitest', [
  'vitest',
  'run',
  ...(apiOnly ? ['--project', 'node', '--project', 'node-own-modules', 'tests/server'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
v = readJson(vitestJson);
if (v) {
  totals.passed += v.numPassedTests ?? 0;
  totals.failed += v.numFailedTests ?? 0;
  totals.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (vitestCode !== 0) finish(vitestCode);
// A global setup whose promise never settles (a query waiting on PGlite's one connection) ends vitest with code 0
// and no report: that is a failure, not a pass.
if (!v || !v.numTotalTests) {
  console.error('[test] vitest ran no tests and wrote no report (did the global setup hang?)');
  finish(1);
}

if (apiOnly) finish(0);

// 2. Playwright e2e (the config starts the server on a fresh data dir; never `playwright install`).
const specs = existsSync(join(root, 'e2e'))
  ? readdirSync(join(root, 'e2e'), { recursive: true }).filter((f) => /\.(spec|test)\.[cm]?[jt]s$/.test(String(f)))
  : [];
if (specs.length === 0) {
  console.log('\n[test] e2e: no spec files in e2e/ — Playwright not run');
  finish(0);
}
// the client and server builds once, here: the two e2e servers would otherwise both build them at once
const buildCode = run('build', ['node', 'scripts/start.mjs', '--build-only']);
if (buildCode !== 0) finish(buildCode);
rmSync(playwrightJson, { force: true });
const pwCode = run('playwright', ['playwright', 'test']);
p = readJson(playwrightJson);
if (p?.stats) {
  totals.passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  totals.failed += p.stats.unexpected ?? 0;
  totals.skipped += p.stats.skipped ?? 0;
}
finish(pwCode);
