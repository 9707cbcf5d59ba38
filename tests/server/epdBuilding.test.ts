// One building worked by hand through the EN 15978 view: an EPD factor imported through the route from an openEPD file
// and a seeded library factor, both in 建材生产 (GB, demo_user); then the EPD made expired in the library and the
// building calculated again.
//   EPD concrete   declared unit 1 m3, A1–A3 300 kgCO2e, D −20 kgCO2e → the factor 300 kgCO2e/m3
//                  10 m3 × 300 = 3 000 kg = 3.00 t
//   seeded steel   热轧碳钢钢筋, F kgCO2e/t read from the library: 5 t × F = 5F kg
//   建材生产 = total = A1–A3 = (3 000 + 5F) / 1 000 t (the only stage)
//   D = 10 m3 × (−20) = −200 kg = −0.20 t, reported beside the 合计, never in it
//   expired: 1 row uses the EPD → the row's notice, the stage's warning, the report's 说明
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/calc/format';
import { moduleExportSchema } from '../../schemas/moduleExport';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT, PROJECT_V } from './builders';
import { download, multipart } from './files';
import { testApp, type TestApp } from './helpers';
import { docxText, hasPoppler, pdfText } from './reportFiles';

const STAGE = '/api/tpf/v1/tpf/stage';
const F = '/api/tpf/v1/tpf/tpf3BuildMaterial';

const OPEN_EPD = {
  id: 'ec3test0001',
  name: 'C30 预拌混凝土（EPD）',
  manufacturer: { name: '南京测试混凝土有限公司' },
  program_operator: { name: 'EPD China' },
  program_operator_doc_id: 'EPD-CN-TEST-0001',
  date_of_issue: '2024-01-15',
  valid_until: '2030-01-14',
  pcr: { name: 'EN 16757 混凝土' },
  declared_unit: { qty: 1, unit: 'm3' },
  kg_per_declared_unit: { qty: 2400, unit: 'kg' },
  impacts: {
    'EN 15804+A2': {
      gwp: {
        A1A2A3: { mean: 300, unit: 'kgCO2e' },
        A4: { mean: 12, unit: 'kgCO2e' },
        C1: { mean: 3, unit: 'kgCO2e' },
        D: { mean: -20, unit: 'kgCO2e' },
      },
    },
  },
};

let t: TestApp;
let admin: string;
let user: string;
let work: string;
let epd: Record<string, any>;
let steelF: number;
let b: Record<string, any>;

const f2 = (v: number) => formatNumber(v);
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const flat = (s: string) => s.replace(/\s+/g, '');

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

async function workbook(): Promise<ExcelJS.Workbook> {
  const r = await t.call('GET', `${PROJECT}/getExcelByID?projectID=${b.id}`, user);
  expect(r.body.code).toBe(1);
  return download(t, r.body.data);
}

/** The EN 15978 模块 sheet's 碳排放 cells by the row's first cell (模块). */
function sheetFigures(wb: ExcelJS.Workbook): Map<string, ExcelJS.Cell> {
  const ws = wb.getWorksheet('EN 15978 模块')!;
  expect(ws).toBeDefined();
  const out = new Map<string, ExcelJS.Cell>();
  ws.eachRow((row) => out.set(String(row.getCell(1).value ?? ''), row.getCell(3)));
  return out;
}

