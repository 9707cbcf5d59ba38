// No silent defaults, through the API: rows whose mass, distance or energy factor cannot be known are refused on save
// with the row and the field named (dialog, batch, import); the stored trace lists the defaults; planting schemes are
// not mixed; a stage needing an empty stage warns; the trace endpoint explains a stage figure; GB waste is marked.
// Factors from the seeded library: C30混凝土 295 kgCO2e/m³, density 2.4 t/m³, default distance 40 km (附录D and GB/T 51366
// §6.3.2); 重型柴油货车运输 10t 0.162 kgCO2e/(t·km) (附录E); 天然气 2.162 kgCO2/m³ (附录A).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT, libraryFactor } from './builders';
import { upload, xlsx } from './files';

let t: TestApp;
let user: string;
let b: { id: number };
const STAGE = '/api/tpf/v1/tpf/stage';
const factor = (name: string, spec = '') => libraryFactor(t, user, name, spec);

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, {
        useDateLimit: 50,
        buildArea: 10000,
        standard: 'GB',
        menus: 'produce,trans,build,remove,runtime,waste,green',
      }),
    )
  ).body.data;
});
afterAll(() => t.close());

describe('refused on save, the row and the field named', () => {
  it('a transport row in m³ without a density (batch: 第 N 行)', async () => {
    const truck = await factor('重型柴油货车运输', '10t');
    const r = await t.call('POST', `${STAGE}/trans/batch`, user, [
      { projectId: b.id, materialName: '钢筋', unit: 't', quantity: 10, distance: 100, factorId: truck.id },
      { projectId: b.id, materialName: '砌块', unit: 'm3', quantity: 10, distance: 100, factorId: truck.id },
    ]);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 2,
      message: '第 2 行：请填写密度(t/单位)',
      data: [{ field: '第2行 density', errorMsg: '请填写密度(t/单位)' }],
    });
    // all or nothing: the first row was not kept
    const list = await t.call('GET', `${STAGE}/trans/?projectId=${b.id}&pageSize=-1`, user);
    expect(list.body.data.total).toBe(0);
  });

  it('a natural-gas row without a factor, and a row without its energy', async () => {
    const gas = await t.call('POST', `${STAGE}/runtime/`, user, {
      projectId: b.id,
      method: 'systems',
      part: 'gas',
      name: '燃气灶',
      energy: 'naturalGas',
      annualQuantity: 1000,
    });
    expect(gas.body.data).toEqual([{ field: 'factorId', errorMsg: '非电力能源须选择或填写能源因子' }]);
    const none = await t.call('POST', `${STAGE}/build/`, user, {
      projectId: b.id,
      method: 'energy',
      name: '施工用电',
      quantity: 1000,
    });
    expect(none.body.data.map((e: { field: string }) => e.field)).toEqual(['energy', 'factorId']);
  });

  it('an import names the row and the column', async () => {
    const file = await xlsx(['材料名称', '单位', '用量', '运输距离(km)', '运输因子'], [['砌块', 'm3', 10, 100, 0.162]]);
    const r = await upload(t, `${STAGE}/trans`, user, { projectId: b.id }, file);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ field: '第2行 密度(t/单位)', errorMsg: '请填写密度(t/单位)' }]);
  });
});

describe('the trace', () => {
  it('a library material brings density and default distance; the stored trace lists the default', async () => {
    const truck = await factor('重型柴油货车运输', '10t');
    const c30 = await factor('C30混凝土');
    const r = await t.call('POST', `${STAGE}/trans/batch`, user, [
      { projectId: b.id, materialName: 'C30混凝土', unit: 'm3', quantity: 100, materialId: c30.id, factorId: truck.id },
    ]);
    // 100 m³ × 2.4 t/m³ × 40 km × 0.162 kgCO2e/(t·km) = 1 555.2 kg
    expect(r.body).toMatchObject({ code: 1, message: '计算成功!' });
    const row = r.body.data.rows[0];
    expect(row).toMatchObject({ density: 2.4, defaultDistance: 40, emission: 1555.2 });
    expect(row.trace.defaults).toEqual([
      expect.objectContaining({ field: 'distance', title: '运输距离(km)', value: 40, unit: 'km' }),
    ]);
    const trace = await t.call('GET', `${STAGE}/trans/trace?projectId=${b.id}`, user);
    expect(trace.body.data).toMatchObject({ code: 'trans', title: '建材运输', total: 1.5552, rows: { total: 1 } });
    expect(trace.body.data.rows.dataList[0]).toMatchObject({
      name: 'C30混凝土',
      quantity: 100,
      quantityUnit: 'm3',
      factorValue: 0.162,
      verification: 'V',
      emission: 1555.2,
    });
    expect(trace.body.data.rows.dataList[0].trace.numbers).toBe('100 × 2.4 × 40 × 0.162');
  });

  it('an electricity row without a factor takes the grid factor, recorded with its source', async () => {
    const r = await t.call('POST', `${STAGE}/build/batch`, user, [
      { projectId: b.id, method: 'energy', name: '施工用电', energy: 'electricity', unit: 'kWh', quantity: 1000 },
    ]);
    const building = r.body.data.result;
    // 1000 kWh × the building's grid factor
    expect(r.body.data.rows[0].emission).toBeCloseTo(1000 * building.gridFactorValue, 6);
    expect(r.body.data.rows[0].trace.defaults[0]).toMatchObject({
      field: 'factorValue',
      value: building.gridFactorValue,
    });
    expect(r.body.data.rows[0].trace.defaults[0].source).toContain(building.gridFactorSource);
  });
});

