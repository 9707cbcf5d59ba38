// Database faults are survivable. On PostgreSQL (DATABASE_URL set) a real backend is killed with
// pg_terminate_backend mid-request — once while its transaction waits between statements (pg then emits 'error' on a
// checked-out client, which used to end the process), once inside a running statement: the request answers 503
// `数据库连接中断，请稍后重试`, nothing of its write is kept, and the next request works on a new connection. On
// either database: GET /api/health, and a connection-level error injected at kysely's seam answers 503.
// A whole PostgreSQL restart under load is scripts/pg-restart-check.mjs (CI).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { setMustChange } from '../../src/server/accounts/credentials';
import { isConnectionLost } from '../../src/server/db/connectionLost';
import type { Database } from '../../src/server/db/database';
import { resourceDef } from '../../src/server/db/registry';
import { ENG, engineeringBody } from './builders';
import { b64, TEST_PASSWORDS } from './helpers';
import { adminQuery, openTestDatabase } from './testDb';

const DB_DOWN = '数据库连接中断，请稍后重试';
const ENG_TABLE = resourceDef('tpf3Engineering').table;
const url = process.env.DATABASE_URL;

/** While armed, fails every query with `error` (a connection-level one, as pg raises it), or delays its result. */
class Fault implements KyselyPlugin {
  error: Error | undefined;
  delayMs = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.error) throw this.error;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    return result;
  }
}

/** Holds the request after its insert into `table` (its transaction open, no statement running) until released. */
class PauseAfterInsert implements KyselyPlugin {
  private armed = false;
  private readonly inserts = new WeakSet<QueryId>();
  private arrived = () => {};
  private gate: Promise<void> = Promise.resolve();
  /** Resolves once the armed insert has run. */
  reached: Promise<void> = Promise.resolve();
  release = () => {};
  constructor(private readonly table: string) {}
  arm(): void {
    this.armed = true;
    this.reached = new Promise<void>((r) => (this.arrived = r));
    this.gate = new Promise<void>((r) => (this.release = r));
  }
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.armed && node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === this.table)
      this.inserts.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    if (this.armed && this.inserts.has(queryId)) {
      this.armed = false;
      this.arrived();
      await this.gate;
    }
    return result;
  }
}

/** An app on its own test database with `plugins` on its kysely instance, logged in as demo_user. */
async function faultyApp(plugins: KyselyPlugin[], configure?: (app: FastifyInstance, database: Database) => void) {
  const database = await openTestDatabase(inject('dbTemplate'));
  const dataDir = mkdtempSync(join(tmpdir(), 'tansuan-dbfaults-'));
  const db = plugins.reduce((d, p) => d.withPlugin(p), database.db);
  const app = await buildApp({ db, logger: false, clientDir: '/nonexistent-client-dir', dataDir });
  configure?.(app, database);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/sys/v1/sso/login',
    payload: { userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user) },
  });
  await setMustChange(database.db, [login.json().data.userId], false);
  const token: string = login.json().data.token;
  const call = async (method: InjectOptions['method'], path: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url: path,
      headers: { 'access-token': token },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const engineeringNamed = async (name: string) =>
    (await database.db.selectFrom(ENG_TABLE).select('id').where('name', '=', name).execute()).length;
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, database, call, engineeringNamed, close };
}

describe('what counts as a lost database connection', () => {
  it('the server going away, a broken socket, pg’s own messages — not a failed statement or a full disk', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE'])
      expect(isConnectionLost(coded(code)), code).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isConnectionLost(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]))).toBe(true);
    for (const code of ['23505', '53100', '40001', '57014']) expect(isConnectionLost(coded(code)), code).toBe(false);
    expect(isConnectionLost(new Error('Connection terminated'))).toBe(false); // (our own pool.end at shutdown)
    expect(isConnectionLost(undefined)).toBe(false);
  });
});

