// A full disk: the failing request answers 507 `服务器存储空间不足` at once, nothing of it is kept,
// and the next request answers normally. The failures are injected at their seams — a real ENOSPC from the
// kernel (a file write to /dev/full), SQLSTATE 53100 from the database (a kysely plugin that fails the write
// after a batch's rows inside its transaction), a PGlite PANIC — because a real full file system needs a mount, which
// CI may not allow. What a real full disk does to PGlite (checked by hand on a tmpfs) is in src/server/db/diskSpace.ts
// and src/server/db/pgliteWatchdog.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import {
  Kysely,
  sql,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type RawNode,
  type RootOperationNode,
  type TableNode,
} from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openPGlite, type Database } from '../../src/server/db/database';
import { FreeSpace, isDiskFull } from '../../src/server/db/diskSpace';
import { PGliteDialect } from '../../src/server/db/pgliteDialect';
import { isWriteStatement } from '../../src/server/db/writeStatement';
import { describeStartupError } from '../../src/server/startupErrors';
import { setMustChange } from '../../src/server/accounts/credentials';
import { passSlider, outbox } from './accountHelpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from './builders';
import { b64, testApp, TEST_PASSWORDS, type TestApp } from './helpers';
import { openTestDatabase } from './testDb';

const DISK_FULL = '服务器存储空间不足';
const STAGE = '/api/tpf/v1/tpf/stage';

describe('a file write that finds the disk full (ENOSPC)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it.runIf(existsSync('/dev/full'))('answers 507 服务器存储空间不足, and the next request normally', async () => {
    // the development SMS sender appends to DATA_DIR/sms-outbox.log; /dev/full answers every write with ENOSPC
    const outboxFile = join(t.dataDir, 'sms-outbox.log');
    symlinkSync('/dev/full', outboxFile);
    const send = async (phone: string) =>
      t.call('PUT', `/api/sys/v1/sso/sendSmsCode?phone=${phone}&purpose=register`, undefined, {
        sliderToken: await passSlider(t),
      });

    const started = Date.now();
    const full = await send('13700000001');
    expect(full.status).toBe(507);
    expect(full.body).toEqual({ code: 0, message: DISK_FULL, data: null });
    expect(Date.now() - started).toBeLessThan(5000);

    rmSync(outboxFile);
    const next = await send('13700000002');
    expect(next.status).toBe(200);
    expect(outbox(t).map((l) => l.phone)).toEqual(['13700000002']);
  });
});

/**
 * Fails with PostgreSQL's disk_full (as PGlite and pg raise it) the first write after the rows went into `table`
 * while armed: the batch's rows are in (one multi-row insert), then its calculation's next write finds the disk full.
 */
/** The table a node names; sql.table() inside a raw query arrives wrapped in a RawNode of its own. */
const tableName = (n: OperationNode | undefined): string | undefined =>
  n?.kind === 'TableNode'
    ? (n as TableNode).table.identifier.name
    : n?.kind === 'RawNode'
      ? tableName((n as RawNode).parameters[0])
      : undefined;

/**
 * A kysely insert into `table`, or the raw multi-row insert of bulkInsert.ts (`insert into ${sql.table(t)} … rows
 * from`).
 */
const insertsInto = (node: RootOperationNode, table: string) =>
  node.kind === 'InsertQueryNode'
    ? tableName(node.into) === table
    : node.kind === 'RawNode' &&
      /^\s*insert into\s*$/i.test(node.sqlFragments[0] ?? '') &&
      tableName(node.parameters[0]) === table;

class DiskFullAfterInsert implements KyselyPlugin {
  armed = false;
  private inserted = false;
  constructor(private readonly table: string) {}
  arm() {
    this.armed = true;
    this.inserted = false;
  }
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!this.armed) return node;
    if (insertsInto(node, this.table)) this.inserted = true;
    else if (
      this.inserted &&
      isWriteStatement(node.kind, node.kind === 'RawNode' ? node.sqlFragments.join('?') : undefined)
    ) {
      this.armed = false;
      throw Object.assign(new Error(`could not extend file "base/5/16644": No space left on device`), {
        severity: 'ERROR',
        code: '53100',
        hint: 'Check free disk space.',
      });
    }
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

