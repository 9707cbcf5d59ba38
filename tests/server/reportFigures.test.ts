// Traceable figures in the report files: one total rounded once and each stage's stored figure, identical in
// the PDF, the Word file and the Excel workbook; every row's trace (quantity × factor with source and mark,
// formula with its numbers, 默认值, data quality); the data-quality shares and grade; waste under GB marked
// outside GB/T 51366's boundary. A building made for it (GB, demo_user), worked by hand:
//   建材生产  9.2 t × 12.5 kgCO2e/t = 114.99999999999999 kg in binary — stored 0.115 t → 0.12
//             (a result stored before the detail's stage totals were rounded keeps 0.11499999999999999 t there,
//             which the old report showed as 0.11: the test writes that legacy detail back before exporting)
//   建材运输  5 000 kg ÷ 1000 × 500 km × 0.002 = 5 kg → 0.005 t → 0.01
//   建筑运行  空调 1 kWh/a ÷ COP 1 (默认值) × 0.0001 × 50 a = 0.005 kg; 光伏 −10 × 0.0001 × 50 = −0.05 kg, capped
//             at the consumption (note): 0 t → 0.00
//   废弃物处理 1 t × 5 kgCO2e/t = 5 kg → 0.005 t → 0.01, outside GB/T 51366's boundary
//   total 124.99999999999999 kg → stored 0.125 t → 0.13 — not the sum of the shown stages (0.12 + 0.01 + 0.01 = 0.14)
//   quality (positive kg, of 125.005): EPD 115, 估算 5 + 0.005, 标准默认值 5 → 92.00 %, 4.00 %, 4.00 % → grade A
//   (估算 ≤ 5 % and 实测 + EPD ≥ 50 %)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from './files';
import { buildingBody, ENG, engineeringBody, PROJECT, PROJECT_V } from './builders';
import { formatNumber } from '../../src/calc/format';
import { docxText, hasPoppler, PDFTOPPM, pdfText } from './reportFiles';
import { hasTools, needTools } from './tools';
import { testApp, type TestApp } from './helpers';

const STAGE = '/api/tpf/v1/tpf/stage';
const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots-h3');
const OUTSIDE = '不在 GB/T 51366-2019 计算边界内';

let t: TestApp;
let user: string;
let work: string;
let b: Record<string, any>;
let pdf = '';
let word = '';
let wb: ExcelJS.Workbook;

async function batch(code: string, rows: Record<string, unknown>[]) {
  const r = await t.call(
    'POST',
    `${STAGE}/${code}/batch`,
    user,
    rows.map((x) => ({ projectId: b.id, ...x })),
  );
  expect(r.body.code, JSON.stringify(r.body)).toBe(1);
}

