// 消息通知: the inbox (own rows only, count, read), notices by super and group admins, and the events
// that notify — a collaborator added, an import finished or failed, a factor of a completed building changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingBody, engineeringBody, ENG, PROJECT } from './builders';
import { upload, xlsx } from './files';
import { testApp, type TestApp } from './helpers';

const NOTIFY = '/api/sys/v1/sys/sysNotify';
const NOTICE = '/api/sys/v1/sys/sysNotice';
const USER = '/api/sys/v1/sys/sysUser';
const FACTORS = '/api/tpf/v1/tpf/tpf3BuildMaterial';
const PRODUCE = '/api/tpf/v1/tpf/stage/produce';

let t: TestApp;
let admin: string, aAdmin: string, aUser: string, trial: string, bUser: string;
let ids: Record<string, number>;
let tenantA: number, tenantB: number;

const me = async (token: string) => (await t.call('GET', `${USER}/currentUser`, token)).body.data;
const count = async (token: string) =>
  (await t.call('GET', `${NOTIFY}/count/${(await me(token)).userId}`, token)).body.data as number;
const inbox = async (token: string, query = '') =>
  (await t.call('GET', `${NOTIFY}/?pageSize=100${query}`, token)).body.data as {
    dataList: Record<string, unknown>[];
    total: number;
  };

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
  trial = await t.login('demo_trial');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '乙集团', code: 'notifyB', status: 1 });
  tenantB = tb.body.data.id;
  const u = await t.call('POST', `${USER}/`, admin, {
    userName: 'b_reader',
    name: '乙用户',
    password: 'B-Reader-Pass-1',
    tenantId: tenantB,
    roleList: [],
  });
  expect(u.body.code).toBe(1);
  bUser = await t.login('b_reader', 'B-Reader-Pass-1');
  ids = {};
  for (const [name, token] of [
    ['admin', admin],
    ['demo_admin', aAdmin],
    ['demo_user', aUser],
    ['demo_trial', trial],
    ['b_reader', bUser],
  ] as const)
    ids[name] = (await me(token)).userId;
  tenantA = (await me(aAdmin)).tenantId;
});
afterAll(() => t.close());

describe('a collaborator added to a building', () => {
  it('reaches only the added user, once; the count, reading and deleting are the own rows only', async () => {
    const eng = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '通知测试工程' }))).body.data;
    const b = await t.call(
      'POST',
      `${PROJECT}/`,
      aUser,
      buildingBody(eng.id, { name: '协作楼', userId: `${ids.demo_trial}` }),
    );
    expect(b.body.code).toBe(1);
    expect(await count(trial)).toBe(1);
    expect(await count(aAdmin)).toBe(0); // not added
    expect(await count(aUser)).toBe(0); // the one who added

    const [n] = (await inbox(trial)).dataList;
    expect(n).toMatchObject({
      kind: 'collaborator',
      title: '您已被添加为单体「协作楼」的协作者',
      readFlag: 0,
      userId: ids.demo_trial,
      link: `/budget/project/list?engineeringId=${eng.id}`,
    });
    expect(n.content).toContain('项目「通知测试工程」');

    // saving again with the same collaborator sends nothing; adding another sends to the new one only
    const stored = (await t.call('GET', `${PROJECT}/${b.body.data.id}`, aUser)).body.data;
    expect(
      (await t.call('PUT', `${PROJECT}/`, aUser, { ...stored, userId: `${ids.demo_trial};${ids.demo_admin}` })).body
        .code,
    ).toBe(1);
    expect(await count(trial)).toBe(1);
    expect(await count(aAdmin)).toBe(1);

    // someone else's notification: 404 on read, untouched by their "read all", 403 on the count
    expect((await t.call('GET', `${NOTIFY}/${n.id}`, aAdmin)).status).toBe(404);
    expect((await t.call('GET', `${NOTIFY}/${n.id}`, admin)).status).toBe(404); // the super admin's inbox is his own too
    expect((await t.call('DELETE', `${NOTIFY}/${n.id}`, aAdmin)).status).toBe(404);
    const r = await t.call('GET', `${NOTIFY}/count/${ids.demo_trial}`, aAdmin);
    expect([r.status, r.body.message]).toEqual([403, '没有权限，拒绝访问!']);
    expect((await t.call('PUT', `${NOTIFY}/read`, aAdmin, { ids: [n.id] })).body.data).toBe(0);
    expect(await count(trial)).toBe(1);

    // reading clears the badge
    const read = await t.call('PUT', `${NOTIFY}/read`, trial, { ids: [n.id] });
    expect([read.body.code, read.body.data, read.body.message]).toEqual([1, 1, '已标记为已读']);
    expect(await count(trial)).toBe(0);
    expect((await inbox(trial, '&readFlag=1')).dataList.map((x) => x.id)).toEqual([n.id]);
    expect((await t.call('PUT', `${NOTIFY}/read`, aAdmin, { all: true })).body.data).toBe(1);
    expect(await count(aAdmin)).toBe(0);
    expect((await t.call('DELETE', `${NOTIFY}/${n.id}`, trial)).body.code).toBe(1);
    expect((await inbox(trial)).total).toBe(0);
  });

  it('the inbox is written by the server only; a bad read body is refused', async () => {
    for (const token of [admin, aAdmin, aUser]) {
      const r = await t.call('POST', `${NOTIFY}/`, token, { title: '伪造的通知', userId: ids.demo_trial });
      expect([r.status, r.body.message]).toEqual([403, '消息通知由系统发送，不能新增或修改']);
    }
    expect((await t.call('PUT', `${NOTIFY}/read`, aUser, {})).status).toBe(400);
    expect((await t.call('PUT', `${NOTIFY}/read`, aUser, { ids: [] })).status).toBe(400);
    expect((await t.call('PUT', `${NOTIFY}/read`, aUser, { all: false })).status).toBe(400);
    expect((await t.call('GET', `${NOTIFY}/count/${ids.demo_user}`)).status).toBe(401);
  });
});