describe('a database write that finds the disk full (SQLSTATE 53100)', () => {
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  let token: string;
  let buildingId: number;
  const plugin = new DiskFullAfterInsert('stage_produce');
  const call = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'access-token': token },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    dataDir = mkdtempSync(join(tmpdir(), 'tansuan-faults-'));
    app = await buildApp({
      db: database.db.withPlugin(plugin),
      logger: false,
      clientDir: '/nonexistent-client-dir',
      dataDir,
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/sys/v1/sso/login',
      payload: { userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user) },
    });
    token = login.json().data.token;
    await setMustChange(database.db, [login.json().data.userId], false);
    const eng = (await call('POST', `${ENG}/`, engineeringBody())).body.data;
    buildingId = (
      await call('POST', `${PROJECT}/`, buildingBody(eng.id, { menus: 'produce,trans,build,remove,runtime,green' }))
    ).body.data.id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = () =>
    [1, 2, 3, 4, 5].map((i) => ({
      projectId: buildingId,
      materialName: `钢材${i}`,
      unit: 't',
      quantity: i,
      factorValue: 2050,
      factorUnit: 'kgCO2e/t',
    }));
  const saved = async () =>
    (await call('GET', `${STAGE}/produce/?projectId=${buildingId}&pageSize=-1`)).body.data.dataList.length;

  it('answers 507 服务器存储空间不足, keeps nothing of the batch, and the next request answers normally', async () => {
    plugin.arm();
    const started = Date.now();
    const full = await call('POST', `${STAGE}/produce/batch`, rows());
    expect(full.status).toBe(507);
    expect(full.body).toEqual({ code: 0, message: DISK_FULL, data: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await saved()).toBe(0); // the five rows inserted before the failure were rolled back with it

    const next = await call('POST', `${STAGE}/produce/batch`, rows());
    expect(next.status).toBe(200);
    expect(await saved()).toBe(5);
  });
});

describe('the embedded database on a nearly full disk', () => {
  let t: TestApp;
  let free = 10 * 1024 ** 3;
  let user: string;
  let buildingId: number;
  beforeAll(async () => {
    t = await testApp({ diskGuard: { dir: tmpdir(), reserveBytes: 64 * 1024 ** 2, freeBytes: async () => free } });
    user = await t.login('demo_user');
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
    buildingId = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id))).body.data.id;
  });
  afterAll(() => t.close());

  /** Rows of the tables that the refused routes would write (jobs, stored files, buildings, results). */
  const footprint = async () => {
    const db = t.database.db;
    const count = async (table: string) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const building = await db
      .selectFrom('tpf3_project')
      .select(['update_date'])
      .where('id', '=', buildingId)
      .executeTakeFirstOrThrow();
    return {
      jobs: await count('sys_job'),
      files: await count('sys_file'),
      buildings: await count('tpf3_project'),
      updated: String(building.update_date),
    };
  };
  const lastSeen = async () =>
    String(
      (await t.database.db.selectFrom('sys_session').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at,
    );

  it('refuses with 507 every route that writes, whatever its verb, before it starts; nothing is written', async () => {
    free = 20 * 1024 ** 2;
    const before = await footprint();
    const refused = [
      ['POST', `${ENG}/`],
      ['GET', `${STAGE}/produce/calculate?projectId=${buildingId}`],
      ['GET', `${ENG}/export`],
      ['GET', `${PROJECT}/exportPdf?projectId=${buildingId}&type=pdf`],
      ['GET', `${PROJECT}/copy?projectId=${buildingId}`],
    ] as const;
    for (const [method, url] of refused) {
      const r = await t.call(
        method,
        url,
        user,
        method === 'POST' ? engineeringBody({ name: '磁盘满时的工程' }) : undefined,
      );
      expect([url, r.status, r.body?.message]).toEqual([url, 507, DISK_FULL]);
    }
    expect(await footprint()).toEqual(before);

    free = 100 * 1024 ** 2;
    expect((await t.call('GET', `${PROJECT}/copy?projectId=${buildingId}`, user)).status).toBe(200);
    expect((await footprint()).buildings).toBe(before.buildings + 1);
  });

  it('still answers reads, without touching the session', async () => {
    // a session seen two minutes ago: a read at normal free space touches it
    const back = () =>
      t.database.db
        .updateTable('sys_session')
        .set({ last_seen_at: new Date(Date.now() - 120_000) })
        .execute();
    await back();
    free = 20 * 1024 ** 2;
    const seen = await lastSeen();
    for (const url of [`${ENG}/?pageSize=-1`, `${PROJECT}/${buildingId}`, '/api/sys/v1/sys/sysUser/currentUser']) {
      const r = await t.call('GET', url, user);
      expect([url, r.status]).toEqual([url, 200]);
    }
    expect(await lastSeen()).toBe(seen);

    free = 100 * 1024 ** 2;
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', user)).status).toBe(200);
    expect(await lastSeen()).not.toBe(seen);
  });
});

