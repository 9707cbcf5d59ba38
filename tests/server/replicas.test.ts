// Replicas: two real server processes (`node --import tsx src/server/main.ts`) on one
// PostgreSQL, each with its own PORT and DATA_DIR, behave as one service over HTTP — a token from one works on the
// other, a logout on one ends the session on the other, failed logins add up across both, a download link made
// on one downloads from the other, and a dictionary, cache clear or 全局配置 change on one reaches the other
// within its 2 s sync. They start at the same moment on a fresh, empty database: migrations and the seed take
// turns (an advisory lock), so exactly one seeds. B runs behind a load balancer (TRUST_PROXY).
// Needs DATABASE_URL (CI runs the node tests a second time on PostgreSQL): PGlite is one process per data dir.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/server/config';
import { adminQuery, dropDatabase, withDatabase } from './testDb';

const url = process.env.DATABASE_URL;
const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN_PASSWORD = 'Replica-Admin-Pass-1';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

interface Replica {
  name: string;
  base: string;
  dataDir: string;
  child: ChildProcess;
  log: string[];
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on('error', fail);
  });
}

async function startReplica(
  name: string,
  databaseUrl: string,
  tmp: string,
  extra: Record<string, string> = {},
): Promise<Replica> {
  const port = await freePort();
  const dataDir = join(tmp, name);
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    MAP_TILE_URL: '',
    TRUST_PROXY: '',
    ...extra,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  return { name, base: `http://127.0.0.1:${port}`, dataDir, child, log };
}

