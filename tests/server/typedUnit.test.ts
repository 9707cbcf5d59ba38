// A row keeps the unit its quantity was entered in, on every path that names a library factor: the batch the
// stage dialog saves through and the Excel import by factor name. The calculation converts it and the trace says
// so. Factor from the seeded library: 热轧碳钢钢筋 2 340 kgCO2e/t (GB/T 51366-2019 附录D).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT, libraryFactor } from './builders';
import { upload, xlsx } from './files';

let t: TestApp;
let user: string;
let b: { id: number };
const STAGE = '/api/tpf/v1/tpf/stage';

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 10000, standard: 'GB', menus: 'produce' }),
    )
  ).body.data;
});
afterAll(() => t.close());

// the trace list: each row's quantity, the unit it is counted in, its stored emission and how it was calculated
type Traced = {
  name: string;
  quantity: number;
  quantityUnit: string;
  emission: number | null;
  trace: { conversions?: string[] };
};
const rows = async () =>
  (await t.call('GET', `${STAGE}/produce/trace?projectId=${b.id}`, user)).body.data.rows.dataList as Traced[];

describe('a typed unit on a per-t library factor', () => {
  it('the dialog’s save: 5 000 kg of rebar stays kg and is 11 700 kgCO2e, its conversion in the trace', async () => {
    const rebar = await libraryFactor(t, user, '热轧碳钢钢筋');
    expect(rebar).toMatchObject({ unit: 't', materialCo: 2340 });
    // 5 000 kg = 5 t; 5 t × 2 340 kgCO2e/t = 11 700 kgCO2e (not 5 000 t × 2 340 = 11 700 000)
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: b.id, materialName: '钢筋', unit: 'kg', quantity: 5000, factorId: rebar.id },
    ]);
    // (saved and calculated; its 提示 are the plausibility notes of a building with one small row)
    expect(r.body.code).toBe(1);
    expect(r.body.data.rows[0]).toMatchObject({
      unit: 'kg',
      quantity: 5000,
      factorValue: 2340,
      factorUnit: 'kgCO2e/t',
    });
    expect(r.body.data.rows[0].emission).toBeCloseTo(11_700, 6);
    // 11 700 kg = 11.7 t for the stage
    expect(r.body.data.result.produce).toBeCloseTo(11.7, 6);
    const [row] = await rows();
    expect(row).toMatchObject({ quantityUnit: 'kg', quantity: 5000 });
    expect(row.trace.conversions).toEqual(['5,000 kg = 5 t']);
  });

  it('the Excel import by factor name keeps the file’s kg: 2 500 kg = 2.5 t × 2 340 = 5 850 kgCO2e', async () => {
    const file = await xlsx(['材料名称', '单位', '用量', '排放因子名称'], [['钢筋', 'kg', 2500, '热轧碳钢钢筋']]);
    const r = await upload(t, `${STAGE}/produce`, user, { projectId: b.id }, file);
    expect(r.status).toBe(200);
    // an import stores the rows; the stage is calculated on its next calculation
    expect((await t.call('GET', `${STAGE}/produce/calculate?projectId=${b.id}`, user)).body.code).toBe(1);
    const imported = (await rows()).find((x) => x.quantity === 2500)!;
    expect(imported).toMatchObject({ quantityUnit: 'kg' });
    expect(imported.emission).toBeCloseTo(5850, 6);
    expect(imported.trace.conversions).toEqual(['2,500 kg = 2.5 t']);
  });

  it('a unit the factor’s cannot take is refused naming both units, nothing stored', async () => {
    const rebar = await libraryFactor(t, user, '热轧碳钢钢筋');
    const before = (await rows()).length;
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: b.id, materialName: '钢筋', unit: '根', quantity: 120, factorId: rebar.id },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([
      { field: '第1行 unit', errorMsg: '用量单位「根」与排放因子单位「kgCO2e/t」不一致，且该材料没有密度' },
    ]);
    expect((await rows()).length).toBe(before);
  });
});
