// One database to measure on, set up the way src/server/main.ts does it (open, migrate, seed), the real app
// built with buildApp and driven with inject as admin, and the raw driver the floors use on the same database.
//   PGlite: a fresh data dir under .tmp/bench (removed afterwards unless --keep).
//   PostgreSQL: the database tansuan_bench created on DATABASE_URL's server and dropped afterwards; a
//   DATABASE_URL that already names a tansuan_bench… database is used as it is (its public schema is emptied).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openPGlite, openPostgres, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/seed/seed';
import { rawPGlite, rawPostgres, type Raw } from './raw';
import { alive } from '../../src/server/db/lockFile';
import { adminQuery } from '../../tests/server/testDb';

export const BENCH_DIR = resolve(import.meta.dirname, '../../.tmp/bench');
export const PASSWORDS = {
  admin: 'Bench-Admin-Pass-1',
  demo_admin: 'Bench-Demo-Admin-1',
  demo_user: 'Bench-Demo-User-1',
  demo_trial: 'Bench-Demo-Trial-1',
};
export const BENCH_DB = 'tansuan_bench';

export interface Answer {
  status: number;

  body: any;
}

export interface Target {
  kind: 'pglite' | 'postgres';
  /** e.g. "PGlite 0.3.x (PostgreSQL 17.4)" */
  label: string;
  /** PostgreSQL: the bench database's URL (a server process of its own can open it) */
  url?: string;
  app: FastifyInstance;
  database: Database;
  raw: Raw;
  token: string;
  /** inject as admin; the body parsed when it is JSON */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { payload?: InjectOptions['payload']; headers?: Record<string, string> },
  ): Promise<Answer>;
  setupMs: number;
  close(): Promise<void>;
}

/** Data dirs left by bench runs that were killed (their process is gone). */
function removeStaleDirs(): void {
  if (!existsSync(BENCH_DIR)) return;
  for (const name of readdirSync(BENCH_DIR)) {
    const m = /^(pglite|data)-(\d+)$/.exec(name);
    if (m && Number(m[2]) !== process.pid && !alive(Number(m[2])))
      rmSync(join(BENCH_DIR, name), { recursive: true, force: true });
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** The database URL to use and how to clean up after it. */
async function benchDatabase(url: string, keep: boolean): Promise<{ url: string; drop: () => Promise<void> }> {
  const given = decodeURIComponent(new URL(url).pathname.slice(1));
  if (given.startsWith(BENCH_DB)) {
    // the bench's own database, named by the caller: start from an empty schema
    await adminQuery(url, 'drop schema if exists public cascade; create schema public');
    return { url, drop: async () => {} };
  }
  try {
    await adminQuery(url, `drop database if exists ${BENCH_DB} with (force)`);
    await adminQuery(url, `create database ${BENCH_DB}`);
  } catch (e) {
    const err = e as Error & { code?: string };
    const hint =
      err.code === '42501'
        ? `; give the role CREATEDB, or create a database named ${BENCH_DB} and point DATABASE_URL at it`
        : '';
    throw new Error(`cannot create the database ${BENCH_DB} on DATABASE_URL's server: ${err.message}${hint}`, {
      cause: e,
    });
  }
  return {
    url: withDatabase(url, BENCH_DB),
    drop: async () => (keep ? undefined : adminQuery(url, `drop database if exists ${BENCH_DB} with (force)`)),
  };
}

export async function openTarget(
  kind: 'pglite' | 'postgres',
  opts: { databaseUrl?: string; keep: boolean; log: (s: string) => void },
): Promise<Target> {
  const t0 = performance.now();
  mkdirSync(BENCH_DIR, { recursive: true });
  removeStaleDirs();
  const dataDir = join(BENCH_DIR, `data-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  let database: Database;
  let raw: Raw;
  let drop = async () => {};
  let pgliteDir: string | undefined;
  let url: string | undefined;
  if (kind === 'pglite') {
    pgliteDir = join(BENCH_DIR, `pglite-${process.pid}`);
    rmSync(pgliteDir, { recursive: true, force: true });
    database = await openPGlite({ dataDir: pgliteDir });
    raw = rawPGlite(database.pglite!);
  } else {
    if (!opts.databaseUrl) throw new Error('DATABASE_URL is not set');
    const bench = await benchDatabase(opts.databaseUrl, opts.keep);
    drop = bench.drop;
    url = bench.url;
    database = openPostgres(bench.url);
    raw = rawPostgres(bench.url);
  }
  opts.log(`  migrate + seed (${kind})…`);
  await migrate(database.db);
  await seed(database.db, { adminPassword: PASSWORDS.admin, passwords: PASSWORDS, print: () => {} });
  const version = String((await raw.query<{ v: string }>("select current_setting('server_version') as v"))[0].v);
  const label = kind === 'pglite' ? `PGlite ${await pgliteVersion()} (PostgreSQL ${version})` : `PostgreSQL ${version}`;

  const app = await buildApp({ db: database.db, logger: false, clientDir: join(BENCH_DIR, 'no-client'), dataDir });
  await app.ready();

  let token = '';
  const call: Target['call'] = async (method, url, o = {}) => {
    const res = await app.inject({
      method,
      url,
      payload: o.payload,
      headers: { ...(token ? { 'access-token': token } : {}), ...o.headers },
    });
    let body: unknown = res.body;
    if (String(res.headers['content-type'] ?? '').includes('json')) body = res.json();
    return { status: res.statusCode, body };
  };
  const login = await call('POST', '/api/sys/v1/sso/login', {
    payload: { userName: 'admin', password: Buffer.from(PASSWORDS.admin).toString('base64') },
  });
  if (login.body?.code !== 1) throw new Error(`login as admin failed: ${JSON.stringify(login.body)}`);
  token = login.body.data.token;

  return {
    kind,
    label,
    url,
    app,
    database,
    raw,
    get token() {
      return token;
    },
    call,
    setupMs: performance.now() - t0,
    async close() {
      await app.close();
      await raw.close();
      await database.close();
      await drop();
      if (!opts.keep) {
        if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

async function pgliteVersion(): Promise<string> {
  try {
    const pkg = resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');
    return JSON.parse(readFileSync(pkg, 'utf8')).version as string;
  } catch {
    return '?';
  }
}
