// Factor versions through the API: an edit makes a new version (the old one kept, rows keep the one
// they used, the stored result unchanged); the owner and collaborators of a completed building are notified;
// the building is flagged; the preview shows the per-stage difference without storing it; apply stores it.
//
// Worked by hand (building 甲, GB, menus produce + build):
//   produce: 1000 kg 钢筋 × 2.34 kgCO2e/kg = 2 340 kg; 10 m³ C30混凝土 × 295 = 2 950 kg   → 5.29 t
//            the steel factor edited to 2.5: 1000 × 2.5 = 2 500 kg; + 2 950                 → 5.45 t (+0.16)
//   build:   1000 kWh × own factor 0.5 kgCO2/kWh = 500 kg; 2000 kWh × the grid factor g (江苏)
//            own factor edited to 0.6 → 600 kg (+0.1 t); grid edited to g + 0.1 → +200 kg (+0.2 t) → +0.3 t
//   total:   +0.16 + 0.3 = +0.46 t
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingBody, engineeringBody, ENG, PROJECT } from './builders';
import { testApp, type TestApp } from './helpers';

const F = '/api/tpf/v1/tpf/tpf3BuildMaterial';
const STAGE = '/api/tpf/v1/tpf/stage';
const NOTIFY = '/api/sys/v1/sys/sysNotify';
const USER = '/api/sys/v1/sys/sysUser';

let t: TestApp;
let admin: string, aAdmin: string, aUser: string, trial: string;
let steel: Record<string, any>, power: Record<string, any>, grid: Record<string, any>;
let done: { id: number }, open: { id: number };
let g: number;

const me = async (token: string) => (await t.call('GET', `${USER}/currentUser`, token)).body.data;
const unread = async (token: string) =>
  (await t.call('GET', `${NOTIFY}/?pageSize=100&readFlag=0&kind=factor`, token)).body.data.dataList as Record<
    string,
    string
  >[];
const building = async (id: number) => (await t.call('GET', `${PROJECT}/${id}`, aUser)).body.data;
const rows = async (code: string, id: number) =>
  (await t.call('GET', `${STAGE}/${code}/?projectId=${id}&pageSize=-1`, aUser)).body.data.dataList;
const edit = async (token: string, f: Record<string, unknown>, change: Record<string, unknown>) =>
  t.call('PUT', `${F}/`, token, { ...f, ...change });

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
  trial = await t.login('demo_trial');
  steel = (
    await t.call('POST', `${F}/`, aAdmin, {
      type: '建材',
      name: '版本测试钢筋',
      materialCo: 2.34,
      coUnit: 'kgCO2e/kg',
      unit: 'kg',
    })
  ).body.data;
  power = (
    await t.call('POST', `${F}/`, aAdmin, {
      type: '能源',
      smallType: '电力',
      name: '版本测试绿电',
      materialCo: 0.5,
      coUnit: 'kgCO2/kWh',
      unit: 'kWh',
      energy: 'electricity',
    })
  ).body.data;
  const c30 = (await t.call('GET', `${F}/?pageSize=-1&name=${encodeURIComponent('C30混凝土')}`, aUser)).body.data
    .dataList[0];
  const eng = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '因子版本工程' }))).body.data;
  const trialId = (await me(trial)).userId;
  done = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      aUser,
      buildingBody(eng.id, { name: '甲楼', menus: 'produce,build', userId: `${trialId}` }),
    )
  ).body.data;
  open = (await t.call('POST', `${PROJECT}/`, aUser, buildingBody(eng.id, { name: '乙楼', menus: 'produce' }))).body
    .data;
  const produce = await t.call('POST', `${STAGE}/produce/batch`, aUser, [
    { projectId: done.id, materialName: '钢筋', unit: 'kg', quantity: 1000, factorId: steel.id },
    { projectId: done.id, materialName: 'C30混凝土', unit: 'm3', quantity: 10, factorId: c30.id },
  ]);
  expect(produce.body.code).toBe(1);
  const build = await t.call('POST', `${STAGE}/build/batch`, aUser, [
    {
      projectId: done.id,
      method: 'energy',
      name: '施工用电(绿电)',
      energy: 'electricity',
      unit: 'kWh',
      quantity: 1000,
      factorId: power.id,
    },
    {
      projectId: done.id,
      method: 'energy',
      name: '施工用电(电网)',
      energy: 'electricity',
      unit: 'kWh',
      quantity: 2000,
    },
  ]);
  expect(build.body.code).toBe(1);
  expect(
    (
      await t.call('POST', `${STAGE}/produce/batch`, aUser, [
        { projectId: open.id, materialName: '钢筋', unit: 'kg', quantity: 1, factorId: steel.id },
      ])
    ).body.code,
  ).toBe(1);
  expect((await t.call('PUT', `${PROJECT}/status`, aUser, { id: done.id, status: '1' })).body.code).toBe(1);
  const b = await building(done.id);
  grid = (await t.call('GET', `${F}/${b.gridFactorId}`, aUser)).body.data;
  expect(grid.coUnit).toBe('kgCO2/kWh');
  g = grid.materialCo;
  expect(b.resultDetail.stages.produce.total).toBeCloseTo(5.29, 9);
  expect(b.resultDetail.stages.build.total).toBeCloseTo(0.5 + 2 * g, 9);
  for (const token of [aUser, trial, aAdmin]) await t.call('PUT', `${NOTIFY}/read`, token, { all: true });
});
afterAll(() => t.close());

