// 工程项目 API (the dialog's rules, the list's figures) and its tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from './builders';

let t: TestApp;
let aAdmin: string;
let aUser: string;
let bUser: string;

beforeAll(async () => {
  t = await testApp();
  const admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '乙集团', code: 'tenantB', status: 1 });
  await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
    userName: 'b_user',
    name: '乙用户',
    password: 'b_user-Pass-1',
    roleList: [],
    tenantId: tb.body.data.id,
  });
  bUser = await t.login('b_user', 'b_user-Pass-1');
});
afterAll(() => t.close());

const errorsOf = (body: { data: { field: string; errorMsg: string }[] }) =>
  Object.fromEntries(body.data.map((e) => [e.field, e.errorMsg]));

describe('engineering dialog rules', () => {
  it('answers code 2 with every failing field and the spec messages', async () => {
    const r = await t.call('POST', `${ENG}/`, aUser, { buildOrg: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(2);
    expect(r.body.message).toBe('表单校验失败, 请检查输入!');
    expect(errorsOf(r.body)).toEqual({
      name: '请输入项目名称',
      code: '请输入项目编码',
      remarks: '请输入或点击地图选择项目位置',
      site: '请选择项目地址！',
    });
  });

  it('refuses blank texts, a name over 50 characters and a negative or 11-digit area', async () => {
    const r = await t.call(
      'POST',
      `${ENG}/`,
      aUser,
      engineeringBody({ name: '   ', code: ' ', remarks: '  ', site: '' }),
    );
    expect(errorsOf(r.body)).toEqual({
      name: '请输入项目名称',
      code: '请输入项目编码',
      remarks: '请输入或点击地图选择项目位置',
      site: '请选择项目地址！',
    });
    const long = await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '长'.repeat(51), buildArea: -1 }));
    expect(errorsOf(long.body)).toEqual({ name: '项目名称不超过 50 个字符', buildArea: '总建筑面积应为非负数' });
    const wide = await t.call('POST', `${ENG}/`, aUser, engineeringBody({ buildArea: 12345678901 }));
    expect(errorsOf(wide.body)).toEqual({ buildArea: '总建筑面积不超过 10 位' });
    const coords = await t.call('POST', `${ENG}/`, aUser, engineeringBody({ latLng: '32.04;118.78' }));
    expect(errorsOf(coords.body)).toEqual({ latLng: '经纬度格式应为 经度,纬度' });
  });

  it('stores trimmed texts and answers the record with zero figures', async () => {
    const r = await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '  河西办公楼  ', code: ' HX-1 ' }));
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({
      name: '河西办公楼',
      code: 'HX-1',
      site: '南京市',
      latLng: '118.780000,32.040000',
      projectCount: 0,
      endCount: 0,
      total: null,
    });
  });
});

describe('engineering list', () => {
  it('searches by name and site, and counts buildings, completed ones and their carbon total', async () => {
    const eng = (
      await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '鼓楼医院扩建', code: 'GL-1', site: '苏州市' }))
    ).body.data;
    const ids: number[] = [];
    for (const name of ['门诊楼', '住院楼', '后勤楼']) {
      const b = await t.call('POST', `${PROJECT}/`, aUser, buildingBody(eng.id, { name, code: name }));
      expect(b.body.code).toBe(1);
      ids.push(b.body.data.id);
    }
    // two completed buildings with stored totals (the calculation writes these; set directly here)
    await t.database.db
      .updateTable('tpf3_project')
      .set({ status: '1', total: 1234.5 })
      .where('id', '=', ids[0])
      .execute();
    await t.database.db
      .updateTable('tpf3_project')
      .set({ status: '1', total: 100.25 })
      .where('id', '=', ids[1])
      .execute();
    await t.database.db.updateTable('tpf3_project').set({ total: 999 }).where('id', '=', ids[2]).execute();

    const byName = await t.call('GET', `${ENG}/?name=${encodeURIComponent('鼓楼')}`, aUser);
    expect(byName.body.data.total).toBe(1);
    // 1234.5 + 100.25 = 1334.75: the third building is not completed and does not count
    expect(byName.body.data.dataList[0]).toMatchObject({
      name: '鼓楼医院扩建',
      projectCount: 3,
      endCount: 2,
      total: 1334.75,
    });
    const bySite = await t.call('GET', `${ENG}/?site=${encodeURIComponent('苏州市')}`, aUser);
    expect(bySite.body.data.dataList.map((e: { name: string }) => e.name)).toEqual(['鼓楼医院扩建']);
  });

  it('refuses to delete a project that still has buildings, and deletes it once they are gone', async () => {
    const eng = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '待删项目', code: 'DEL-1' }))).body
      .data;
    const b = (await t.call('POST', `${PROJECT}/`, aUser, buildingBody(eng.id))).body.data;
    const refused = await t.call('DELETE', `${ENG}/${eng.id}`, aUser);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 0, message: '该项目下还有单体建筑，请先删除单体建筑', data: null });
    expect((await t.call('DELETE', `${PROJECT}/?tpf3ProjectIds=${b.id}`, aUser)).body.code).toBe(1);
    const done = await t.call('DELETE', `${ENG}/${eng.id}`, aUser);
    expect(done.body).toMatchObject({ code: 1, message: '删除成功!' });
  });

  it("plain users read the tenant's projects but change only their own; the group admin changes any", async () => {
    const mine = (await t.call('POST', `${ENG}/`, aAdmin, engineeringBody({ name: '集团项目', code: 'G-1' }))).body
      .data;
    expect((await t.call('GET', `${ENG}/${mine.id}`, aUser)).body.code).toBe(1);
    const edit = await t.call('PUT', `${ENG}/`, aUser, { ...engineeringBody({ name: '改名' }), id: mine.id });
    expect(edit.status).toBe(403);
    const own = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '个人项目', code: 'U-1' }))).body.data;
    const byAdmin = await t.call('PUT', `${ENG}/`, aAdmin, { ...own, name: '个人项目(审定)' });
    expect(byAdmin.body.data.name).toBe('个人项目(审定)');
  });
});