async function file(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function report(type: 'pdf' | 'word'): Promise<Buffer> {
  const r = await t.call('GET', `${PROJECT}/exportPdf?projectId=${b.id}&type=${type}`, user);
  expect(r.body).toMatchObject({ code: 1, message: '导出成功' });
  return file(r.body.data);
}

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  work = mkdtempSync(join(tmpdir(), 'report-figures-'));
  mkdirSync(SHOTS, { recursive: true });
  const engId = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '报告数值工程' }))).body.data.id;
  const created = await t.call(
    'POST',
    `${PROJECT}/`,
    user,
    buildingBody(engId, { name: '数值楼', standard: 'GB', menus: 'produce,trans,runtime,waste' }),
  );
  expect(created.body.code).toBe(1);
  b = created.body.data;
  await batch('produce', [
    {
      materialName: '铝型材',
      unit: 't',
      quantity: 9.2,
      factorValue: 12.5,
      factorUnit: 'kgCO2e/t',
      factorSource: '厂家EPD',
      quality: 'epd',
      qualityRef: 'EPD-CN-001',
    },
  ]);
  await batch('trans', [
    {
      materialName: 'PPR管',
      unit: 'kg',
      quantity: 5000,
      distance: 500,
      factorValue: 0.002,
      factorUnit: 'kgCO2e/(t·km)',
      factorSource: '测试',
    },
  ]);
  await batch('runtime', [
    {
      method: 'systems',
      part: 'airCool',
      name: '空调',
      energy: 'electricity',
      annualLoad: 1,
      factorValue: 0.0001,
      factorUnit: 'kgCO2/kWh',
      factorSource: '测试',
    },
    {
      method: 'systems',
      part: 'pv',
      name: '光伏',
      energy: 'electricity',
      annualQuantity: 10,
      unit: 'kWh',
      factorValue: 0.0001,
      factorUnit: 'kgCO2/kWh',
      factorSource: '测试',
    },
  ]);
  await batch('waste', [
    {
      name: '建筑垃圾',
      treatment: '填埋',
      quantity: 1,
      factorValue: 5,
      factorUnit: 'kgCO2e/t',
      factorSource: '测试',
      quality: 'standard',
    },
  ]);
  expect((await t.call('PUT', `${PROJECT}/status`, user, { id: b.id, status: '1' })).body.code).toBe(1);
  b = (await t.call('GET', `${PROJECT_V}/${b.id}`, user)).body.data;
  // the detail as the earlier calculation stored it: the stage total unrounded (t = kg / 1000)
  const legacy = {
    ...b.resultDetail,
    stages: { ...b.resultDetail.stages, produce: { ...b.resultDetail.stages.produce, total: (9.2 * 12.5) / 1000 } },
  };
  await t.database.db
    .updateTable('tpf3_project')
    .set({ result_detail: JSON.stringify(legacy) })
    .where('id', '=', b.id)
    .execute();
  b = (await t.call('GET', `${PROJECT_V}/${b.id}`, user)).body.data;

  const pdfBytes = await report('pdf');
  writeFileSync(join(SHOTS, 'figures.pdf'), pdfBytes);
  if (hasPoppler) pdf = pdfText(work, pdfBytes);
  if (hasTools('pdftoppm'))
    execFileSync(PDFTOPPM, ['-png', '-r', '60', join(SHOTS, 'figures.pdf'), join(SHOTS, 'figures')]);
  const docx = await report('word');
  writeFileSync(join(SHOTS, 'figures.docx'), docx);
  word = docxText(docx);
  const x = await t.call('GET', `${PROJECT}/getExcelByID?projectID=${b.id}`, user);
  expect(x.body.code).toBe(1);
  wb = await download(t, x.body.data);
  await wb.xlsx.writeFile(join(SHOTS, 'figures.xlsx'));
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The 计算过程 sheet's stored figures under the rows: label → cell. */
function traceFigures(): Map<string, ExcelJS.Cell> {
  const ws = wb.getWorksheet('计算过程')!;
  const out = new Map<string, ExcelJS.Cell>();
  let below = false;
  ws.eachRow((row) => {
    const label = String(row.getCell(1).value ?? '');
    if (label === '阶段' && row.getCell(2).value === '碳排放量(tCO2e)') below = true;
    else if (below && label && !out.has(label)) out.set(label, row.getCell(2));
  });
  return out;
}

describe('one total, rounded once', () => {
  it('the stored figures: each stage field and the total, 4 decimals', () => {
    expect([b.produce, b.trans, b.runtimeTotal, b.waste, b.total]).toEqual([0.115, 0.005, 0, 0.005, 0.125]);
    // the legacy detail's unrounded stage total — the figure the old report showed as 0.11
    expect(b.resultDetail.stages.produce.total).toBe(0.11499999999999999);
  });

  it('PDF, Word and Excel show the stored total 0.13 and each stage its stored figure', async () => {
    const expected: [string, string][] = [
      ['建材生产', '0.12'],
      ['建材运输', '0.01'],
      ['建筑运行', '0.00'],
      ['废弃物处理', '0.01'],
    ];
    for (const [stage, figure] of expected) {
      expect(word).toContain(`${stage}阶段合计：${figure} tCO2e`);
      if (hasPoppler) expect(pdf).toContain(`${stage}阶段合计：${figure} tCO2e`);
    }
    expect(word).toContain('碳排放总量（tCO2e） | 0.13');
    expect(word).toContain('建材生产（tCO2e） | 0.12');
    expect(word).not.toMatch(/0\.11 tCO2e|（tCO2e） \| 0\.14/);
    if (hasPoppler) {
      expect(pdf).toMatch(/碳排放总量（tCO2e）\s+0\.13\n/);
      expect(pdf).toMatch(/建材生产（tCO2e）\s+0\.12\n/);
      expect(pdf).not.toContain('0.11 tCO2e');
    }
    // the workbook: the stored values themselves, shown with 2 decimals
    const figures = traceFigures();
    expect(figures.get('碳排放总量')!.value).toBe(0.125);
    expect(figures.get('建材生产')!.value).toBe(0.115);
    expect(figures.get('碳排放总量')!.numFmt).toBe('#,##0.00');
    const sum = wb.getWorksheet('计算结果汇总')!;
    expect(sum.getCell(sum.getColumn(1).values.indexOf('碳排放总量(tCO2e)'), 2).value).toBe(0.125);
    // shown: the stored value in the one number format, as in the PDF and the Word file
    expect(formatNumber(figures.get('碳排放总量')!.value)).toBe('0.13');
  });
});

