// Stage rows, save-then-calculate in one transaction, methods, the stage data map and completion, through the
// API on the embedded database. Numbers are worked by hand (GB/T 51366 formulas; factors from the seeded
// library: C30混凝土 295 kgCO2e/m³ (附录D), 重型柴油货车运输 10t 0.162 kgCO2e/(t·km) (附录E), 柴油 3.096 kgCO2/kg).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT, PROJECT_V, libraryFactor } from './builders';

let t: TestApp;
let user: string;
let other: string; // another tenant
let b: { id: number };
const STAGE = '/api/tpf/v1/tpf/stage';
const F = '/api/tpf/v1/tpf/tpf3BuildMaterial';
const factor = (name: string, spec = '') => libraryFactor(t, user, name, spec);

beforeAll(async () => {
  t = await testApp();
  const admin = await t.login('admin');
  user = await t.login('demo_user');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '乙集团', code: 'tenantB', status: 1 });
  await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
    userName: 'b_user',
    name: '乙用户',
    password: 'b_user-Pass-1',
    roleList: [],
    tenantId: tb.body.data.id,
  });
  other = await t.login('b_user', 'b_user-Pass-1');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 10000, menus: 'produce,trans,build,remove,runtime,green' }),
    )
  ).body.data;
});
afterAll(() => t.close());

describe('rows keep the factor they are calculated with', () => {
  it('copies the library value, unit and source on save; a tCO2 factor is converted to kg', async () => {
    const c30 = await factor('C30混凝土');
    const r = await t.call('POST', `${STAGE}/produce/`, user, {
      projectId: b.id,
      materialName: 'C30混凝土',
      unit: 'm3',
      quantity: 1,
      factorId: c30.id,
      factorValue: 1,
    });
    expect(r.body.data).toMatchObject({ factorValue: 295, factorUnit: 'kgCO2e/m3' });
    expect(r.body.data.factorSource).toContain('GB/T 51366');
    // a factor of another type is refused
    const diesel = await factor('柴油');
    const wrong = await t.call('POST', `${STAGE}/produce/`, user, {
      projectId: b.id,
      materialName: 'x',
      unit: 't',
      quantity: 1,
      factorId: diesel.id,
    });
    expect(wrong.body.data).toEqual([{ field: 'factorId', errorMsg: '请选择建材类的因子' }]);
    await t.call('DELETE', `${STAGE}/produce/deleteBatch?projectId=${b.id}`, user);
  });
});

