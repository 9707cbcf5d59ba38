// Physical bounds live in the schemas: through the API, a value outside a field's range is refused with
// the field's title and the range in Chinese (dialog, batch, Excel import with the row named), nothing is
// stored; hot water colder than its cold supply is refused (a cross-field x-needs rule); the factor library's own
// value is bounded; a row stored before the bounds existed is counted 0 and named by the calculation, no crash.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from './builders';
import { upload, xlsx } from './files';

let t: TestApp;
let user: string;
let admin: string;
let b: { id: number };
const STAGE = '/api/tpf/v1/tpf/stage';

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  user = await t.login('demo_user');
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

const pv = (extra: Record<string, unknown>) => ({
  method: 'systems',
  part: 'pv',
  name: '屋面光伏',
  energy: 'electricity',
  irradiation: 1300,
  efficiency: 0.2,
  lossRate: 0.2,
  panelArea: 500,
  ...extra,
});
const hotWater = (extra: Record<string, unknown>) => ({
  method: 'systems',
  part: 'hotWater',
  name: '生活热水',
  energy: 'electricity',
  users: 200,
  quota: 60,
  hotTemp: 60,
  coldTemp: 10,
  ...extra,
});
const count = async (code: string) =>
  (await t.call('GET', `${STAGE}/${code}/?projectId=${b.id}&pageSize=-1`, user)).body.data.total as number;

describe('a value outside its range is refused with the field and the range; nothing is stored', () => {
  it.each([
    ['lossRate', pv({ lossRate: 1.5 }), '系统损失效率应不小于 0 且小于 1'],
    ['lossRate', pv({ lossRate: 1 }), '系统损失效率应不小于 0 且小于 1'],
    ['efficiency', pv({ efficiency: 18 }), '组件转换效率应大于 0 且不大于 1'],
    ['efficiency', pv({ efficiency: 0 }), '组件转换效率应大于 0 且不大于 1'],
    ['irradiation', pv({ irradiation: 50000 }), '光伏面年太阳辐射量(kWh/(m²·a))应不小于 0 且不大于 5000'],
    [
      'runHours',
      { method: 'systems', part: 'light', name: '照明', energy: 'electricity', powerDensity: 8, runHours: 10000 },
      '年运行时间(h/a)应不小于 0 且不大于 8760',
    ],
    [
      'cop',
      { method: 'systems', part: 'airCool', name: '冷机', energy: 'electricity', annualLoad: 100000, cop: 35 },
      '系统能效比(COP/EER)应大于 0 且不大于 10',
    ],
    ['days', hotWater({ days: 400 }), '年用水天数(d)应不小于 0 且不大于 366'],
    ['hotTemp', hotWater({ hotTemp: 120 }), '热水温度(℃)应不小于 0 且不大于 100'],
    ['coldTemp', hotWater({ coldTemp: 45 }), '冷水温度(℃)应不小于 0 且不大于 40'],
    ['distEff', hotWater({ distEff: 90 }), '管网输配效率应大于 0 且不大于 1'],
    [
      'annualQuantity',
      { method: 'systems', part: 'app', name: '办公设备', energy: 'electricity', annualQuantity: 1e15 },
      '年用量(单位/a)应不小于 0 且不大于 100亿',
    ],
    [
      'factorValue',
      {
        method: 'systems',
        part: 'app',
        name: '办公设备',
        energy: 'electricity',
        annualQuantity: 1000,
        factorValue: 1e15,
      },
      '能源因子应不小于 0 且不大于 100万',
    ],
  ])('runtime %s', async (field, body, message) => {
    const r = await t.call('POST', `${STAGE}/runtime/`, user, { projectId: b.id, ...body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 2 });
    expect(r.body.data).toContainEqual({ field, errorMsg: message });
    expect(await count('runtime')).toBe(0);
  });

  it('the batch save names the row; the other stages bound their quantities, factors and densities', async () => {
    const r = await t.call(
      'POST',
      `${STAGE}/runtime/batch`,
      user,
      [pv({}), pv({ lossRate: 1.5 })].map((row) => ({ projectId: b.id, ...row })),
    );
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ field: '第2行 lossRate', errorMsg: '系统损失效率应不小于 0 且小于 1' }]);
    expect(await count('runtime')).toBe(0);

    const produce = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: b.id, materialName: '砂', unit: 't', quantity: 1e15, factorValue: 2.51, density: 0 },
    ]);
    expect(produce.body.data).toEqual([
      { field: '第1行 quantity', errorMsg: '用量应不小于 0 且不大于 100亿' },
      { field: '第1行 density', errorMsg: '密度(t/单位)应大于 0 且不大于 10000' },
    ]);
    const trans = await t.call('POST', `${STAGE}/trans/`, user, {
      projectId: b.id,
      materialName: '砂',
      unit: 't',
      quantity: 10,
      distance: 1e6,
      factorValue: 0.162,
    });
    expect(trans.body.data).toEqual([{ field: 'distance', errorMsg: '运输距离(km)应不小于 0 且不大于 10万' }]);
    const remove = await t.call('POST', `${STAGE}/remove/`, user, {
      projectId: b.id,
      method: 'ratio',
      name: '拆除',
      ratio: 0,
    });
    expect(remove.body.data).toEqual([{ field: 'ratio', errorMsg: '比例系数(%)应大于 0 且不大于 100' }]);
    expect([await count('produce'), await count('trans'), await count('remove')]).toEqual([0, 0, 0]);
  });

  it('hot water colder than its cold supply is refused (a cross-field rule)', async () => {
    const r = await t.call('POST', `${STAGE}/runtime/`, user, {
      projectId: b.id,
      ...hotWater({ hotTemp: 10, coldTemp: 15 }),
    });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ field: 'hotTemp', errorMsg: '热水温度(℃)应高于冷水温度(℃)' }]);
    const equal = await t.call('POST', `${STAGE}/runtime/batch`, user, [
      { projectId: b.id, ...hotWater({ hotTemp: 15, coldTemp: 15 }) },
    ]);
    expect(equal.body).toMatchObject({
      code: 2,
      data: [{ field: '第1行 hotTemp', errorMsg: '热水温度(℃)应高于冷水温度(℃)' }],
    });
    expect(await count('runtime')).toBe(0);
    // within range and hot above cold: stored
    const ok = await t.call('POST', `${STAGE}/runtime/`, user, {
      projectId: b.id,
      ...hotWater({ days: 366, distEff: 1, heaterEff: 4.4 }),
    });
    expect(ok.body.code).toBe(1);
    await t.call('DELETE', `${STAGE}/runtime/deleteBatch?projectId=${b.id}`, user);
  });

  it('an Excel import names the row, the column and the range; nothing is imported', async () => {
    const file = await xlsx(
      [
        '计算方式',
        '用能系统',
        '名称',
        '能源种类',
        '光伏面年太阳辐射量(kWh/(m²·a))',
        '组件转换效率',
        '系统损失效率',
        '光伏板净面积(m²)',
      ],
      [
        ['systems', 'pv', '屋面光伏', 'electricity', 1300, 0.2, 0.2, 500],
        ['systems', 'pv', '车棚光伏', 'electricity', 1300, 18, 1.5, 200],
      ],
    );
    const r = await upload(t, `${STAGE}/runtime`, user, { projectId: b.id }, file);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([
      { field: '第3行 组件转换效率', errorMsg: '组件转换效率应大于 0 且不大于 1' },
      { field: '第3行 系统损失效率', errorMsg: '系统损失效率应不小于 0 且小于 1' },
    ]);
    expect(await count('runtime')).toBe(0);
  });

  it("the factor library's own value is bounded", async () => {
    const r = await t.call('POST', '/api/tpf/v1/tpf/tpf3BuildMaterial/', admin, {
      type: '建材',
      name: '界限测试',
      unit: 't',
      materialCo: 1e9,
      coUnit: 'kgCO2e/t',
    });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ field: 'materialCo', errorMsg: '碳排放因子应不小于 0 且不大于 100万' }]);
  });
});