/** The 计算过程 sheet's row lines, by header. */
function traceRows(): Record<string, unknown>[] {
  const ws = wb.getWorksheet('计算过程')!;
  const header = ws.getRow(1).values as unknown[];
  const out: Record<string, unknown>[] = [];
  for (let n = 2; n <= ws.rowCount; n++) {
    const row = ws.getRow(n);
    if (!row.hasValues) break; // the stored figures follow an empty line
    out.push(
      Object.fromEntries(header.map((h, i) => [String(h), row.getCell(i).value]).filter(([h]) => h !== 'undefined')),
    );
  }
  return out;
}

describe('every row explained', () => {
  const lines = [
    '计算：用量 × 单位质量(t/单位) × 运输距离(km) × 运输因子 = 5,000 × 0.001 × 500 × 0.002 = 5.00 kgCO2e（以千克计，质量 = 用量 ÷ 1000）',
    '计算：年累计冷/热负荷(kWh/a) ÷ 系统能效比(COP/EER) × 能源因子 × 设计使用年限(a) = 1 ÷ 1 × 0.0001 × 50 = 0.01 kgCO2e',
    '默认值：系统能效比(COP/EER) 1 — 未填写系统能效比：按 1 计（相当于电直热，偏保守）',
    '注：可再生能源抵减量超过运行能耗，按运行能耗 0.00 tCO2e 计入抵减',
  ];

  it('Word: quantity × factor with source, mark and data quality; the formula with its numbers, 默认值 and the renewables cap', () => {
    expect(word).toContain('序号 | 名称 | 数量 | 单位 | 排放因子 | 因子来源 | 标识 | 数据质量 | 碳排放量(kgCO2e)');
    expect(word).toContain('1 | 铝型材 | 9.20 | t | 12.5000 kgCO2e/t | 厂家EPD | — | EPD EPD-CN-001 | 115.00');
    expect(word).toContain('1 | 建筑垃圾 | 1.00 | t | 5.0000 kgCO2e/t | 测试 | — | 标准默认值 | 5.00');
    for (const line of lines) expect(word).toContain(line);
  });

  it('PDF: the same lines (A4 portrait, looked at in .tmp/shots-h3/figures-*.png)', (ctx) => {
    needTools(ctx, 'pdftotext');
    const flat = pdf.replace(/\s+/g, '');
    for (const line of lines) expect(flat).toContain(line.replace(/\s+/g, ''));
    expect(flat).toContain('1铝型材9.20t12.5000厂家EPD—EPD115.00kgCO2e/tEPD-CN-001');
  });

  it('Excel 计算过程: one line per row with factor, source, mark, data quality, 默认值 and formula', () => {
    const rows = traceRows();
    expect(rows.map((r) => [r['阶段'], r['名称'], r['碳排放量(kgCO2e)']])).toEqual([
      ['建材生产', '铝型材', 9.2 * 12.5],
      ['建材运输', 'PPR管', 5],
      ['建筑运行', '空调制冷 · 空调', expect.closeTo(0.005, 12)],
      ['建筑运行', '光伏发电 · 光伏', expect.closeTo(-0.05, 12)],
      ['废弃物处理', '建筑垃圾', 5],
    ]);
    expect(rows[0]).toMatchObject({
      数量: 9.2,
      单位: 't',
      排放因子: 12.5,
      因子单位: 'kgCO2e/t',
      因子来源: '厂家EPD',
      数据质量: 'EPD',
      数据依据: 'EPD-CN-001',
    });
    expect(rows[1]['计算过程']).toBe(lines[0].slice(3));
    expect(rows[2]['默认值']).toBe(lines[2].slice(4));
    expect(rows[2]['数据质量']).toBe('估算');
  });
});