describe('save then calculate', () => {
  it('batch saves the rows and stores the stage and building results', async () => {
    const c30 = await factor('C30混凝土');
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: b.id, materialName: 'C30混凝土', unit: 'm3', quantity: 3000, factorId: c30.id }, // 3000 × 295 = 885 000 kg
      {
        projectId: b.id,
        materialName: '普通碳钢',
        unit: 't',
        quantity: 500,
        factorValue: 2050,
        factorUnit: 'kgCO2e/t',
      }, // 1 025 000 kg
    ]);
    expect(r.body).toMatchObject({ code: 1, message: '计算成功!' });
    expect(r.body.data.rows.map((x: { emission: number }) => x.emission)).toEqual([885000, 1025000]);
    // 1 910 000 kg = 1910 t; intensity 1910 × 1000 / (50 × 10 000) = 3.82
    expect(r.body.data.result).toMatchObject({ produce: 1910, total: 1910, streng3: 3.82 });
  });

  it('transport uses the density and the library material’s 40 km concrete default', async () => {
    const truck = await factor('重型柴油货车运输', '10t');
    const c30 = await factor('C30混凝土');
    const r = await t.call('POST', `${STAGE}/trans/batch`, user, [
      // 3000 m³ × 2.4 t/m³ × 40 km × 0.162 = 46 656 kg
      {
        projectId: b.id,
        materialName: 'C30混凝土',
        unit: 'm3',
        quantity: 3000,
        density: 2.4,
        materialId: c30.id,
        factorId: truck.id,
      },
    ]);
    expect(r.body.data.stage.total).toBeCloseTo(46656, 6);
    expect(r.body.data.result).toMatchObject({ trans: 46.656, total: 1956.656 });
  });

  it('construction and demolition: methods per building; demolition by ratio follows construction', async () => {
    const diesel = await factor('柴油');
    await t.call('POST', `${STAGE}/build/batch`, user, [
      { projectId: b.id, method: 'energy', name: '柴油', unit: 'kg', quantity: 50000, factorId: diesel.id }, // 50 000 × 3.096 = 154 800 kg
      {
        projectId: b.id,
        method: 'machine',
        name: '挖掘机',
        unit: '台班',
        quantity: 100,
        energyPerShift: 63,
        factorId: diesel.id,
      }, // 100 × 63 × 3.096 = 19 504.8 kg
    ]);
    const r = await t.call('POST', `${STAGE}/remove/batch`, user, [
      { projectId: b.id, method: 'ratio', name: '按建造比例', ratio: 10 },
    ]);
    // default method (energy): build 154.8 t; remove 10 % = 15.48 t
    expect(r.body.data.result).toMatchObject({ build: 154.8, remove: 15.48 });
    const m = await t.call('PUT', `${STAGE}/build/method`, user, { projectId: b.id, method: 'machine' });
    // results are stored in tCO2e to 4 decimals (0.1 kg): 1950.48 kg → 1.9505 t
    expect(m.body.data).toMatchObject({ build: 19.5048, remove: 1.9505, stageMethods: { build: 'machine' } });
    const bad = await t.call('PUT', `${STAGE}/build/method`, user, { projectId: b.id, method: 'magic' });
    expect(bad.body.data).toEqual([{ field: 'method', errorMsg: '请选择计算方式' }]);
  });

  it('operation (PV negative) and the carbon sink (减碳) complete the result', async () => {
    await t.call('POST', `${STAGE}/runtime/batch`, user, [
      {
        projectId: b.id,
        method: 'systems',
        part: 'light',
        name: '照明',
        energy: 'electricity',
        annualQuantity: 120000,
        factorValue: 0.581,
      }, // ×50 = 3 486 000 kg
      {
        projectId: b.id,
        method: 'systems',
        part: 'pv',
        name: '屋面光伏',
        energy: 'electricity',
        annualQuantity: 50000,
        factorValue: 0.581,
      }, // −1 452 500 kg
    ]);
    const r = await t.call('POST', `${STAGE}/green/batch`, user, [
      { projectId: b.id, method: 'planting', name: '阔叶大乔木', area: 2000, factorValue: 22.5 },
    ]); // −2 250 000 kg
    // 1910 + 46.656 + 19.5048 + 1.95048 + 2033.5 − 2250 = 1761.61128 t
    expect(r.body.data.result).toMatchObject({ runtimeTotal: 2033.5, green: -2250 });
    expect(r.body.data.result.total).toBeCloseTo(1761.6113, 4);
    // 1761.61128 × 1000 / 500 000 = 3.523 → 3.52
    expect(r.body.data.result.streng3).toBe(3.52);
    expect(r.body.data.result.resultDetail.parts).toEqual({ light: 3486, pv: -1452.5 });
  });

  it('a batch with a bad row saves nothing and names the row and field', async () => {
    const before = (await t.call('GET', `${PROJECT_V}/${b.id}`, user)).body.data;
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: b.id, materialName: '砂', unit: 't', quantity: 10, factorValue: 2.51 },
      { projectId: b.id, materialName: '', unit: 't', quantity: -1 },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual(
      [
        { field: '第2行 materialName', errorMsg: '材料名称应当至少包含 1 个字符' },
        { field: '第2行 quantity', errorMsg: '用量应为非负数' },
      ].map((e) => expect.objectContaining({ field: e.field })),
    );
    const rows = await t.call('GET', `${STAGE}/produce/?projectId=${b.id}`, user);
    expect(rows.body.data.total).toBe(2);
    expect((await t.call('GET', `${PROJECT_V}/${b.id}`, user)).body.data.total).toBe(before.total);
  });

  it('the stage data map and completion', async () => {
    const d = await t.call('GET', `${STAGE}/data?tpf3ProjectId=${b.id}`, user);
    expect(Object.keys(d.body.data)).toEqual(['produce', 'trans', 'build', 'remove', 'runtime', 'green']);
    expect(d.body.data.produce).toMatchObject({ title: '建材生产', total: 1910, rows: 2 });
    expect(d.body.data.build).toMatchObject({ method: 'machine', rows: 2 });
    const s = await t.call('PUT', `${PROJECT}/status`, user, { id: b.id, status: '1' });
    expect(s.body.data.status).toBe('1');
    const again = await t.call('GET', `${STAGE}/produce/calculate?projectId=${b.id}`, user);
    // the energy row of 建筑建造 (its building uses the machine method) is not counted, and the answer says so
    expect(again.body).toMatchObject({ code: 1, message: expect.stringMatching(/^计算完成，有 \d+ 条提示$/) });
    expect(again.body.data.warnings).toContain(
      '建筑建造：1 行按「按总能源用量计算」录入，本单体该阶段采用「按施工机械和临时设施计算」，未计入',
    );
    expect(again.body.data.stage.total).toBe(1910000);
  });

  it('the answer carries the stage total, not its rows; a recalculation that changes nothing rewrites no row', async () => {
    const xmins = async () =>
      (
        await sql<{
          xmin: string;
        }>`select xmin::text from stage_produce where project_id = ${b.id} order by id`.execute(t.database.db)
      ).rows.map((r) => r.xmin);
    const before = await xmins();
    const r = await t.call('GET', `${STAGE}/produce/calculate?projectId=${b.id}`, user);
    expect(r.body.data.stage).toMatchObject({ code: 'produce', total: 1910000, rowCount: 2 });
    expect(r.body.data.stage).not.toHaveProperty('rows');
    // same emissions → the UPDATE … FROM unnest skips both rows (no new row versions, nothing for VACUUM)
    expect(await xmins()).toEqual(before);
    // a changed quantity: only that row gets its new emission (3000 → 1000 m³ × 295 = 295 000 kg)
    const rows = (await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, user)).body.data.dataList as {
      id: number;
      quantity: number;
    }[];
    const c30 = rows.find((x) => x.quantity === 3000)!;
    await sql`update stage_produce set quantity = 1000 where id = ${c30.id}`.execute(t.database.db);
    const after = await t.call('GET', `${STAGE}/produce/calculate?projectId=${b.id}`, user);
    // 295 000 + 1 025 000 = 1 320 000 kg
    expect(after.body.data.stage.total).toBe(1320000);
    const stored = (await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, user)).body.data
      .dataList as { id: number; emission: number }[];
    expect(stored.find((x) => x.id === c30.id)!.emission).toBe(295000);
    await sql`update stage_produce set quantity = 3000 where id = ${c30.id}`.execute(t.database.db);
    await t.call('GET', `${STAGE}/produce/calculate?projectId=${b.id}`, user);
  });
});