describe('a row stored before the bounds existed', () => {
  it('is counted 0 and named by the calculation, which does not fail', async () => {
    const saved = await t.call('POST', `${STAGE}/runtime/batch`, user, [
      {
        projectId: b.id,
        method: 'systems',
        part: 'app',
        name: '办公设备',
        energy: 'electricity',
        unit: 'kWh',
        annualQuantity: 1000,
        factorValue: 0.5,
        factorUnit: 'kgCO2/kWh',
      },
      { projectId: b.id, ...pv({ factorValue: 0.5, factorUnit: 'kgCO2/kWh' }) },
    ]);
    expect(saved.body.code).toBe(1);
    const pvRow = saved.body.data.rows.find((r: { part: string }) => r.part === 'pv');
    // as an old database could hold it: PV losing 150 % would turn the panels into an emission
    await sql`update stage_runtime set loss_rate = 1.5 where id = ${pvRow.id}`.execute(t.database.db);
    const r = await t.call('GET', `${STAGE}/runtime/calculate?projectId=${b.id}`, user);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    const rows = (await t.call('GET', `${STAGE}/runtime/?projectId=${b.id}&pageSize=-1`, user)).body.data.dataList;
    const stored = rows.find((x: { id: number }) => x.id === pvRow.id);
    expect(stored.emission).toBe(0);
    expect(stored.trace.problems).toContain('系统损失效率应不小于 0 且小于 1');
    // 1 000 kWh × 0.5 × 50 a = 25 000 kg = 25 t: the other row still counts
    expect((await t.call('GET', `/api/tpf/v1/tpf/tpf3ProjectV/${b.id}`, user)).body.data.runtimeTotal).toBe(25);
  });
});
