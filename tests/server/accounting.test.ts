// The accounting year (核算) through the API. Metered operation counts per operating year, on the as-built
// area of 核算信息补充; streng3 = (total − 建筑运行) × 1000 ÷ (y × A) + 建筑运行 × 1000 ÷ (y_op × A) (src/calc/intensity.ts),
// alike on the building, the 参考线 answer (card, compare page), the PDF, the Word file and the workbook.
//
// Demo C3 (核算, ZQYJG, 12 500 m², 50 a; 核算信息补充 竣工建筑面积 12 500 m², 已运行年数 1 a; 江苏 grid 0.5827):
//   建材生产  5 200 m³ × 295 + 780 t × 2 340 + 1 400 m³ × 336            = 3 829 600 kg
//   建材运输  5 200 × 2.4 t × 40 km × 0.162 + 780 t × 300 km × 0.129     =   111 056.4 kg
//   建筑建造  420 000 kWh × 0.5827 + 31 000 kg × 3.096                   =   340 710 kg
//   建筑运行  690 000 kWh × 0.5827 × 1 a                                 =   402 063 kg
//   total 4 683 429.4 kg = 4 683.4294 t
//   operation = 402 063 ÷ 1 a ÷ 12 500 m² = 32.165 04 → 32.17 kgCO2/(m²·a) (was 402 063 ÷ 50 ÷ 12 500 = 0.64)
//   against the national stock line 33.5: (32.17 − 33.5) ÷ 33.5 × 100 = −3.97 % (was −98.09 %)
//   streng3 = 4 281 366.4 ÷ 50 ÷ 12 500 + 32.165 04 = 6.850 186 + 32.165 04 = 39.015 … → 39.02 (was 7.49)
//   embodied = 4 281 366.4 ÷ 12 500 = 342.51 kgCO2e/m²
//
// A one-year metered building made here (核算, GB, 单体建筑面积 1 000 m², 50 a; 核算信息补充 1 250 m², 1 a):
//   建材生产 200 t × 2 340 = 468 000 kg; 建筑运行 100 000 kWh × 0.5827 × 1 a (默认值 from 核算信息补充) = 58 270 kg
//   operation = 58 270 ÷ 1 ÷ 1 250 = 46.616 → 46.62; streng3 = 468 000 ÷ 50 ÷ 1 250 + 46.616 = 54.104 → 54.10
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';
import { download } from './files';
import { testApp, type TestApp } from './helpers';
import { docxText, hasPoppler, pdfText } from './reportFiles';

const D = '/api/tpf/v1/tpf/decide';
const STAGE = '/api/tpf/v1/tpf/stage';
const JS_EXPORT = '/api/js/v1/js/tpfJs/exportWord';