describe('stage rows follow the building', () => {
  it('estimate counts its wizard stages only (trans, build and remove are inside produce)', async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '估算项目', code: 'GS' }))).body.data;
    const e = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(eng.id, {
          computeMethod: 'estimate',
          standard: 'JS',
          stage: '方案设计',
          menus: 'produce,trans,runtime',
        }),
      )
    ).body.data;
    await t.call('POST', `${STAGE}/trans/`, user, {
      projectId: e.id,
      materialName: '钢',
      unit: 't',
      quantity: 10,
      distance: 100,
      factorValue: 1,
    });
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: e.id, materialName: '综合', unit: 'm2', quantity: 1000, factorValue: 500 },
    ]);
    expect(r.body.data.result).toMatchObject({ produce: 500, trans: 0, total: 500 });
  });

  it("another tenant neither reads, writes nor calculates the building's stages", async () => {
    expect((await t.call('GET', `${STAGE}/produce/?projectId=${b.id}`, other)).body.data.total).toBe(0);
    expect(
      (
        await t.call('POST', `${STAGE}/produce/batch`, other, [
          { projectId: b.id, materialName: 'x', unit: 't', quantity: 1 },
        ])
      ).status,
    ).toBe(404);
    expect((await t.call('GET', `${STAGE}/produce/calculate?projectId=${b.id}`, other)).status).toBe(404);
    expect((await t.call('GET', `${STAGE}/data?tpf3ProjectId=${b.id}`, other)).status).toBe(404);
    expect((await t.call('PUT', `${PROJECT}/status`, other, { id: b.id, status: '1' })).status).toBe(404);
  });
});

