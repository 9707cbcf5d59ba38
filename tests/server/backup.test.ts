// Backups of the embedded database: a backup taken under a write load is the set of transactions
// committed before it — restored into a fresh data dir it holds exactly the rows and totals the source had at that
// moment, and no session; a file that is no backup is refused without touching the data; the schedule keeps the
// newest backup.keep; only the super admin reaches the routes. On PostgreSQL backups are pg_dump (docs/operations.md).
import type { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotABackupError } from '../../src/server/backup/archive';
import { Backups } from '../../src/server/backup/backups';
import { restoreDataDir } from '../../src/server/backup/restore';
import { runScheduled } from '../../src/server/backup/schedule';
import { openPGlite } from '../../src/server/db/database';
import { acquireLock, DataDirLockedError } from '../../src/server/db/lockFile';
import { seed } from '../../src/server/seed/seed';
import { Settings } from '../../src/server/settings/settings';
import { setConfig } from './accountHelpers';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';
import { testApp, type TestApp } from './helpers';

const B = '/api/sys/v1/sys/backup';
const STAGE = '/api/tpf/v1/tpf/stage';
/** The main tables (sys_file less the download links, which a restore removes). */
const TABLES = [
  'tpf3_engineering',
  'tpf3_project',
  'stage_produce',
  'sys_user',
  'sys_config',
  'tpf3_build_material',
  'tpf3_bim_model',
];
/** Rows one produce batch adds: one request, one transaction. */
const BATCH = 3;

async function countsOf(q: { query<R>(sql: string): Promise<{ rows: R[] }> }): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES)
    out[t] = Number((await q.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0].n);
  return out;
}
const totalsOf = async (q: { query<R>(sql: string, p?: unknown[]): Promise<{ rows: R[] }> }, id: number) =>
  (await q.query<{ total: number; produce: number }>('select total, produce from tpf3_project where id = $1', [id]))
    .rows[0];