describe('GET /api/health, and a connection-level error injected into a request', () => {
  const fault = new Fault();
  let t: Awaited<ReturnType<typeof faultyApp>>;
  beforeAll(async () => {
    t = await faultyApp([fault]);
  });
  afterAll(() => t.close());
  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { status: res.statusCode, body: res.json() };
  };

  it('answers ok without a session, with the kind of database', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: { code: 1, message: '操作成功', data: { status: 'ok', database: 'ok', kind: t.database.kind } },
    });
  });

  it('says degraded while queries fail at the connection, and ok again once they work', async () => {
    fault.error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
    });
    try {
      expect(await health()).toEqual({
        status: 503,
        body: { code: 0, message: DB_DOWN, data: { status: 'degraded', database: 'down', kind: t.database.kind } },
      });
    } finally {
      fault.error = undefined;
    }
    expect((await health()).status).toBe(200);
  });

  it('after about 2 s without an answer: PostgreSQL is away (503), PGlite is busy behind a long statement (200)', async () => {
    fault.delayMs = 4000;
    const started = Date.now();
    let res: Awaited<ReturnType<typeof health>>;
    try {
      res = await health();
    } finally {
      fault.delayMs = 0;
    }
    if (t.database.kind === 'pglite')
      expect(res).toMatchObject({ status: 200, body: { data: { status: 'ok', database: 'busy' } } });
    else expect(res).toMatchObject({ status: 503, body: { message: DB_DOWN, data: { database: 'down' } } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('a request whose connection is lost answers 503 数据库连接中断，请稍后重试; the next one answers normally', async () => {
    const list = () => t.call('GET', `${ENG}/?pageSize=-1`);
    expect((await list()).status).toBe(200);
    fault.error = new Error('Connection terminated unexpectedly');
    try {
      expect(await list()).toEqual({ status: 503, body: { code: 0, message: DB_DOWN, data: null } });
    } finally {
      fault.error = undefined;
    }
    expect((await list()).status).toBe(200);
  });

  it('an ordinary statement error leaves the database serving', async () => {
    await expect(sql`select * from no_such_table`.execute(t.database.db)).rejects.toMatchObject({ code: '42P01' });
    expect((await health()).status).toBe(200);
  });
});

describe.skipIf(!url)(
  'a PostgreSQL backend killed mid-request (pg_terminate_backend; skipped without DATABASE_URL: PGlite has no backends)',
  () => {
    const pause = new PauseAfterInsert(ENG_TABLE);
    const SLOW = '/api/test/v1/dbFaults/slowWrite';
    let t: Awaited<ReturnType<typeof faultyApp>>;
    let dbName: string;
    /**
     * Terminates the backends of the app's database matching `where` (pg_stat_activity), waiting until they are gone.
     */
    const terminate = async (where: string): Promise<number> => {
      const admin = `select pid from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid() and ${where}`;
      let found = 0;
      for (let i = 0; i < 100 && !found; i++) {
        found = (await sql.raw(admin).execute(t.database.db)).rows.length;
        if (!found) await new Promise((r) => setTimeout(r, 50));
      }
      await adminQuery(url!, `select pg_terminate_backend(pid) from (${admin}) b`);
      for (let i = 0; i < 100 && (await sql.raw(admin).execute(t.database.db)).rows.length; i++)
        await new Promise((r) => setTimeout(r, 50));
      return found;
    };

    beforeAll(async () => {
      t = await faultyApp([pause], (app, database) => {
        // a write whose transaction then runs a long statement: the backend is killed inside it
        app.post<{ Body: { name: string } }>(SLOW, { config: { writes: true } }, async (req) => {
          await database.db.transaction().execute(async (trx) => {
            await trx.insertInto(ENG_TABLE).values({ name: req.body.name, code: 'SLOW-1', tenant_id: 1 }).execute();
            await sql`select pg_sleep(30)`.execute(trx);
          });
          return { code: 1, message: '操作成功', data: null };
        });
      });
      dbName = (await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)).rows[0].name;
    });
    afterAll(() => t?.close());

    it('between two statements of its transaction: 503, nothing kept, the process lives on, the next request works', async () => {
      const name = '连接中断时新增的工程';
      pause.arm();
      const pending = t.call('POST', `${ENG}/`, engineeringBody({ name }));
      await pause.reached;
      // the backend waits 'idle in transaction' after the insert; killed there, pg emits 'error' on the checked-out
      // client
      expect(await terminate(`state = 'idle in transaction'`)).toBe(1);
      await new Promise((r) => setTimeout(r, 200)); // (the client has read the end of its socket)
      pause.release();
      expect(await pending).toEqual({ status: 503, body: { code: 0, message: DB_DOWN, data: null } });
      expect(await t.engineeringNamed(name)).toBe(0);

      const again = await t.call('POST', `${ENG}/`, engineeringBody({ name }));
      expect(again.status).toBe(200);
      expect(await t.engineeringNamed(name)).toBe(1);
      expect((await t.call('GET', `${ENG}/?pageSize=-1`)).status).toBe(200);
    });

    it('inside a running statement: 503, its insert rolled back, the next request works', async () => {
      const name = '语句执行中断开的工程';
      const pending = t.call('POST', SLOW, { name });
      expect(await terminate(`query like '%pg_sleep(30)%' and state = 'active'`)).toBe(1);
      expect(await pending).toEqual({ status: 503, body: { code: 0, message: DB_DOWN, data: null } });
      expect(await t.engineeringNamed(name)).toBe(0);

      // every pooled connection answers afterwards: the dead one was discarded, not handed out again
      const reads = await Promise.all(Array.from({ length: 12 }, () => t.call('GET', `${ENG}/?pageSize=-1`)));
      expect(reads.map((r) => r.status)).toEqual(Array(12).fill(200));
      expect((await t.call('POST', `${ENG}/`, engineeringBody({ name }))).status).toBe(200);
    });
  },
);