describe('grid electricity factor per building', () => {
  it("a new building gets its province's current official average; rows without a factor use it", async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '电网因子项目', code: 'GRID' }))).body
      .data;
    const nj = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(eng.id, { name: '南京楼', site: '南京市', useDateLimit: 50, menus: 'runtime' }),
      )
    ).body.data;
    // 江苏 2023: 0.5827 kgCO2/kWh (生态环境部/国家统计局 公告2025年第47号 表3)
    expect(nj).toMatchObject({ gridFactorValue: 0.5827 });
    expect(nj.gridFactorSource).toContain('公告2025年第47号');
    // 拉萨: 西藏 is not published → the national 2023 average 0.5306
    const lasa = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { name: '拉萨楼', site: '拉萨市' })))
      .body.data;
    expect(lasa.gridFactorValue).toBe(0.5306);
    // 1000 kWh/a × 0.5827 × 50 a = 29 135 kg = 29.135 t
    const r = await t.call('POST', `${STAGE}/runtime/batch`, user, [
      { projectId: nj.id, method: 'systems', part: 'light', name: '照明', energy: 'electricity', annualQuantity: 1000 },
    ]);
    expect(r.body.data.result.runtimeTotal).toBe(29.135);
  });

  it('baseline (OM/BM) factors are refused for buildings', async () => {
    const om = (
      await t.call('GET', `${F}/?pageSize=-1&type=${encodeURIComponent('能源')}`, user)
    ).body.data.dataList.find((f: { spec: string }) => f.spec === '2019_OM_baseline');
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '基准线项目', code: 'OM' }))).body.data;
    const r = await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { gridFactorId: om.id }));
    expect(r.body.data).toEqual([
      { field: 'gridFactorId', errorMsg: '基准线排放因子（OM/BM）用于减排项目，不适用于建筑碳排放计算' },
    ]);
  });
});

describe('batch delete and clear of stage rows', () => {
  it("batch delete takes ids; clear empties one building's rows and leaves the others'", async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '清空项目', code: 'CLR' }))).body.data;
    const one = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { name: '甲楼', menus: 'produce' })))
      .body.data;
    const two = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { name: '乙楼', menus: 'produce' })))
      .body.data;
    const rows = (id: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        projectId: id,
        materialName: `材料${i}`,
        unit: 't',
        quantity: 10,
        factorValue: 100,
      }));
    const saved = (await t.call('POST', `${STAGE}/produce/batch`, user, rows(one.id, 3))).body.data.rows as {
      id: number;
    }[];
    await t.call('POST', `${STAGE}/produce/batch`, user, rows(two.id, 2));
    const del = await t.call('DELETE', `${STAGE}/produce/?ids=${saved[0].id}&ids=${saved[1].id}`, user);
    expect(del.body).toMatchObject({ code: 1, data: 2 });
    // 1 row left: 10 t × 100 = 1000 kg = 1 t after calculating again
    expect((await t.call('GET', `${STAGE}/produce/calculate?projectId=${one.id}`, user)).body.data.result.produce).toBe(
      1,
    );
    const clear = await t.call('DELETE', `${STAGE}/produce/deleteBatch?projectId=${one.id}`, user);
    expect(clear.body).toMatchObject({ code: 1, message: '清空数据成功!', data: 1 });
    expect((await t.call('GET', `${STAGE}/produce/?projectId=${one.id}`, user)).body.data.total).toBe(0);
    expect((await t.call('GET', `${STAGE}/produce/?projectId=${two.id}`, user)).body.data.total).toBe(2);
    // another tenant's clear of this building removes nothing
    await t.call('DELETE', `${STAGE}/produce/deleteBatch?projectId=${two.id}`, other);
    expect((await t.call('GET', `${STAGE}/produce/?projectId=${two.id}`, user)).body.data.total).toBe(2);
  });
});