describe('data quality', () => {
  it('shares by class and the grade with its rule, the stored figures in all three files', () => {
    expect(b.resultDetail.grade).toBe('A');
    expect(b.resultDetail.qualityShares).toMatchObject({ epd: 92, estimate: 4, standard: 4, metered: 0, database: 0 });
    for (const row of [
      '实测 | 0.00 | 0.00',
      'EPD | 0.12 | 92.00',
      '标准默认值 | 0.01 | 4.00',
      '数据库 | 0.00 | 0.00',
      '估算 | 0.01 | 4.00',
    ])
      expect(word).toContain(row);
    expect(word).toContain('数据质量等级：A');
    expect(word).toContain('A — 估算 ≤ 5% 且实测与 EPD 合计 ≥ 50%');
    if (hasPoppler) {
      expect(pdf).toMatch(/EPD\s+0\.12\s+92\.00/);
      expect(pdf).toContain('数据质量等级：A');
    }
    const ws = wb.getWorksheet('计算过程')!;
    const found = new Map<string, unknown[]>();
    ws.eachRow((row) => found.set(String(row.getCell(1).value), [row.getCell(2).value, row.getCell(3).value]));
    expect(found.get('EPD')).toEqual([0.115, 92]);
    expect(found.get('数据质量等级')?.[0]).toBe('A');
  });
});

describe('waste under GB', () => {
  it('is marked outside GB/T 51366-2019 in its section title, the totals and the workbook', async () => {
    expect(b.resultDetail.stages.waste.outsideBoundary).toBe(OUTSIDE);
    expect(word).toContain(`3.4 废弃物处理（${OUTSIDE}）`);
    expect(word).toContain(`废弃物处理（tCO2e，${OUTSIDE}） | 0.01`);
    if (hasPoppler) {
      expect(pdf).toContain(`3.4 废弃物处理（${OUTSIDE}）`);
      expect(pdf.replace(/\s+/g, '')).toContain(`废弃物处理（tCO2e，${OUTSIDE}）0.01`.replace(/\s+/g, ''));
    }
    const sum = wb.getWorksheet('计算结果汇总')!;
    const notes: unknown[] = [];
    sum.eachRow((row) => row.getCell(1).value === '说明' && notes.push(row.getCell(2).value));
    expect(notes).toEqual([`废弃物处理：${OUTSIDE}`]);
    expect(traceFigures().get('废弃物处理')!.value).toBe(0.005);
  });

  it('a building under the Jiangsu guideline has waste inside its boundary: no mark', async () => {
    const engId = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '导则工程' }))).body.data.id;
    const js = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(engId, { name: '导则楼', standard: 'JS', menus: 'produce,waste' }),
      )
    ).body.data;
    const r = await t.call('POST', `${STAGE}/waste/batch`, user, [
      { projectId: js.id, name: '建筑垃圾', quantity: 2, factorValue: 5, factorSource: '测试' },
    ]);
    expect(r.body.code).toBe(1);
    await t.call('PUT', `${PROJECT}/status`, user, { id: js.id, status: '1' });
    const url = (await t.call('GET', `${PROJECT}/exportPdf?projectId=${js.id}&type=word`, user)).body.data;
    const text = docxText(await file(url));
    expect(text).toContain('废弃物处理（tCO2e） | 0.01');
    expect(text).not.toContain('计算边界内');
  });
});