let t: TestApp;
let user: string;
let work: string;

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  work = mkdtempSync(join(tmpdir(), 'accounting-'));
});
afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function file(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The value beside a label in the first column of a sheet. */
function cellBeside(ws: ExcelJS.Worksheet, label: string, col = 2): unknown {
  let out: unknown;
  ws.eachRow((row) => {
    if (out === undefined && row.getCell(1).value === label) out = row.getCell(col).value;
  });
  return out;
}

describe('demo C3: one metered year', () => {
  it('reads 32.17 for its operation intensity on the building, the 参考线 answer, the PDF, the Word file and the workbook', async () => {
    const list = (await t.call('GET', `${PROJECT}/?pageSize=-1`, user)).body.data.dataList as Record<string, unknown>[];
    const c3 = list.find((b) => b.code === 'DEMO-C3')!;
    expect(c3).toMatchObject({ total: 4683.4294, runtimeTotal: 402.063, streng3: 39.02 });

    const ref = (await t.call('GET', `${D}/${c3.id}/reference`, user)).body.data;
    expect(ref.building).toMatchObject({
      area: 12500,
      years: 50,
      operationYears: 1,
      embodied: 342.51,
      operation: 32.17,
      lifecycle: 39.02,
    });
    expect(ref.building.notes.at(-1)).toContain('实测运行能耗的运行年数取实际能源用量各行填写的运行年数 1 年'); // C3's row gives its own 1 a
    expect(ref.gb55015.operation).toBe(32.17);
    const stock = ref.published.find((l: { name: string }) => l.name === '全国建筑平均运行碳排放强度（存量）');
    expect(stock).toMatchObject({ value: 33.5, buildingValue: 32.17, diffPct: -3.97 });

    // Word (the accounting report route; any type but PDF gives Word) and PDF
    const w = await t.call('GET', `${JS_EXPORT}?projectId=${c3.id}&type=word`, user);
    expect(w.body.code, JSON.stringify(w.body)).toBe(1);
    const word = docxText(await file(w.body.data));
    expect(word).toContain('32.17');
    expect(word).toContain('39.02');
    expect(word).toContain(
      '核算面积 12,500.00 m²（核算信息补充：竣工建筑面积）；建筑运行的运行年数 1 年（实际能源用量各行填写的运行年数）',
    );
    expect(word).toContain(
      '单位面积年均碳排放（全生命周期碳排放强度）=（碳排放总量 − 建筑运行）× 1000 ÷ 设计使用年限 ÷ 建筑面积',
    );
    // ZQYJG: no provincial rule, the rest GB/T 51366-2019
    expect(word).toContain('计算依据：征求意见稿');
    expect(word).toContain('未采用任何征求意见稿专用计算规则');
    expect(word).toContain('其余均按《建筑碳排放计算标准》GB/T 51366-2019');
    // the 参考线 section's pair, never the old 0.64
    expect(word).toMatch(/运行碳排放强度（含碳汇，kgCO2\/\(m²·a\)）\s*\|\s*32\.17/);
    expect(word).not.toMatch(/运行碳排放强度（含碳汇，kgCO2\/\(m²·a\)）\s*\|\s*0\.64/);
    if (hasPoppler) {
      const p = await t.call('GET', `${JS_EXPORT}?projectId=${c3.id}&type=PDF`, user);
      const pdf = pdfText(work, await file(p.body.data)).replace(/\s+/g, ' ');
      expect(pdf).toContain('32.17');
      expect(pdf).toContain('39.02');
    }

    const x = await t.call('GET', `${PROJECT}/getExcelByID?projectID=${c3.id}`, user);
    const wb = await download(t, x.body.data);
    const sheet = wb.getWorksheet('参考线')!;
    expect(cellBeside(sheet, '运行碳排放强度（含碳汇）')).toBe(32.17);
    expect(cellBeside(sheet, '全生命周期碳排放强度')).toBe(39.02);
    expect(cellBeside(sheet, '建筑运行的运行年数')).toBe(1);
  });
});

describe('an accounting building calculated here', () => {
  let b: { id: number };
  beforeAll(async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '核算测试项目', code: 'ACC-21' }))).body
      .data;
    b = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(eng.id, {
          computeMethod: 'accounting',
          standard: 'GB',
          stage: '建造及交付',
          site: '南京市',
          buildArea: 1000,
          useDateLimit: 50,
          menus: 'produce,runtime',
        }),
      )
    ).body.data;
    expect(b?.id, JSON.stringify(b)).toBeTruthy();
    const steel = await libraryFactor(t, user, '热轧碳钢钢筋');
    const calls = [
      await t.call('POST', `${STAGE}/supplement/batch`, user, [
        { projectId: b.id, actualArea: 1250, operatingYears: 1 },
      ]),
      await t.call('PUT', `${STAGE}/runtime/method`, user, { projectId: b.id, method: 'metered' }),
      await t.call('POST', `${STAGE}/produce/batch`, user, [
        { projectId: b.id, materialName: '热轧碳钢钢筋', unit: 't', quantity: 200, factorId: steel.id },
      ]),
      await t.call('POST', `${STAGE}/runtime/batch`, user, [
        {
          projectId: b.id,
          method: 'metered',
          part: 'app',
          name: '年度电表读数',
          energy: 'electricity',
          unit: 'kWh',
          annualQuantity: 100_000,
        },
      ]),
    ];
    for (const r of calls) expect(r.body.code, JSON.stringify(r.body)).toBe(1);
  });

  it('streng3 and the operation intensity per operating year on 竣工建筑面积', async () => {
    const live = (await t.call('GET', `${PROJECT}/${b.id}`, user)).body.data;
    expect(live).toMatchObject({ produce: 468, runtimeTotal: 58.27, total: 526.27, streng3: 54.1 });
    expect(live.resultDetail.basis).toMatchObject({
      area: 1250,
      designYears: 50,
      operationYears: 1,
      operationYearsSource: '核算信息补充：已运行年数',
    });
    const ref = (await t.call('GET', `${D}/${b.id}/reference`, user)).body.data;
    // 468 000 ÷ 1 250 = 374.4 kgCO2e/m²
    expect(ref.building).toMatchObject({
      area: 1250,
      operationYears: 1,
      embodied: 374.4,
      operation: 46.62,
      lifecycle: 54.1,
    });
    // the metered row's years are a 默认值 from 核算信息补充, shown in its trace
    const tr = (await t.call('GET', `${STAGE}/runtime/trace?projectId=${b.id}&pageNum=1&pageSize=10`, user)).body.data;
    expect(JSON.stringify(tr)).toContain('未填写运行年数：按核算信息补充的已运行年数计');
  });

  it('two operating years: twice the emission, the same annual intensity', async () => {
    const sup = (await t.call('GET', `${STAGE}/supplement/?projectId=${b.id}&pageSize=-1`, user)).body.data.dataList[0];
    const r = await t.call('POST', `${STAGE}/supplement/batch`, user, [{ ...sup, operatingYears: 2 }]);
    expect(r.body.code, JSON.stringify(r.body)).toBe(1);
    // 100 000 × 0.5827 × 2 a = 116 540 kg; operation 116 540 ÷ 2 ÷ 1 250 = 46.616; streng3 7.488 + 46.616 = 54.10
    const live = (await t.call('GET', `${PROJECT}/${b.id}`, user)).body.data;
    expect(live).toMatchObject({ runtimeTotal: 116.54, streng3: 54.1 });
    expect((await t.call('GET', `${D}/${b.id}/reference`, user)).body.data.building).toMatchObject({
      operation: 46.62,
      operationYears: 2,
    });
  });

  it('GB 55015 compares the unrounded reduction', async () => {
    // 53.612 − 46.616 = 6.996: 7.00 to 2 decimals, but less than 7 → not met
    let r = await t.call('PUT', `${D}/${b.id}/reference`, user, { refOperation: 53.612 });
    expect(r.body.data.gb55015).toMatchObject({ operation: 46.62, reduction: 7, pass: false });
    expect(r.body.data.gb55015.text).toContain('（未取整为 6.9960）');
    // 53.616 − 46.616 = 7 → met
    r = await t.call('PUT', `${D}/${b.id}/reference`, user, { refOperation: 53.616 });
    expect(r.body.data.gb55015).toMatchObject({ reduction: 7, pass: true });
  });
});