async function exported(): Promise<Record<string, any>> {
  const link = await t.call('GET', `${PROJECT}/${b.id}/modules/export`, user);
  expect(link.body.code, link.body.message).toBe(1);
  const res = await t.app.inject({ method: 'GET', url: link.body.data });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('EPD楼-EN15978.json')}`);
  return res.json();
}

async function calculate(): Promise<void> {
  const r = await t.call('GET', `${STAGE}/produce/calculate?projectId=${b.id}`, user);
  expect(r.body.code, JSON.stringify(r.body)).toBe(1);
  b = (await t.call('GET', `${PROJECT_V}/${b.id}`, user)).body.data;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('demo_admin');
  user = await t.login('demo_user');
  work = mkdtempSync(join(tmpdir(), 'epd-building-'));
  const upload = multipart({}, { name: 'concrete.json', content: Buffer.from(JSON.stringify(OPEN_EPD)) });
  const imported = await t.app.inject({
    method: 'POST',
    url: `${F}/epd/import`,
    headers: { 'access-token': admin, 'content-type': upload.contentType },
    payload: upload.payload,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  epd = imported.json().data;
  const steel = await libraryFactor(t, user, '热轧碳钢钢筋');
  expect([steel.unit, steel.coUnit]).toEqual(['t', 'kgCO2e/t']);
  steelF = Number(steel.materialCo);
  expect(steelF).toBeGreaterThan(0);

  const engId = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: 'EPD工程' }))).body.data.id;
  b = (await t.call('POST', `${PROJECT}/`, user, buildingBody(engId, { name: 'EPD楼', menus: 'produce' }))).body.data;
  const rows = [
    { materialName: 'C30 预拌混凝土', unit: 'm3', quantity: 10, factorId: epd.id },
    { materialName: '热轧碳钢钢筋', unit: 't', quantity: 5, factorId: steel.id },
  ];
  const saved = await t.call(
    'POST',
    `${STAGE}/produce/batch`,
    user,
    rows.map((r) => ({ projectId: b.id, ...r })),
  );
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
  expect((await t.call('PUT', `${PROJECT}/status`, user, { id: b.id, status: '1' })).body.code).toBe(1);
  b = (await t.call('GET', `${PROJECT_V}/${b.id}`, user)).body.data;
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the EPD factor as imported', () => {
  it('is 300 kgCO2e/m3 with its declaration kept: D −20 per 1 m3, valid until 2030-01-14', () => {
    expect(epd).toMatchObject({ unit: 'm3', materialCo: 300, coUnit: 'kgCO2e/m3', quality: 'epd' });
    expect(epd.epd).toMatchObject({ declaredAmount: 1, declaredUnit: 'm3', a1a3: 300, validUntil: '2030-01-14' });
    expect(epd.epd.modules).toContainEqual(expect.objectContaining({ module: 'D', value: -20 }));
  });
});

describe('worked by hand', () => {
  const produce = () => (3000 + 5 * steelF) / 1000;

  it('rows, stage, total, A1–A3 and D as stored', async () => {
    const rows = await t.database.db
      .selectFrom('stage_produce')
      .select(['material_name', 'emission'])
      .where('project_id', '=', b.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => Number(r.emission))).toEqual([3000, expect.closeTo(5 * steelF, 6)]);
    expect(Number(b.produce)).toBeCloseTo(produce(), 4);
    expect(Number(b.total)).toBeCloseTo(produce(), 4);
    const view = b.resultDetail.modules;
    const a13 = view.lines.find((l: { module: string }) => l.module === 'A1–A3');
    expect(a13.value).toBeCloseTo(produce(), 4);
    expect(view.total).toBeCloseTo(Number(b.total), 4);
    expect(view.d.value).toBe(-0.2);
    expect(view.d.notes.join()).toContain('D -20 kgCO2e/m3');
    // the 合计 is the lines' sum (the sink included), never with D
    const sum = view.lines.reduce((a: number, l: { value: number | null }) => a + (l.value ?? 0), 0);
    expect(sum).toBeCloseTo(Number(b.total), 4);
    expect(view.lines.find((l: { module: string }) => l.module === 'B1').value).toBeNull();
  });

  it('the PDF, the Word file and the workbook show the same A1–A3, 合计 and D', async () => {
    const [a13, total] = [f2(produce()), f2(Number(b.total))];
    expect(a13).toBe(total);
    const word = docxText(await report('word'));
    expect(word).toMatch(/^\d+\. EN 15978 模块$/m);
    expect(word).toContain(`A1–A3 | 产品阶段 | ${a13} | 建材生产`);
    expect(word).toContain(`合计 | 全生命周期（含碳汇） | ${total} |`);
    expect(word).toContain('D（不计入合计） | 系统边界外的效益与负荷 | -0.20 |');
    expect(word).toContain('B1 | 使用 | 未计算 |');
    expect(word).toContain('D 模块（系统边界外的效益与负荷）按 EN 15978 单独报告，不计入合计。');
    if (hasPoppler) {
      const pdf = pdfText(work, await report('pdf'));
      expect(pdf).toMatch(new RegExp(`A1–A3\\s+产品阶段\\s+${esc(a13)}\\s+建材生产`));
      expect(pdf).toMatch(new RegExp(`合计\\s+全生命周期（含碳汇）\\s+${esc(total)}`));
      expect(pdf).toMatch(/D（不计入合计）\s+系统边界外的效益与负荷\s+-0\.20/);
    }
    const cells = sheetFigures(await workbook());
    expect(cells.get('A1–A3')!.value).toBeCloseTo(produce(), 4);
    expect(cells.get('合计')!.value).toBe(Number(b.total));
    expect(cells.get('D（不计入合计）')!.value).toBe(-0.2);
    expect(cells.get('B1')!.value).toBe('未计算');
    for (const m of ['A1–A3', '合计', 'D（不计入合计）']) expect(cells.get(m)!.numFmt).toBe('#,##0.00');
  });

  it('the export: the same figures, valid against its JSON Schema, the EPD in use named', async () => {
    const x = await exported();
    const validate = new Ajv({ allErrors: true, strict: false }).compile(moduleExportSchema);
    expect(validate(x), JSON.stringify(validate.errors)).toBe(true);
    expect(x).toMatchObject({ format: 'tansuan-en15978', version: 1, unit: 'tCO2e', total: Number(b.total) });
    expect(x.building).toMatchObject({ id: b.id, name: 'EPD楼', standard: 'GB', module: 'budget', designYears: 50 });
    expect(x.modules.find((m: { module: string }) => m.module === 'A1–A3').value).toBeCloseTo(produce(), 4);
    expect(x.d).toMatchObject({ value: -0.2, includedInTotal: false });
    expect(x.epds).toEqual([
      expect.objectContaining({
        factorId: epd.id,
        name: 'C30 预拌混凝土（EPD）',
        registrationNo: 'EPD-CN-TEST-0001',
        operator: 'EPD China',
        validUntil: '2030-01-14',
        expired: false,
        declaredUnit: 'm3',
        a1a3: 300,
        rows: 1,
      }),
    ]);
  });
});

describe('the EPD expired', () => {
  const notice = '有效期已于 2020-12-31 结束，请核实或更换因子';

  beforeAll(async () => {
    // the library's stored declaration moved into the past (an import refuses an expired EPD)
    await t.database.db
      .updateTable('tpf3_build_material')
      .set({ epd: JSON.stringify({ ...epd.epd, validUntil: '2020-12-31' }) })
      .where('id', '=', epd.id)
      .execute();
    await calculate();
  }, 60_000);

  it("the row's trace notice and the stage's warning; the figures unchanged", async () => {
    const [row] = await t.database.db
      .selectFrom('stage_produce')
      .select(['trace', 'emission'])
      .where('project_id', '=', b.id)
      .where('factor_id', '=', epd.id)
      .execute();
    const trace = (typeof row.trace === 'string' ? JSON.parse(row.trace) : row.trace) as { notices?: string[] };
    expect(trace.notices).toEqual([`EPD 因子「C30 预拌混凝土（EPD）」（EPD-CN-TEST-0001）的${notice}`]);
    expect(Number(row.emission)).toBe(3000);
    expect(b.resultDetail.stages.produce.warnings).toContain(
      `1 行使用的EPD 因子「C30 预拌混凝土（EPD）」（EPD-CN-TEST-0001）${notice}`,
    );
    expect(b.resultDetail.modules.d.value).toBe(-0.2);
  });

  it('the report says so in 说明 and under the row; the export marks the EPD expired', async () => {
    const warning = `建材生产：1 行使用的EPD 因子「C30 预拌混凝土（EPD）」（EPD-CN-TEST-0001）${notice}`;
    const word = docxText(await report('word'));
    expect(word).toContain(warning);
    expect(word).toContain(`注意：EPD 因子「C30 预拌混凝土（EPD）」（EPD-CN-TEST-0001）的${notice}`);
    if (hasPoppler) expect(flat(pdfText(work, await report('pdf')))).toContain(flat(warning));
    const ws = (await workbook()).getWorksheet('计算过程')!;
    const head = (ws.getRow(1).values as unknown[]).map(String);
    expect(String(ws.getRow(2).getCell(head.indexOf('提示')).value)).toContain(notice);
    const x = await exported();
    expect(x.epds[0]).toMatchObject({ validUntil: '2020-12-31', expired: true });
  });
});