describe('notices (通知公告)', () => {
  it("a super admin's notice reaches every enabled user; one to a tenant only that tenant", async () => {
    const before = await Promise.all([admin, aAdmin, aUser, trial, bUser].map(count));
    const all = await t.call('POST', `${NOTICE}/`, admin, {
      title: '系统升级通知',
      content: '本周六 22:00 起系统维护两小时。',
    });
    expect(all.body.code).toBe(1);
    const users = (await t.call('GET', `${USER}/?pageSize=100`, admin)).body.data.dataList.filter(
      (u: { status: number }) => u.status !== 0,
    ).length;
    expect(all.body.data).toMatchObject({ sentCount: users, scopeName: '全部用户' });
    const after = await Promise.all([admin, aAdmin, aUser, trial, bUser].map(count));
    expect(after).toEqual(before.map((n) => n + 1));
    const got = (await inbox(bUser)).dataList.find((x) => x.title === '系统升级通知')!;
    expect(got).toMatchObject({ kind: 'notice', content: '本周六 22:00 起系统维护两小时。', link: '/notify' });

    const toB = await t.call('POST', `${NOTICE}/`, admin, {
      title: '乙集团专属通知',
      content: '仅乙集团可见',
      tenantId: tenantB,
    });
    expect(toB.body.data).toMatchObject({ sentCount: 1, scopeName: '乙集团' });
    expect((await inbox(bUser)).dataList.map((x) => x.title)).toContain('乙集团专属通知');
    expect((await inbox(aUser)).dataList.map((x) => x.title)).not.toContain('乙集团专属通知');
    const bad = await t.call('POST', `${NOTICE}/`, admin, { title: 'x', content: 'y', tenantId: 999999 });
    expect([bad.status, bad.body.data]).toEqual([400, [{ field: 'tenantId', errorMsg: '集团租户不存在' }]]);
  });

  it("a group admin's notice stays in their tenant whatever tenant the body names; a sent notice is not edited", async () => {
    const n = await t.call('POST', `${NOTICE}/`, aAdmin, {
      title: '甲集团内部通知',
      content: '下周例会',
      tenantId: tenantB,
    });
    expect(n.body.code).toBe(1);
    expect(n.body.data).toMatchObject({ tenantId: tenantA, scopeName: '演示集团' });
    expect((await inbox(aUser)).dataList.map((x) => x.title)).toContain('甲集团内部通知');
    expect((await inbox(bUser)).dataList.map((x) => x.title)).not.toContain('甲集团内部通知');

    const edit = await t.call('PUT', `${NOTICE}/`, aAdmin, { ...n.body.data, content: '改过的内容' });
    expect([edit.status, edit.body.message]).toEqual([403, '通知已发送，不能修改']);
    // group admins list their own tenant's notices only; plain users none
    const list = (await t.call('GET', `${NOTICE}/?pageSize=100`, aAdmin)).body.data.dataList.map(
      (x: { title: string }) => x.title,
    );
    expect(list).toContain('甲集团内部通知');
    expect(list).not.toContain('乙集团专属通知');
    expect((await t.call('GET', `${NOTICE}/`, aUser)).status).toBe(403);
    expect((await t.call('POST', `${NOTICE}/`, aUser, { title: 'x', content: 'y' })).status).toBe(403);
    // deleting the notice leaves what was delivered
    expect((await t.call('DELETE', `${NOTICE}/${n.body.data.id}`, aAdmin)).body.code).toBe(1);
    expect((await inbox(aUser)).dataList.map((x) => x.title)).toContain('甲集团内部通知');
  });
});