describe('a runtime row on the grid factor, as the stage table lists it', () => {
  it('keeps its own factor fields empty and carries the grid factor used, with its unit, in its trace', async () => {
    // a building of its own: the stage warnings below count the shared building's stages
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
    const own = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(eng.id, { useDateLimit: 50, buildArea: 10000, standard: 'GB', menus: 'runtime' }),
      )
    ).body.data;
    await t.call('POST', `${STAGE}/runtime/batch`, user, [
      {
        projectId: own.id,
        method: 'systems',
        part: 'light',
        name: '走廊照明',
        energy: 'electricity',
        unit: 'kWh',
        annualQuantity: 1000,
      },
    ]);
    const building = (await t.call('GET', `${PROJECT}/${own.id}`, user)).body.data;
    const list = await t.call('GET', `${STAGE}/runtime/?projectId=${own.id}&method=systems&pageSize=10`, user);
    const row = list.body.data.dataList.find((r: { name: string }) => r.name === '走廊照明');
    // what the table would draw from the row alone: nothing (the cells were blank)
    expect([row.factorValue, row.factorUnit || '']).toEqual([null, '']);
    // what it draws instead (src/client/stages/filledCells.ts): the default of the row's trace
    expect(row.trace.defaults).toEqual([
      expect.objectContaining({ field: 'factorValue', value: building.gridFactorValue, unit: 'kgCO2/kWh' }),
    ]);
  });
});

describe('planting schemes and stage warnings', () => {
  it('a building’s sink rows come from one scheme', async () => {
    const tree = await factor('阔叶大乔木（土深>1.0m）');
    const other = await factor('闊葉大喬木');
    const one = await t.call('POST', `${STAGE}/green/`, user, {
      projectId: b.id,
      method: 'planting',
      name: '乔木',
      area: 100,
      factorId: tree.id,
    });
    expect(one.body.code).toBe(1);
    const mixed = await t.call('POST', `${STAGE}/green/`, user, {
      projectId: b.id,
      method: 'planting',
      name: '乔木2',
      area: 100,
      factorId: other.id,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.data[0].errorMsg).toContain('同一单体的碳汇只能采用一种种植方案，不得混用');
  });

  it('demolition by ratio with an empty construction stage warns instead of 计算成功!', async () => {
    await t.call('DELETE', `${STAGE}/build/deleteBatch?projectId=${b.id}`, user);
    const r = await t.call('POST', `${STAGE}/remove/batch`, user, [
      { projectId: b.id, method: 'ratio', name: '拆除', ratio: 10 },
    ]);
    expect(r.body.message).toBe('计算完成，有 1 条提示');
    expect(r.body.data.warnings).toEqual([
      '建筑拆除：建筑拆除按「按比例系数计算」依赖建筑建造阶段的碳排放，建筑建造阶段没有数据，本阶段计为 0',
    ]);
  });

  it('waste under GB is marked outside the standard’s boundary; the result carries data quality', async () => {
    await t.call('POST', `${STAGE}/waste/batch`, user, [
      { projectId: b.id, name: '建筑垃圾', quantity: 100, factorValue: 2.5, factorUnit: 'kgCO2e/t' },
    ]);
    const r = await t.call('GET', `${PROJECT}/${b.id}`, user);
    const detail = r.body.data.resultDetail;
    expect(detail.stages.waste.outsideBoundary).toBe('不在 GB/T 51366-2019 计算边界内');
    expect(Object.keys(detail.qualityShares).sort()).toEqual(['database', 'epd', 'estimate', 'metered', 'standard']);
    expect(['A', 'B', 'C', 'D']).toContain(detail.grade);
  });
});