async function waitUp(r: Replica, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (r.child.exitCode !== null) throw new Error(`replica ${r.name} exited ${r.child.exitCode}:\n${r.log.join('')}`);
    try {
      if ((await fetch(`${r.base}/api/sys/v1/sys/sysConfig/site`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((w) => setTimeout(w, 200));
  }
  throw new Error(`replica ${r.name} did not start:\n${r.log.join('')}`);
}

async function stopReplica(r: Replica): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise((done) => r.child.once('exit', done));
  r.child.kill('SIGTERM');
  const timer = setTimeout(() => r.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function call(
  r: Replica,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: any; res: Response }> {
  const headers: Record<string, string> = {};
  if (token) headers['access-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(r.base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, res };
}

/** Asks until `check` holds (the other replica's 2 s sync); answers the milliseconds it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((w) => setTimeout(w, 100));
  }
  return Date.now() - start;
}

describe.skipIf(!url)(
  'replicas: two server processes on one PostgreSQL (skipped without DATABASE_URL: PGlite is single-process)',
  () => {
    const tmp = join(ROOT, '.tmp', `replicas-${process.pid}`);
    const dbName = `tansuan_replicas_${process.pid}_${randomBytes(3).toString('hex')}`;
    let scratchUrl: string;
    let client: pg.Client;
    let a: Replica;
    let b: Replica;
    let admin: string; // a session of the super admin, opened on B

    const login = (r: Replica, userName: string, password: string, from?: string) =>
      fetch(`${r.base}/api/sys/v1/sso/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
        body: JSON.stringify({ userName, password: b64(password) }),
      }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const setConfig = async (r: Replica, key: string, value: string) => {
      const row = (
        await call(r, 'GET', `/api/sys/v1/sys/sysConfig/?pageSize=-1&configKey=${encodeURIComponent(key)}`, admin)
      ).body.data.dataList.find((x: { configKey: string }) => x.configKey === key);
      expect(
        (await call(r, 'PUT', '/api/sys/v1/sys/sysConfig/', admin, { ...row, configValue: value })).body.code,
      ).toBe(1);
    };

    beforeAll(async () => {
      await adminQuery(url!, `create database "${dbName}"`);
      scratchUrl = withDatabase(url!, dbName);
      client = new pg.Client({ connectionString: scratchUrl });
      await client.connect();
      rmSync(tmp, { recursive: true, force: true });
      // both at once on the empty database; B sits behind a load balancer on 127.0.0.1 (TRUST_PROXY)
      [a, b] = await Promise.all([
        startReplica('a', scratchUrl, tmp),
        startReplica('b', scratchUrl, tmp, { TRUST_PROXY: '127.0.0.1' }),
      ]);
      await Promise.all([waitUp(a), waitUp(b)]);
      const r = await login(b, 'admin', ADMIN_PASSWORD);
      admin = r.body.data.token;
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a, b].filter(Boolean).map(stopReplica));
      await client?.end();
      await dropDatabase(url!, dbName);
      rmSync(tmp, { recursive: true, force: true });
    }, 30_000);

    it('start together on an empty database: one migrates and seeds, the other waits and finds it done', async () => {
      const n = async (q: string) => Number((await client.query(q)).rows[0].n);
      expect(await n(`select count(*)::int as n from sys_user where user_name = 'admin'`)).toBe(1);
      expect(await n(`select count(*)::int as n from schema_migrations where id = 'seed_v1'`)).toBe(1);
      // the generated demo passwords are written once, by the replica that seeded
      expect([a, b].filter((r) => existsSync(join(r.dataDir, 'admin-password.txt')))).toHaveLength(1);
    });

    it('a token from A works on B; a logout on A ends it on B', async () => {
      const r = await login(a, 'admin', ADMIN_PASSWORD);
      expect(r.body.code).toBe(1);
      const token = r.body.data.token as string;
      const onB = await call(b, 'GET', '/api/sys/v1/sys/sysUser/currentUser', token);
      expect([onB.status, onB.body.data.userName]).toEqual([200, 'admin']);

      expect((await call(a, 'GET', '/api/sys/v1/sso/logout', token)).body.message).toBe('退出成功');
      const after = await call(b, 'GET', '/api/sys/v1/sys/sysUser/currentUser', token);
      expect([after.status, after.body.message]).toEqual([401, '用户登录已失效，请重新登录!']);
      // the other session of the same user, opened on B, goes on working on A
      expect((await call(a, 'GET', '/api/sys/v1/sys/sysUser/currentUser', admin)).status).toBe(200);
    });

    it('a download link made on A downloads on B (the file is in the database, not in A’s DATA_DIR)', async () => {
      const made = await call(a, 'GET', '/api/tpf/v1/tpf/template/accounting', admin);
      expect(made.body.code).toBe(1);
      const link = made.body.data as string;
      expect(link).toMatch(/^\/upload\/[0-9a-f-]{36}\?token=/);
      const res = await fetch(b.base + link);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('attachment');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      // a wrong token is refused on either
      expect((await fetch(b.base + link.replace(/token=.*/, 'token=wrong-token-xyz'))).status).toBe(404);
    });

    it('a cache clear on A empties B’s cache; a dictionary saved on A is read on B within the 2 s sync', async () => {
      const label = async () =>
        (await call(b, 'GET', '/api/sys/v1/sys/sysDict/dropDown/feedbackType', admin)).body.data['4'] as string;
      const before = await label(); // B holds the dictionary now
      expect(before).toBeTruthy();
      // a change behind the servers' back (no write hook runs): B keeps answering its copy…
      await client.query(
        `update sys_dict set items = (select jsonb_agg(case when i->>'value' = '4' then jsonb_set(i, '{label}', '"直接改的"') else i end) from jsonb_array_elements(items) i) where dict_code = 'feedbackType'`,
      );
      expect(await label()).toBe(before);
      const dictOnB = async () =>
        (await call(b, 'GET', '/api/sys/v1/sys/cache/', admin)).body.data.find(
          (c: { name: string }) => c.name === 'dict',
        );
      expect((await dictOnB()).size).toBeGreaterThan(0);
      // …until 缓存管理 on A clears it: B drops its copy within its sync interval
      expect((await call(a, 'DELETE', '/api/sys/v1/sys/cache/dict', admin)).body.message).toBe('清除缓存成功');
      expect(await within(5000, async () => (await dictOnB()).size === 0)).toBeLessThan(5000);
      expect(await label()).toBe('直接改的');

      // a dictionary saved through the API on A (its write hook clears the cache on every replica)
      const dict = (await call(a, 'GET', '/api/sys/v1/sys/sysDict/?dictCode=feedbackType', admin)).body.data
        .dataList[0];
      const items = dict.items.map((i: { value: string; label: string }) =>
        i.value === '4' ? { ...i, label: '其他问题（A）' } : i,
      );
      expect((await call(a, 'PUT', '/api/sys/v1/sys/sysDict/', admin, { ...dict, items })).body.code).toBe(1);
      expect(await within(5000, async () => (await label()) === '其他问题（A）')).toBeLessThan(5000);
    });

    it('全局配置 saved on A is read on B within 2 s, the map host of B’s CSP included', async () => {
      await setConfig(a, 'site.footer', '技术服务：副本测试');
      await within(
        5000,
        async () => (await call(b, 'GET', '/api/sys/v1/sys/sysConfig/site')).body.data.footer === '技术服务：副本测试',
      );
      await setConfig(a, 'map.tileUrl', 'https://t{s}.tiles.replica.example/{z}/{x}/{y}.png');
      await within(5000, async () =>
        ((await fetch(`${b.base}/`)).headers.get('content-security-policy') ?? '').includes(
          'https://*.tiles.replica.example',
        ),
      );
    });

    // last: it leaves 127.0.0.1 refused for 15 minutes
    it('failed logins on A and B add up: the slider after 2, then 429 for the address after 20', async () => {
      const wrong = (r: Replica) => login(r, 'demo_user', 'Wrong-Pass-123');
      const first = await wrong(a);
      expect([first.status, first.body.message, first.body.data]).toEqual([400, '用户名或密码错误', null]);
      const second = await wrong(b); // the second failure — counted with A's
      expect([second.body.message, second.body.data]).toEqual(['用户名或密码错误', { needSlider: true }]);
      const third = await wrong(a);
      expect([third.body.message, third.body.data]).toEqual(['请完成滑块验证', { needSlider: true }]);

      // the slider switched off on A (全局配置) is off on B too; then every failure counts, wherever it lands
      await setConfig(a, 'login.slider', 'off');
      await within(5000, async () => (await wrong(b)).body.message === '用户名或密码错误');
      let failures = 3; // A, B, and the one just seen on B
      let refused: Awaited<ReturnType<typeof wrong>> | undefined;
      for (let i = 0; i < 30 && !refused; i++) {
        const r = await wrong(i % 2 ? b : a);
        if (r.status === 429) refused = r;
        else {
          expect(r.body.message).toBe('用户名或密码错误');
          failures++;
        }
      }
      expect(failures).toBe(20);
      expect([refused?.status, refused?.body.message]).toEqual([429, '登录失败次数过多，请 15 分钟后再试']);
      // the address is refused on both, even with the right password
      for (const r of [a, b]) expect((await login(r, 'admin', ADMIN_PASSWORD)).status).toBe(429);
      // behind the load balancer B trusts (TRUST_PROXY), the client is the address it forwards; A trusts no proxy
      expect((await login(b, 'admin', ADMIN_PASSWORD, '203.0.113.7')).body.code).toBe(1);
      expect((await login(a, 'admin', ADMIN_PASSWORD, '203.0.113.7')).status).toBe(429);
    });
  },
);

describe('TRUST_PROXY', () => {
  it('is off when unset; takes addresses and networks, and refuses anything else', () => {
    expect([undefined, '', 'false'].map(parseTrustProxy)).toEqual([false, false, false]);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.2')).toBe('10.0.0.0/8,192.168.1.2');
    expect(parseTrustProxy('loopback')).toBe('loopback');
    expect(parseTrustProxy('fd00::/8')).toBe('fd00::/8');
    for (const bad of ['true', '1', 'lb.example', '1.2.3.4/'])
      expect(() => parseTrustProxy(bad)).toThrow(/^TRUST_PROXY 不正确/);
  });
});