describe('the PGlite dialect below the disk reserve', () => {
  let pglite: PGlite;
  let db: Kysely<any>;
  let free = 100 * 1024 ** 2;
  beforeAll(async () => {
    pglite = new PGlite();
    const space = new FreeSpace('/data', async () => free, 0);
    db = new Kysely({ dialect: new PGliteDialect(pglite, { dir: '/data', reserveBytes: 64 * 1024 ** 2, space }) });
    await sql`create table t (n int)`.execute(db);
  });
  afterAll(() => db.destroy());

  it('fails every write statement with the disk-full error (507) before PGlite sees it; reads go on', async () => {
    free = 20 * 1024 ** 2;
    const query = vi.spyOn(pglite, 'query');
    const writes = [
      () => db.insertInto('t').values({ n: 1 }).execute(),
      () => db.updateTable('t').set({ n: 2 }).execute(),
      () => db.deleteFrom('t').execute(),
      () => sql`truncate t`.execute(db),
      () => sql`  DROP table t`.execute(db),
    ];
    for (const write of writes) expect(isDiskFull(await write().catch((e: unknown) => e))).toBe(true);
    expect(query).not.toHaveBeenCalled();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);

    free = 100 * 1024 ** 2;
    await db.insertInto('t').values({ n: 1 }).execute();
    expect(await db.selectFrom('t').select('n').execute()).toEqual([{ n: 1 }]);
    query.mockRestore();
  });
});

describe('PGlite after a PANIC (its WAL could not grow)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPGlite({});
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses every later query at once with the same SQLSTATE (507), and close leaves the instance alone', async () => {
    const pglite = database.pglite!;
    const panic = Object.assign(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'), {
      severity: 'PANIC',
      code: '53100',
    });
    const query = vi.spyOn(pglite, 'query').mockRejectedValueOnce(panic);
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const close = vi.spyOn(pglite, 'close');

    await expect(sql`select 1`.execute(database.db)).rejects.toBe(panic);
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(String(stderr.mock.calls[0][0])).toContain('嵌入式数据库出现不可恢复的错误');

    // (the real instance would now spin for ever in XLogFlush: it is not asked again)
    const later = await sql`select 1`.execute(database.db).catch((e: unknown) => e);
    expect(later).toMatchObject({ code: '53100', severity: 'PANIC' });
    expect(isDiskFull(later)).toBe(true);
    expect(query).toHaveBeenCalledTimes(1);

    await database.close();
    expect(close).not.toHaveBeenCalled();
  });
});

