// CI check: a server replica outlives a PostgreSQL restart. Starts one server (as scripts/start.mjs
// runs it: node --import tsx src/server/main.ts) on a fresh database beside DATABASE_URL's, logs in as the super
// admin, keeps 4 request loops going (2 list reads, 2 writes: create + delete an engineering project), restarts
// the cluster with `pg_ctlcluster $PG_VERSION $PG_CLUSTER restart -m fast`, and checks that the process stays
// up, that requests caught by the restart answer 503 `数据库连接中断，请稍后重试` (nothing else), that /api/health
// says down during the restart and ok after, and that a read and a write succeed again within 15 s of the
// database's return. One summary line; exit 1 on any failure. Needs root (pg_ctlcluster) and DATABASE_URL.
//   DATABASE_URL=postgres://… PG_VERSION=15 PG_CLUSTER=main node scripts/pg-restart-check.mjs
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const ROOT = new URL('..', import.meta.url).pathname;
const PG_VERSION = process.env.PG_VERSION || '15';
const PG_CLUSTER = process.env.PG_CLUSTER || 'main';
const ADMIN_PASSWORD = 'Restart-Check-Pass-1';
const DB_DOWN = '数据库连接中断，请稍后重试';
const ENG = '/api/tpf/v1/tpf/tpf3Engineering';
const BEFORE_MS = 3000;
const AFTER_MS = 3000;
const RECOVER_LIMIT_MS = 15_000;
const START_LIMIT_MS = 60_000;
const REQUEST_LIMIT_MS = 10_000;
const TOTAL_LIMIT_MS = 120_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (why) => {
  throw new Error(why);
};