describe('imports and factors', () => {
  it('an import that finished or failed is noted in the importer’s inbox', async () => {
    const eng = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '导入通知工程' }))).body.data;
    const b = (await t.call('POST', `${PROJECT}/`, aUser, buildingBody(eng.id, { name: '导入楼' }))).body.data;
    const good = await xlsx(['材料名称', '单位', '用量', '排放因子名称'], [['C30混凝土', 'm3', 100, 'C30混凝土']]);
    const ok = await upload(t, PRODUCE, aUser, { projectId: b.id }, good);
    expect(ok.body.code).toBe(1);
    const bad = await xlsx(['材料名称', '单位', '用量', '排放因子名称'], [['C30混凝土', 'm3', -5, '不存在的因子']]);
    const fail = await upload(t, PRODUCE, aUser, { projectId: b.id }, bad);
    expect(fail.body.code).toBe(2);

    const [failed, done] = (await inbox(aUser, '&kind=import')).dataList;
    expect(done).toMatchObject({ kind: 'import', title: '导入完成：建材生产 1 条', link: '/budget/project/list' });
    expect(done.content).toBe('文件「data.xlsx」已导入单体「导入楼」的建材生产，共 1 条数据。');
    expect(failed.title).toBe('导入失败：建材生产');
    expect(failed.content).toContain('未能导入单体「导入楼」的建材生产，没有保存任何数据');
    expect(failed.content).toContain('第2行');
  });

  it('a changed factor notifies the owners and collaborators of completed buildings that use it, not others', async () => {
    // a tenant factor, used by one completed and one unfinished building
    const f = (
      await t.call('POST', `${FACTORS}/`, aAdmin, {
        type: '建材',
        name: '通知测试钢筋',
        materialCo: 2.34,
        coUnit: 'kgCO2e/kg',
        unit: 'kg',
      })
    ).body.data;
    expect(f.id).toBeGreaterThan(0);
    const eng = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '因子通知工程' }))).body.data;
    const done = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        aUser,
        buildingBody(eng.id, { name: '已完成楼', userId: `${ids.demo_trial}` }),
      )
    ).body.data;
    const open = (await t.call('POST', `${PROJECT}/`, aUser, buildingBody(eng.id, { name: '未完成楼' }))).body.data;
    for (const b of [done, open]) {
      const row = await t.call('POST', `${PRODUCE}/`, aUser, {
        projectId: b.id,
        materialName: '钢筋',
        unit: 'kg',
        quantity: 1000,
        factorId: f.id,
      });
      expect(row.body.code).toBe(1);
    }
    await t.database.db.updateTable('tpf3_project').set({ status: '1' }).where('id', '=', done.id).execute();
    await t.call('PUT', `${NOTIFY}/read`, aUser, { all: true });
    await t.call('PUT', `${NOTIFY}/read`, trial, { all: true });
    await t.call('PUT', `${NOTIFY}/read`, aAdmin, { all: true });

    // same value, unit and name: nothing to tell
    const same = (await t.call('GET', `${FACTORS}/${f.id}`, aAdmin)).body.data;
    expect((await t.call('PUT', `${FACTORS}/`, aAdmin, { ...same, remarks: '只改备注' })).body.code).toBe(1);
    expect([await count(aUser), await count(trial)]).toEqual([0, 0]);

    expect((await t.call('PUT', `${FACTORS}/`, aAdmin, { ...same, materialCo: 2.5 })).body.code).toBe(1);
    // not the one who changed it
    expect([await count(aUser), await count(trial), await count(aAdmin)]).toEqual([1, 1, 0]);
    const [n] = (await inbox(aUser, '&readFlag=0')).dataList;
    expect(n).toMatchObject({ kind: 'factor', title: '因子「通知测试钢筋」已更新' });
    expect(n.content).toContain('「已完成楼」');
    expect(n.content).not.toContain('未完成楼');
    expect(n.content).toContain('2.34 → 2.5 kgCO2e/kg');
  });
});