describe('editing a factor makes a new version', () => {
  it('keeps the old version, rows and the stored result; lists offer the new one', async () => {
    const before = await building(done.id);
    const r = await edit(aAdmin, steel, { materialCo: 2.5 });
    expect(r.body.code).toBe(1);
    const v2 = r.body.data;
    expect(v2.id).not.toBe(steel.id);
    expect(v2).toMatchObject({
      name: '版本测试钢筋',
      materialCo: 2.5,
      version: 2,
      lineageId: steel.id,
      supersededBy: null,
      tenantId: steel.tenantId,
    });
    const old = (await t.call('GET', `${F}/${steel.id}`, aAdmin)).body.data;
    expect(old).toMatchObject({ materialCo: 2.34, version: 1, lineageId: steel.id, supersededBy: v2.id });
    const listed = (await t.call('GET', `${F}/?pageSize=-1&name=${encodeURIComponent('版本测试钢筋')}`, aUser)).body
      .data;
    expect(listed.dataList.map((f: { id: number }) => f.id)).toEqual([v2.id]);
    const versions = (await t.call('GET', `${F}/${steel.id}/versions`, aUser)).body.data;
    expect(versions.map((f: { version: number }) => f.version)).toEqual([2, 1]);
    // the row still uses version 1 and its copied value; the stored result did not move
    const [row] = await rows('produce', done.id);
    expect(row).toMatchObject({ factorId: steel.id, factorValue: 2.34, emission: 2340 });
    const after = await building(done.id);
    expect([after.total, after.resultDetail.stages]).toEqual([before.total, before.resultDetail.stages]);
    steel = v2;
  });

  it('a remark changes in place; an old version cannot be edited', async () => {
    const r = await edit(aAdmin, steel, { remarks: '只改备注' });
    expect(r.body.data).toMatchObject({ id: steel.id, version: 2, remarks: '只改备注' });
    steel = r.body.data;
    const old = (await t.call('GET', `${F}/${steel.lineageId}`, aAdmin)).body.data;
    const refused = await edit(aAdmin, old, { materialCo: 9 });
    expect([refused.status, refused.body.message]).toEqual([409, '这是该因子的历史版本，不能修改；请修改当前版本']);
  });

  it('notifies the owner and collaborator of the completed building, not the editor, not for the open one', async () => {
    const [n] = await unread(aUser);
    expect(n).toMatchObject({
      kind: 'factor',
      title: '因子「版本测试钢筋」已更新',
      link: `/factors/result?projectId=${done.id}`,
    });
    expect(n.content).toContain('「甲楼」');
    expect(n.content).not.toContain('乙楼');
    expect(n.content).toContain('第 1 版 → 第 2 版');
    expect(n.content).toContain('2.34 → 2.5 kgCO2e/kg');
    expect(await unread(trial)).toHaveLength(1);
    expect(await unread(aAdmin)).toHaveLength(0);
  });
});