describe('engineering tenant isolation', () => {
  it("another tenant neither lists, reads, changes nor deletes tenant A's project", async () => {
    const a = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '甲方项目', code: 'A-ISO' }))).body.data;
    const list = await t.call('GET', `${ENG}/?pageSize=-1`, bUser);
    expect(list.body.data.dataList.map((e: { id: number }) => e.id)).not.toContain(a.id);
    expect((await t.call('GET', `${ENG}/${a.id}`, bUser)).status).toBe(404);
    expect((await t.call('PUT', `${ENG}/`, bUser, { ...engineeringBody(), id: a.id })).status).toBe(404);
    expect((await t.call('DELETE', `${ENG}/${a.id}`, bUser)).status).toBe(404);
    // nor puts a building under it
    const b = await t.call('POST', `${PROJECT}/`, bUser, buildingBody(a.id));
    expect(b.body.data).toEqual([{ field: 'engineeringId', errorMsg: '所属项目不存在' }]);
  });
});

describe('demo data', () => {
  it('the demo engineering project holds four completed, calculated buildings across the three modules', async () => {
    const eng = (await t.call('GET', `${ENG}/?name=${encodeURIComponent('江北新区低碳示范园')}`, aAdmin)).body.data
      .dataList[0];
    expect(eng).toMatchObject({ code: 'DEMO-2026', site: '南京市', projectCount: 4, endCount: 4 });
    const list = await t.call('GET', `${PROJECT}/?engineeringId=${eng.id}&sortField=name&sortOrder=ascend`, aUser);
    const rows = list.body.data.dataList as Record<string, unknown>[];
    expect(rows.map((b) => `${b.name}:${b.computeMethod}:${b.status}:${b.menus}`)).toEqual([
      'A1研发办公楼:budget:1:produce,trans,build,remove,runtime,green',
      'B2人才公寓:estimate:1:produce,runtime,waste,green',
      'C3配套学校:accounting:1:supplement,produce,trans,build,runtime,voucher',
      'D4商业配套中心:budget:1:produce,trans,build,runtime',
    ]);
    // D4 (JS-STD: produce brings trans and build), 9 800 m², 50 a, 江苏 grid 0.5827 kgCO2/kWh:
    //   produce 4100 m³ × 295 + 640 t × 2340 + 60 t × 1130 = 2 774 900 kg
    //   trans   4100 × 2.4 t × 40 km × 0.162 + 640 t × 300 km × 0.129 = 63 763.2 + 24 768 = 88 531.2 kg
    //   build   330 000 kWh × 0.5827 = 192 291 kg
    //   runtime (310 000 + 150 000 + 260 000 + 70 000) kWh/a × 0.5827 × 50 a = 23 016 650 kg
    //   total 26 072.3722 t; intensity 26 072 372.2 / (50 × 9800) = 53.21
    expect(rows[3]).toMatchObject({
      produce: 2774.9,
      trans: 88.5312,
      build: 192.291,
      runtimeTotal: 23016.65,
      total: 26072.3722,
      streng3: 53.21,
    });
    // C3 counts its metered electricity: 690 000 kWh × 0.5827 (江苏) × 1 operating year = 402 063 kg
    expect(rows[2]).toMatchObject({ runtimeTotal: 402.063, stageMethods: { runtime: 'metered' } });
    // every demo building has a result; the project total counts them all
    const sum = rows.reduce((a, b) => a + Number(b.total), 0);
    expect(rows.every((b) => Number(b.total) > 0)).toBe(true);
    expect(eng.total).toBeCloseTo(sum, 6);
  });
});