describe('the watchdog of the embedded database', () => {
  it(
    'ends the process, with one line and without its lock file, when a statement runs past the limit',
    { timeout: 30_000 },
    async () => {
      // (a busy loop stands in for PGlite spinning in XLogFlush: the main thread never comes back)
      const dir = mkdtempSync(join(tmpdir(), 'tansuan-watchdog-'));
      const lockPath = join(dir, 'db.lock');
      const modules = resolve(import.meta.dirname, '../../src/server/db');
      const code = `
      import { writeFileSync } from 'node:fs';
      import { statementClock } from ${JSON.stringify(pathToFileURL(join(modules, 'pgliteDialect.ts')).href)};
      import { watchPGlite } from ${JSON.stringify(pathToFileURL(join(modules, 'pgliteWatchdog.ts')).href)};
      writeFileSync(${JSON.stringify(lockPath)}, String(process.pid));
      watchPGlite({ dataDir: ${JSON.stringify(dir)}, lockPath: ${JSON.stringify(lockPath)}, limitMs: 300 });
      await new Promise((r) => setTimeout(r, 200)); // the worker is up
      statementClock.begin();
      for (;;);
    `;
      try {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
          cwd: resolve(import.meta.dirname, '../..'),
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (d) => (stderr += d));
        const [exitCode, signal] = await new Promise<[number | null, string | null]>((r) =>
          child.once('exit', (c, s) => r([c, s])),
        );
        expect(signal, stderr).toBe('SIGKILL');
        expect(exitCode).toBeNull();
        expect(stderr.trim()).toContain('嵌入式数据库的一条语句运行超过');
        expect(existsSync(lockPath)).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('what counts as a full disk', () => {
  it('node ENOSPC/EDQUOT, SQLSTATE 53100, PGlite file errors, also as a cause', () => {
    expect(isDiskFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(
      true,
    );
    expect(isDiskFull(Object.assign(new Error('x'), { code: 'EDQUOT' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(isDiskFull(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'))).toBe(true);
    expect(isDiskFull(new Error('export failed', { cause: Object.assign(new Error('x'), { code: 'ENOSPC' }) }))).toBe(
      true,
    );
    expect(isDiskFull(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
  });
});

describe('a database that cannot be used at start: one line', () => {
  const pgCfg = { dataDir: '/srv/data', databaseUrl: 'postgres://tansuan:S3cret%21pw@db.example:5433/carbon' };
  const line = (
    err: unknown,
    cfg: { dataDir: string; databaseUrl?: string } = pgCfg,
    stage: 'open' | 'migrate' = 'open',
    free?: number,
  ) => describeStartupError(err, cfg, stage, free);

  it('PostgreSQL: names host:port/db and the reason, never the password', () => {
    expect(line(Object.assign(new Error('connect ECONNREFUSED 1.2.3.4:5433'), { code: 'ECONNREFUSED' }))).toBe(
      '无法连接数据库 PostgreSQL db.example:5433/carbon：连接被拒绝（ECONNREFUSED）',
    );
    expect(line(Object.assign(new Error('password authentication failed for user "tansuan"'), { code: '28P01' }))).toBe(
      '无法连接数据库 PostgreSQL db.example:5433/carbon：用户名或密码错误（28P01）',
    );
    expect(line(Object.assign(new Error('database "carbon" does not exist'), { code: '3D000' }))).toContain(
      '数据库不存在（3D000）',
    );
    expect(line(new Error('Connection terminated due to connection timeout'))).toContain('连接超时');
    const leaky = line(new Error('bad password S3cret!pw given'));
    expect(leaky).not.toContain('S3cret');
    expect(
      line(Object.assign(new Error('permission denied for schema public'), { code: '42501' }), pgCfg, 'migrate'),
    ).toBe('数据库初始化失败 PostgreSQL db.example:5433/carbon：permission denied for schema public（42501）');
    expect(
      line(Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' }), {
        dataDir: '/d',
        databaseUrl: 'postgres://a:b@[bad',
      }),
    ).toContain('DATABASE_URL 格式不正确');
    expect(line(new TypeError('x is not a function'), pgCfg, 'migrate')).toBeUndefined(); // a bug keeps its stack
  });

  it('PGlite: a damaged folder or a full disk', () => {
    const cfg = { dataDir: '/srv/data' };
    expect(line(new Error('PGlite failed to initialize properly'), cfg, 'open', 10 * 1024 ** 3)).toBe(
      '无法打开嵌入式数据库 /srv/data/db：数据目录已损坏、不完整或由其他版本的 PGlite 创建（PGlite failed to initialize properly）',
    );
    expect(line(new Error('PGlite failed to initialize properly'), cfg, 'open', 3 * 1024 ** 2)).toBe(
      '无法打开嵌入式数据库 /srv/data/db：磁盘空间不足（剩余 3 MB，启动至少需要 64 MB 可用空间）',
    );
    expect(line(Object.assign(new Error('x'), { severity: 'PANIC', code: '53100' }), cfg, 'migrate', 0)).toContain(
      '磁盘空间不足',
    );
    expect(line(new TypeError('x is not a function'), cfg, 'migrate')).toBeUndefined();
  });
});