describe('因子已更新 and the recalculation', () => {
  it('flags the buildings on an old version', async () => {
    expect((await edit(aAdmin, power, { materialCo: 0.6 })).body.data.version).toBe(2);
    const newGrid = (await edit(admin, grid, { materialCo: g + 0.1 })).body.data;
    expect(newGrid.version).toBe(2);
    const updates = (await t.call('GET', `${PROJECT}/${done.id}/factorUpdates`, aUser)).body.data;
    expect(updates.count).toBe(3);
    const byName = Object.fromEntries(updates.factors.map((f: any) => [f.old.name, f]));
    expect(byName['版本测试钢筋']).toMatchObject({
      old: { id: steel.lineageId, version: 1, materialCo: 2.34 },
      current: { id: steel.id, version: 2, materialCo: 2.5 },
      uses: [{ code: 'produce', title: '建材生产', rows: 1 }],
    });
    expect(byName[grid.name].uses).toEqual([{ code: 'building', title: '单体信息', prop: 'gridFactorId', rows: 1 }]);
    // (乙楼: its steel row and its own grid factor)
    expect((await t.call('GET', `${PROJECT}/${open.id}/factorUpdates`, aUser)).body.data.count).toBe(2);
    const flagged = (await t.call('GET', '/api/tpf/v1/tpf/factorUpdates/buildings', aUser)).body.data;
    expect(flagged).toEqual(expect.arrayContaining([done.id, open.id]));
    // a building under review (or signed) cannot move to the new versions: it is not offered a recalculation
    const frozen = async (state: string) =>
      t.database.db.transaction().execute(async (trx) => {
        await sql`select set_config('tansuan.lock_bypass', 'on', true)`.execute(trx);
        await trx.updateTable('tpf3_project').set({ review_state: state }).where('id', '=', open.id).execute();
      });
    await frozen('check');
    expect((await t.call('GET', '/api/tpf/v1/tpf/factorUpdates/buildings', aUser)).body.data).not.toContain(open.id);
    await frozen('draft');
    // a new building's default grid factor is the current version
    const eng = (await t.call('GET', `${PROJECT}/${done.id}`, aUser)).body.data.engineeringId;
    const fresh = (await t.call('POST', `${PROJECT}/`, aUser, buildingBody(eng, { name: '丙楼' }))).body.data;
    expect(fresh.gridFactorId).toBe(newGrid.id);
  });

  it('preview: the per-stage difference, nothing stored', async () => {
    const before = await building(done.id);
    const r = await t.call('POST', `${PROJECT}/${done.id}/recalculate/preview?wait=60000`, aUser);
    expect(r.body).toMatchObject({ code: 1, message: '以下为按当前因子版本重新计算的结果，尚未保存' });
    const { stages, total, applied, left } = r.body.data;
    expect([applied, left]).toEqual([false, []]);
    const [produce, build] = stages;
    expect(produce).toMatchObject({ code: 'produce', title: '建材生产' });
    expect([produce.before, produce.after, produce.diff].map((x: number) => +x.toFixed(9))).toEqual([5.29, 5.45, 0.16]);
    expect(build.before).toBeCloseTo(0.5 + 2 * g, 9);
    expect(build.after).toBeCloseTo(0.6 + 2 * (g + 0.1), 9);
    expect(build.diff).toBeCloseTo(0.3, 9);
    expect(total.diff).toBeCloseTo(0.46, 9);
    expect(total.before).toBe(before.total);
    // rolled back: rows, building and flag as they were
    const after = await building(done.id);
    expect([after.total, after.gridFactorId, after.resultDetail.stages]).toEqual([
      before.total,
      before.gridFactorId,
      before.resultDetail.stages,
    ]);
    expect((await rows('produce', done.id))[0]).toMatchObject({ factorId: steel.lineageId, factorValue: 2.34 });
    expect((await t.call('GET', `${PROJECT}/${done.id}/factorUpdates`, aUser)).body.data.count).toBe(3);
  });

  it('apply: rows on the current versions, the result stored, the flag gone', async () => {
    const r = await t.call('POST', `${PROJECT}/${done.id}/recalculate/apply?wait=60000`, aUser);
    expect(r.body).toMatchObject({ code: 1, message: '已按当前因子版本重新计算并保存', data: { applied: true } });
    expect(r.body.data.total.diff).toBeCloseTo(0.46, 9);
    const b = await building(done.id);
    expect(b.resultDetail.stages.produce.total).toBeCloseTo(5.45, 9);
    expect(b.resultDetail.stages.build.total).toBeCloseTo(0.6 + 2 * (g + 0.1), 9);
    expect(b.total).toBeCloseTo(r.body.data.total.after, 9);
    expect(b.gridFactorValue).toBeCloseTo(g + 0.1, 9);
    const [steelRow] = await rows('produce', done.id);
    expect(steelRow).toMatchObject({ factorId: steel.id, factorValue: 2.5, emission: 2500 });
    expect((await t.call('GET', `${PROJECT}/${done.id}/factorUpdates`, aUser)).body.data.count).toBe(0);
    expect((await t.call('GET', '/api/tpf/v1/tpf/factorUpdates/buildings', aUser)).body.data).not.toContain(done.id);
    const again = await t.call('POST', `${PROJECT}/${done.id}/recalculate/preview`, aUser);
    expect([again.status, again.body.message]).toEqual([400, '该单体使用的因子均为当前版本，无需重新计算']);
  });
});

describe('deleting a version', () => {
  it('deleting the current version makes the one before it current again', async () => {
    const v1 = (
      await t.call('POST', `${F}/`, aAdmin, {
        type: '建材',
        name: '撤销测试',
        materialCo: 1,
        coUnit: 'kgCO2e/kg',
        unit: 'kg',
      })
    ).body.data;
    const v2 = (await edit(aAdmin, v1, { materialCo: 2 })).body.data;
    const v3 = (await edit(aAdmin, v2, { materialCo: 3 })).body.data;
    expect((await t.call('DELETE', `${F}/${v2.id}`, aAdmin)).body.code).toBe(1);
    expect((await t.call('GET', `${F}/${v1.id}`, aAdmin)).body.data.supersededBy).toBe(v3.id);
    expect((await t.call('DELETE', `${F}/${v3.id}`, aAdmin)).body.code).toBe(1);
    const listed = (await t.call('GET', `${F}/?pageSize=-1&name=${encodeURIComponent('撤销测试')}`, aAdmin)).body.data
      .dataList;
    expect(listed.map((f: { id: number; materialCo: number }) => [f.id, f.materialCo])).toEqual([[v1.id, 1]]);
  });
});