describe.skipIf(!!process.env.DATABASE_URL)(
  'backups of the embedded database (PGlite only: PostgreSQL is backed up with pg_dump)',
  () => {
    let t: TestApp;
    let backups: Backups;
    let pglite: PGlite;
    let admin: string;
    let groupAdmin: string;
    let user: string;
    const scratch: string[] = [];
    const tmp = () => {
      const d = mkdtempSync(join(tmpdir(), 'tansuan-backup-'));
      scratch.push(d);
      return d;
    };

    beforeAll(async () => {
      t = await testApp({
        extend: (database, dataDir) => {
          pglite = database.pglite!;
          backups = new Backups({ db: database.db, pglite, dataDir });
          return { backups };
        },
      });
      admin = await t.login('admin');
      groupAdmin = await t.login('demo_admin');
      user = await t.login('demo_user');
    });
    afterAll(async () => {
      await t?.close();
      for (const d of scratch) rmSync(d, { recursive: true, force: true });
    });

    it('only the super admin lists, makes and downloads backups', async () => {
      for (const token of [groupAdmin, user]) {
        expect((await t.call('GET', `${B}/`, token)).status).toBe(403);
        expect((await t.call('POST', `${B}/`, token)).status).toBe(403);
      }
      const made = await t.call('POST', `${B}/`, admin);
      expect(made.status).toBe(200);
      expect(made.body).toMatchObject({ code: 1, message: '备份成功', data: { kind: 'manual' } });
      expect(made.body.data.name).toMatch(/^tansuan-\d{4}-\d{2}-\d{2}T\d{6}\.tar\.gz$/);

      const list = await t.call('GET', `${B}/`, admin);
      expect(list.body.data).toMatchObject({ engine: 'pglite', cron: '0 3 * * *', keep: 7, running: false });
      expect(list.body.data.list[0]).toMatchObject({
        name: made.body.data.name,
        size: made.body.data.size,
        kind: 'manual',
      });

      expect((await t.call('POST', `${B}/link/${made.body.data.name}`, groupAdmin)).status).toBe(403);
      const link = await t.call('POST', `${B}/link/${made.body.data.name}`, admin);
      expect(link.body.data).toMatch(new RegExp(`^${B}/download/`));
      const file = await t.app.inject({ method: 'GET', url: link.body.data });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBe(made.body.data.size);
      expect(file.rawPayload.equals(readFileSync(join(backups.dir, made.body.data.name)))).toBe(true);
      // one use only
      expect((await t.app.inject({ method: 'GET', url: link.body.data })).statusCode).toBe(404);
      expect((await t.call('POST', `${B}/link/..%2Fdb.lock`, admin)).status).toBe(404);
    });

    it('one backup at a time: a second request while one runs answers 409', async () => {
      const [a, b] = await Promise.all([t.call('POST', `${B}/`, admin), t.call('POST', `${B}/`, admin)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.message).toBe('已有备份正在进行，请稍后再试');
    });

    it('a backup under a write load restores to exactly what was committed when it was taken', async () => {
      const steel = await libraryFactor(t, user, '热轧碳钢钢筋');
      // a download link in the source (an export), which the restore must not carry over
      const demo = (await t.call('GET', `${PROJECT}/?pageSize=1`, user)).body.data.dataList[0];
      expect((await t.call('GET', `${PROJECT}/getExcelByID?projectID=${demo.id}`, user)).body.code).toBe(1);
      // what the source holds at the instant of the copy, read beside it (the app's connection is held then)
      let atBackup:
        | {
            counts: Record<string, number>;
            totals: Record<number, { total: number; produce: number }>;
            sessions: number;
            links: number;
          }
        | undefined;
      const buildings: number[] = [];
      const dump = pglite.dumpDataDir.bind(pglite);
      pglite.dumpDataDir = async (c) => {
        const totals: Record<number, { total: number; produce: number }> = {};
        for (const id of buildings) totals[id] = await totalsOf(pglite, id);
        const sessions = Number(
          (await pglite.query<{ n: number }>('select count(*)::int as n from sys_session')).rows[0].n,
        );
        const links = Number(
          (await pglite.query<{ n: number }>('select count(*)::int as n from sys_file where expires_at is not null'))
            .rows[0].n,
        );
        atBackup = { counts: await countsOf(pglite), totals, sessions, links };
        return dump(c);
      };

      // 4 writers: a project, a building, then produce batches of 3 rows (each saves rows and recalculates)
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const eng = (
            await t.call('POST', `${ENG}/`, user, engineeringBody({ name: `备份负载${w}-${i}`, code: `BK-${w}-${i}` }))
          ).body.data;
          const b = (
            await t.call(
              'POST',
              `${PROJECT}/`,
              user,
              buildingBody(eng.id, { name: `负载楼${w}-${i}`, menus: 'produce' }),
            )
          ).body.data;
          buildings.push(b.id);
          for (let k = 0; k < 2 && !stop; k++) {
            const rows = Array.from({ length: BATCH }, (_, j) => ({
              projectId: b.id,
              materialName: '热轧碳钢钢筋',
              unit: 't',
              quantity: 10 + j,
              factorId: steel.id,
            }));
            const r = await t.call('POST', `${STAGE}/produce/batch`, user, rows);
            expect(r.body.code, JSON.stringify(r.body)).toBe(1);
          }
        }
      };
      const load = [0, 1, 2, 3].map(writer);
      await new Promise((r) => setTimeout(r, 400));
      // the backup is asked for while a transaction has written and not yet committed: the copy must wait for it
      // (a copy taken inside it would count the row here and lose it on restore)
      let making: ReturnType<Backups['create']> | undefined;
      await t.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_config')
          .values({ config_key: 'test.backupRace', config_name: '备份并发测试', config_value: '1' })
          .execute();
        making = backups.create('manual');
        await new Promise((r) => setTimeout(r, 300));
      });
      const made = await making!;
      stop = true;
      await Promise.all(load);
      pglite.dumpDataDir = dump;
      expect(atBackup).toBeDefined();
      // the load ran on both sides of the copy
      const after = await countsOf(pglite);
      expect(after.tpf3_project).toBeGreaterThan(atBackup!.counts.tpf3_project);
      expect(atBackup!.sessions).toBeGreaterThan(0);
      expect(atBackup!.links).toBeGreaterThan(0);

      const dir = tmp();
      const report = await restoreDataDir(dir, join(backups.dir, made.name));
      expect(report.movedAside).toBeUndefined();
      expect(report).toMatchObject({ sessions: atBackup!.sessions, downloadLinks: atBackup!.links });
      const restored = await openPGlite({ dataDir: dir });
      try {
        const q = restored.pglite!;
        expect(await countsOf(q)).toEqual(atBackup!.counts);
        // every building's totals as they were, and no half batch
        const ids = Object.keys(atBackup!.totals).map(Number);
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) expect(await totalsOf(q, id)).toEqual(atBackup!.totals[id]);
        const perBuilding = await q.query<{ n: number }>(
          `select count(*)::int as n from stage_produce where project_id = any($1) group by project_id`,
          [ids],
        );
        for (const r of perBuilding.rows) expect(r.n % BATCH).toBe(0);
        // nobody stays signed in
        expect((await q.query<{ n: number }>('select count(*)::int as n from sys_session')).rows[0].n).toBe(0);
        expect(
          (await q.query<{ n: number }>('select count(*)::int as n from sys_file where expires_at is not null')).rows[0]
            .n,
        ).toBe(0);
      } finally {
        await restored.close();
      }

      // a second restore keeps the database it replaces beside it
      const again = await restoreDataDir(dir, join(backups.dir, made.name));
      expect(again.movedAside).toMatch(/db\.before-restore-\d{4}-\d{2}-\d{2}T\d{6}$/);
      expect(existsSync(join(again.movedAside!, 'PG_VERSION'))).toBe(true);
    }, 240_000);

    it('refuses a file that is no backup, and a data dir a server holds, without touching the data', async () => {
      const dir = tmp();
      const good = backups.list()[0].path;
      await restoreDataDir(dir, good);
      const before = readdirSync(dir).sort();
      const files = {
        text: join(dir, 'notes.tar.gz'),
        gzipOfJson: join(dir, 'json.tar.gz'),
        truncated: join(dir, 'half.tar.gz'),
      };
      writeFileSync(files.text, 'not a backup');
      writeFileSync(files.gzipOfJson, gzipSync(Buffer.from('{"a":1}'.repeat(200))));
      writeFileSync(files.truncated, readFileSync(good).subarray(0, 4096));
      const expected = [...before, 'half.tar.gz', 'json.tar.gz', 'notes.tar.gz'].sort();
      for (const f of Object.values(files)) {
        const e = await restoreDataDir(dir, f).catch((err) => err);
        expect(e).toBeInstanceOf(NotABackupError);
        expect(e.message).toContain('不是碳算的数据备份');
        expect(e.message).toContain('未做任何改动');
        expect(readdirSync(dir).sort()).toEqual(expected);
      }
      const release = acquireLock(join(dir, 'db.lock'));
      try {
        await expect(restoreDataDir(dir, good)).rejects.toBeInstanceOf(DataDirLockedError);
        expect(readdirSync(dir).sort()).toEqual([...expected, 'db.lock'].sort());
      } finally {
        release();
      }
    }, 120_000);

    it('backup.cron and backup.keep are checked when saved, and reach a database seeded before them', async () => {
      const row = (await t.call('GET', '/api/sys/v1/sys/sysConfig/?pageSize=-1&configKey=backup.cron', admin)).body.data
        .dataList[0];
      expect(row).toMatchObject({ configName: '备份时间（cron）', configValue: '0 3 * * *' });
      const bad = await t.call('PUT', '/api/sys/v1/sys/sysConfig/', admin, { ...row, configValue: '每天三点' });
      expect(bad.body.code).toBe(2);
      expect(bad.body.message).toMatch(/^备份时间（cron）格式不正确/);
      const keep = (await t.call('GET', '/api/sys/v1/sys/sysConfig/?pageSize=-1&configKey=backup.keep', admin)).body
        .data.dataList[0];
      expect((await t.call('PUT', '/api/sys/v1/sys/sysConfig/', admin, { ...keep, configValue: '0' })).body.code).toBe(
        2,
      );
      await setConfig(t, admin, 'backup.cron', ''); // empty = off: accepted

      await t.database.db.deleteFrom('sys_config').where('config_key', 'in', ['backup.cron', 'backup.keep']).execute();
      await seed(t.database.db, { print: () => {} });
      const keys = await t.database.db
        .selectFrom('sys_config')
        .select(['config_key', 'config_value'])
        .where('config_key', 'like', 'backup.%')
        .orderBy('config_key')
        .execute();
      expect(keys).toEqual([
        { config_key: 'backup.cron', config_value: '0 3 * * *' },
        { config_key: 'backup.keep', config_value: '7' },
      ]);
    });

    it('the schedule backs up in the minutes backup.cron names and keeps the newest backup.keep scheduled ones', async () => {
      const settings = new Settings(t.database.db);
      await backups.create('manual');
      const manual = backups
        .list()
        .filter((b) => b.kind === 'manual')
        .map((b) => b.name);
      await setConfig(t, admin, 'backup.cron', '30 2 * * *');
      await setConfig(t, admin, 'backup.keep', '2');
      settings.invalidate(); // (a second reader of 全局配置 sees a change within 2 s: settings.ts)
      expect(await runScheduled(backups, settings, new Date(2026, 10, 26, 2, 31))).toBe('not now');
      const made: string[] = [];
      for (let i = 0; i < 3; i++) made.push(await runScheduled(backups, settings, new Date(2026, 10, 26, 2, 30)));
      for (const name of made) expect(name).toMatch(/-auto\.tar\.gz$/);
      const list = backups.list();
      expect(
        list
          .filter((b) => b.kind === 'scheduled')
          .map((b) => b.name)
          .sort(),
      ).toEqual(made.slice(1).sort());
      // manual backups are not counted and never deleted
      expect(list.filter((b) => b.kind === 'manual').map((b) => b.name)).toEqual(manual);
      await setConfig(t, admin, 'backup.cron', '');
      settings.invalidate();
      expect(await runScheduled(backups, settings, new Date(2026, 10, 26, 2, 30))).toBe('off');
    });
  },
);