if (!process.env.DATABASE_URL) {
  console.error('pg-restart-check: DATABASE_URL is not set');
  process.exit(1);
}
const adminUrl = process.env.DATABASE_URL;
const dbName = `tansuan_restart_check_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function admin(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

function freePort() {
  return new Promise((done, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
    s.on('error', reject);
  });
}

// ---- the server ----
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tansuan-restart-check-'));
const log = [];
let server;
let exited = null; // how the server ended, if it did

async function request(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers['access-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch (e) {
    return { status: e.name === 'TimeoutError' ? 'timeout' : `fetch ${e.cause?.code ?? e.message}`, body: null };
  }
}

// ---- the loops ----
const counts = { before: 0, during: 0, after: 0 };
let phase = 'before';
let unavailable = 0; // 503 数据库连接中断
const unexpected = new Map(); // any other failure: what → how often
const lastOk = { read: 0, write: 0 };
const health = { downDuring: 0, okAfter: 0, other: new Map() };
let stopping = false;

function count(kind, res) {
  counts[phase]++;
  if (res.status === 200 && res.body?.code === 1) {
    lastOk[kind] = Date.now();
    return true;
  }
  if (res.status === 503 && res.body?.message === DB_DOWN) unavailable++;
  else {
    const what = `${kind} ${res.status} ${res.body?.message ?? ''}`.trim();
    unexpected.set(what, (unexpected.get(what) ?? 0) + 1);
  }
  return false;
}

async function readLoop(token) {
  while (!stopping) {
    const ok = count('read', await request('GET', `${ENG}/?pageSize=10`, { token }));
    await sleep(ok ? 10 : 50);
  }
}

async function writeLoop(token, n) {
  for (let i = 0; !stopping; i++) {
    const made = await request('POST', `${ENG}/`, {
      token,
      body: { name: `重启检查工程 ${n}-${i}`, code: `RC-${n}-${i}`, remarks: '江苏省南京市', site: '南京市' },
    });
    let ok = count('write', made);
    if (ok) ok = count('write', await request('DELETE', `${ENG}/${made.body.data.id}`, { token }));
    await sleep(ok ? 10 : 50);
  }
}

async function healthLoop() {
  while (!stopping) {
    const res = await request('GET', '/api/health');
    const down = res.status === 503 && res.body?.data?.database === 'down' && res.body?.message === DB_DOWN;
    const up = res.status === 200 && res.body?.data?.database === 'ok';
    if (phase === 'during' && down) health.downDuring++;
    else if (phase === 'after' && up) health.okAfter++;
    else if (!down && !up) health.other.set(String(res.status), (health.other.get(String(res.status)) ?? 0) + 1);
    await sleep(50);
  }
}

const runRestart = () =>
  promisify(execFile)('pg_ctlcluster', [PG_VERSION, PG_CLUSTER, 'restart', '-m', 'fast'], { timeout: 60_000 });

async function main() {
  await admin(`drop database if exists "${dbName}" with (force)`);
  await admin(`create database "${dbName}"`);
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    MAP_TILE_URL: '',
    TRUST_PROXY: '',
  };
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const s of [server.stdout, server.stderr])
    s.on('data', (d) => log.push(...String(d).split('\n').filter(Boolean)));
  server.once('exit', (code, signal) => (exited = signal ?? `exit ${code}`));

  const startBy = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (exited) fail(`the server ended while starting (${exited})`);
    if (Date.now() > startBy) fail(`the server did not answer /api/health within ${START_LIMIT_MS / 1000} s`);
    if ((await request('GET', '/api/health')).status === 200) break;
    await sleep(250);
  }
  const login = await request('POST', '/api/sys/v1/sso/login', {
    body: { userName: 'admin', password: Buffer.from(ADMIN_PASSWORD).toString('base64') },
  });
  const token = login.body?.data?.token ?? fail(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);

  const loops = [readLoop(token), readLoop(token), writeLoop(token, 1), writeLoop(token, 2), healthLoop()];
  await sleep(BEFORE_MS);
  if (!lastOk.read || !lastOk.write) fail(`no successful ${lastOk.read ? 'write' : 'read'} before the restart`);

  phase = 'during';
  const restartAt = Date.now();
  await runRestart();
  const backAt = Date.now(); // pg_ctlcluster returns once the cluster accepts connections again
  while ((lastOk.read < backAt || lastOk.write < backAt) && Date.now() - backAt < RECOVER_LIMIT_MS && !exited)
    await sleep(20);
  const recoveredMs = Math.max(lastOk.read, lastOk.write) - backAt;
  const recovered = lastOk.read >= backAt && lastOk.write >= backAt;
  phase = 'after';
  if (recovered) await sleep(AFTER_MS);
  stopping = true;
  await Promise.all(loops);
  const finalHealth = await request('GET', '/api/health');

  const problems = [];
  if (exited) problems.push(`the server process ended (${exited})`);
  if (!recovered)
    problems.push(
      `no successful ${lastOk.read < backAt ? 'read' : 'write'} within ${RECOVER_LIMIT_MS / 1000} s of PostgreSQL's return`,
    );
  if (!health.downDuring) problems.push('/api/health never said the database was down during the restart');
  if (!health.okAfter || finalHealth.status !== 200)
    problems.push(`/api/health did not say ok after the restart (last: ${finalHealth.status})`);
  if (unexpected.size)
    problems.push(
      `answers other than 200 or 503 ${DB_DOWN}: ${[...unexpected].map(([k, n]) => `${k} ×${n}`).join('; ')}`,
    );
  if (health.other.size)
    problems.push(`/api/health answered otherwise: ${[...health.other].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  const summary =
    `requests before/during/after ${counts.before}/${counts.during}/${counts.after}, 503s ${unavailable}, ` +
    `health down ×${health.downDuring} during, ok ×${health.okAfter} after, restart took ${((backAt - restartAt) / 1000).toFixed(1)} s, ` +
    `read and write again ${recovered ? `${(Math.max(0, recoveredMs) / 1000).toFixed(1)} s` : 'never'} after PostgreSQL was back, server ${exited ? `ended (${exited})` : 'alive'}`;
  if (problems.length) {
    console.error(`pg-restart-check: FAILED — ${summary}`);
    for (const p of problems) console.error(`  - ${p}`);
    console.error(`  server output (last 40 of ${log.length} lines):\n    ${log.slice(-40).join('\n    ')}`);
    return 1;
  }
  console.log(`pg-restart-check: ok — ${summary}`);
  return 0;
}

async function cleanup() {
  stopping = true;
  if (server && !exited) {
    const gone = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    const t = setTimeout(() => server.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(t);
  }
  rmSync(dataDir, { recursive: true, force: true });
  // (the cluster may still be starting if the check failed early: a few tries)
  for (let i = 0; i < 10; i++) {
    try {
      await admin(`drop database if exists "${dbName}" with (force)`);
      break;
    } catch {
      await sleep(500);
    }
  }
}

const overall = setTimeout(() => {
  console.error(`pg-restart-check: FAILED — not done within ${TOTAL_LIMIT_MS / 1000} s`);
  server?.kill('SIGKILL');
  process.exit(1);
}, TOTAL_LIMIT_MS);
let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`pg-restart-check: FAILED — ${e.message}`);
  if (log.length)
    console.error(`  server output (last 40 of ${log.length} lines):\n    ${log.slice(-40).join('\n    ')}`);
} finally {
  await cleanup();
  clearTimeout(overall);
}
process.exit(code);
