// Units through the API: a row's quantity is converted to its factor's unit on every stage, or refused on
// save (dialog, batch, import) naming the row, the field and both units — nothing of the batch is stored. Factors
// from the seeded library: 热轧碳钢钢筋 2 340 kgCO2e/t and C30混凝土 295 kgCO2e/m³ with density 2.4 t/m³
// (附录D, GB 50009), 柴油 3.096 kgCO2/kg (附录A).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT, libraryFactor } from './builders';
import { download, upload, xlsx } from './files';

let t: TestApp;
let user: string;
let b: { id: number };
const STAGE = '/api/tpf/v1/tpf/stage';
const factor = (name: string, spec = '') => libraryFactor(t, user, name, spec);
const count = async (code: string) =>
  (await t.call('GET', `${STAGE}/${code}/?projectId=${b.id}&pageSize=1`, user)).body.data.total as number;

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
        menus: 'produce,trans,build,remove,runtime',
      }),
    )
  ).body.data;
});
afterAll(() => t.close());

describe('converted', () => {
  it('建材生产: rebar in kg on the per-t library factor, concrete in t by the library density', async () => {
    const rebar = await factor('热轧碳钢钢筋');
    const c30 = await factor('C30混凝土');
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: b.id, materialName: '钢筋', unit: 'kg', quantity: 330_000, factorId: rebar.id }, // 330 t × 2 340 = 772 200 kg
      { projectId: b.id, materialName: '混凝土', unit: 't', quantity: 24, factorId: c30.id }, // 24 t ÷ 2.4 t/m³ = 10 m³ × 295 = 2 950 kg
    ]);
    // the concrete in t is counted by 合理性检查 through its density: 10 m³ on 10 000 m² = 0.001 m³/m², far below the
    // range of a whole building — the one note of this deliberately tiny bill
    expect(r.body).toMatchObject({ code: 1, message: '计算完成，有 1 条提示' });
    expect(r.body.data.warnings).toEqual([expect.stringContaining('合理性检查：混凝土用量 0.00 m³/m² 低于参考范围')]);
    expect(r.body.data.rows.map((x: { emission: number }) => x.emission)).toEqual([772_200, 2950]);
    // 775 150 kg = 775.15 t
    expect(r.body.data.result.produce).toBeCloseTo(775.15, 6);
    const trace = await t.call('GET', `${STAGE}/produce/trace?projectId=${b.id}`, user);
    const rows = trace.body.data.rows.dataList as { trace: { conversions?: string[] } }[];
    expect(rows[0].trace.conversions).toEqual(['330,000 kg = 330 t']);
    expect(rows[1].trace.conversions).toEqual(['24 t = 24,000 kg', '24,000 kg ÷ 密度 2.4 t/m3 = 10 m3']);
  });

  it('the workbook’s 计算过程 sheet lists each conversion beside its row', async () => {
    const x = await t.call('GET', `${PROJECT}/getExcelByID?projectID=${b.id}`, user);
    const ws = (await download(t, x.body.data)).getWorksheet('计算过程')!;
    const head = (ws.getRow(1).values as unknown[]).map(String);
    const col = head.indexOf('单位换算');
    expect(col).toBeGreaterThan(0);
    const cells: string[] = [];
    ws.eachRow((row, n) => n > 1 && cells.push(String(row.getCell(col).value ?? '')));
    expect(cells).toContain('330,000 kg = 330 t');
  });

  it('建筑建造: diesel in t on the per-kg factor is 20 000 kg × 3.096 = 61 920 kg', async () => {
    const diesel = await factor('柴油');
    const r = await t.call('POST', `${STAGE}/build/batch`, user, [
      {
        projectId: b.id,
        method: 'energy',
        name: '柴油',
        energy: 'diesel',
        unit: 't',
        quantity: 20,
        factorId: diesel.id,
      },
    ]);
    expect(r.body.data.rows[0].emission).toBeCloseTo(61_920, 6);
  });
});

describe('refused, nothing stored', () => {
  it('a batch with one row that cannot be converted keeps none (第 2 行, the unit field, both units)', async () => {
    const before = await count('produce');
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { projectId: b.id, materialName: '钢材', unit: 't', quantity: 1, factorValue: 2340, factorUnit: 'kgCO2e/t' },
      { projectId: b.id, materialName: '混凝土', unit: 't', quantity: 5, factorValue: 295, factorUnit: 'kgCO2e/m3' },
    ]);
    expect(r.status).toBe(400);
    const msg = '用量单位「t」与排放因子单位「kgCO2e/m3」不一致，且该材料没有密度';
    expect(r.body).toMatchObject({
      code: 2,
      message: `第 2 行：${msg}`,
      data: [{ field: '第2行 unit', errorMsg: msg }],
    });
    expect(await count('produce')).toBe(before);
  });

  it('the dialog: an electricity row in m³ on the grid factor; a factor unit that is no factor unit', async () => {
    const e = await t.call('POST', `${STAGE}/runtime/`, user, {
      projectId: b.id,
      method: 'systems',
      part: 'app',
      name: '插座',
      energy: 'electricity',
      unit: 'm3',
      annualQuantity: 100,
    });
    expect(e.body.data).toEqual([
      { field: 'unit', errorMsg: '用量单位「m3」与排放因子单位「kgCO2/kWh」不一致，且该能源没有低位发热量，无法换算' },
    ]);
    const f = await t.call('POST', `${STAGE}/build/`, user, {
      projectId: b.id,
      method: 'energy',
      name: '柴油',
      energy: 'diesel',
      unit: 'kg',
      quantity: 1,
      factorValue: 3,
      factorUnit: '3.096',
    });
    expect(f.body.data).toEqual([
      { field: 'factorUnit', errorMsg: '无法识别排放因子单位「3.096」（应为 kgCO2e/单位、tCO2/单位 或 gCO2e/单位）' },
    ]);
    expect(await count('runtime')).toBe(0);
  });

  it('an import names the row and the column; nothing of the file lands', async () => {
    const before = await count('produce');
    const file = await xlsx(
      ['材料名称', '单位', '用量', '排放因子', '因子单位'],
      [
        ['钢材', 't', 1, 2340, 'kgCO2e/t'],
        ['混凝土', 't', 5, 295, 'kgCO2e/m3'],
      ],
    );
    const r = await upload(t, `${STAGE}/produce`, user, { projectId: b.id }, file);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([
      { field: '第3行 单位', errorMsg: '用量单位「t」与排放因子单位「kgCO2e/m3」不一致，且该材料没有密度' },
    ]);
    expect(await count('produce')).toBe(before);
  });
});
