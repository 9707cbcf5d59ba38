// The decision sections of the PDF and Word reports and the workbook's decision sheets. Pure: a
// hand-made DecisionReport (a known, a ranged and an unknown published line; one variant compared; three
// hotspots, the first with a substitute; an uncertainty band) through the section model, the renderers and the
// sheets. Through the app: a calculated building's PDF, Word report and workbook carry them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/server/db/caller';
import { decisionReport } from '../../src/server/decide/report';
import { createVariant } from '../../src/server/decide/variants';
import type { DecisionReport } from '../../src/server/decide/report';
import type { ReportBlock, ReportSection } from '../../src/server/reports/blocks';
import { DECISION_SHEETS, decisionSheets } from '../../src/server/reports/decisionSheets';
import { formatNumber } from '../../src/calc/format';
import { newWorkbook } from '../../src/server/excel/workbook';
import { decisionChartPng } from '../../src/server/reports/decisionCharts';
import drawReport from '../../src/server/reports/drawTask';
import { PROJECT, PROJECT_V } from './builders';
import { download } from './files';
import { testApp, type TestApp } from './helpers';
import { docxText, hasPoppler, PDFTOPPM, pdfText } from './reportFiles';
import { needTools } from './tools';
import { decisionFixture, decisionSections, reportModelOf } from './decideFixture';

const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots-decide');

const blockText = (b: ReportBlock): string[] =>
  b.kind === 'table'
    ? [
        b.table.header.join(' | '),
        ...b.table.rows.map((r, i) => [r.join(' | '), ...(b.table.details?.[i] ?? [])].join('\n')),
      ]
    : b.kind === 'pairs'
      ? b.rows.map((r) => r.join(' | '))
      : b.kind === 'picture'
        ? [`[图] ${b.alt}`]
        : b.kind === 'list'
          ? b.items
          : [b.text];
const sectionText = (s: ReportSection | undefined) => (s ? s.blocks.flatMap(blockText).join('\n') : '');
const tableRows = (s: ReportSection, header: string) =>
  s.blocks.flatMap((b) => (b.kind === 'table' && b.table.header.includes(header) ? [b.table] : []))[0];

describe('the decision sections (pure)', () => {
  const r = decisionFixture();
  const sections = decisionSections(r);
  const [reference, variants, hotspots, uncertainty] = sections;

  it('titles in report order; 方案对比 only with variants', () => {
    expect(sections.map((s) => s.title)).toEqual(['参考线', '方案对比', '碳排放热点', '不确定性分析']);
    expect(decisionSections({ ...r, variants: null }).map((s) => s.title)).toEqual([
      '参考线',
      '碳排放热点',
      '不确定性分析',
    ]);
  });

  it('参考线: GB 55015 sentence, the lines with their value, range or 未知 (never 0), the percentile', () => {
    const text = sectionText(reference);
    expect(text).toContain(r.reference.gb55015.text);
    expect(text).toContain('降低量（kgCO2/(m²·a)） | 12.35');
    expect(text).toContain(r.reference.percentile.text);
    const lines = tableRows(reference, '参考值');
    expect(lines.header).toEqual([
      '名称',
      '适用建筑类型',
      '地区',
      '年份',
      '参考值',
      '单位',
      '核实标记',
      '本单体',
      '差异(%)',
      '来源',
    ]);
    expect(lines.rows.map((x) => x[4])).toEqual(['52.30', '372.40–525.90', '未知']);
    expect(lines.rows[2]).toEqual([
      '典型办公建筑（未知）\n运行碳排放强度',
      '办公建筑',
      '全国',
      '2022',
      '未知',
      'kgCO2/(m²·a)',
      '未知（U）',
      '40.12',
      '—',
      '行业调研',
    ]);
    expect(lines.rows[0][6]).toBe('已核实（V）');
    expect(lines.rows[0][8]).toBe('-23.29');
  });

  it('方案对比: the stage table with diffs, the waterfall image and the largest changes', () => {
    const text = sectionText(variants);
    expect(text).toContain('建材生产 | 80.00 | 70.00 | -10.00 | -12.50');
    expect(text).toContain('合计 | 100.00 | 90.00 | -10.00 | -10.00');
    expect(text).toContain(
      '建材生产 | C30混凝土 | 修改 | 因子 C30混凝土 → C30混凝土（掺矿渣） | 30,000.00 | 20,000.00 | -10,000.00',
    );
    const img = variants.blocks.find((b) => b.kind === 'picture');
    expect(img?.kind === 'picture' && img.picture.kind).toBe('waterfall');
    const png = img?.kind === 'picture' && img.picture.kind === 'waterfall' && decisionChartPng(img.picture);
    expect(png && png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('碳排放热点: rank, stage, name, t, share and cumulative, the substitute with its saving under the row', () => {
    const table = tableRows(hotspots, '排名');
    expect(table.header).toEqual(['排名', '阶段', '名称', '碳排放(tCO2e)', '占比(%)', '累计(%)']);
    expect(table.rows).toEqual([
      ['1', '建材生产', 'C30混凝土', '30.00', '50.00', '50.00'],
      ['2', '建筑运行', '空调用电', '20.00', '33.33', '83.33'],
      ['3', '建材生产', 'HRB400钢筋', '10.00', '16.67', '100.00'],
    ]);
    expect(table.details?.[0]).toEqual([
      '可替代为 C30混凝土（掺矿渣）（0.2000 kgCO2e/kg，厂家EPD）：碳排放 20.00 tCO2e，可减排 10.00 tCO2e（33.33%）',
    ]);
    expect(table.details?.[1]).toEqual([]);
  });

  it('不确定性分析: P10/P50/P90, mean and SD of total and intensity, inputs, tornado; the note without a band', () => {
    const text = sectionText(uncertainty);
    expect(text).toContain('碳排放总量（tCO2e） | 100.00 | 101.50 | 6.79 | 95.12 | 101.00 | 110.99');
    expect(text).toContain('碳排放强度（kgCO2e/(m²·a)） | 20.00 | 20.30 | 1.36 | 19.02 | 20.20 | 22.20');
    expect(text).toContain('电网排放因子 | 三角分布 0.5306–0.5827–0.5810 kgCO2/kWh（江苏 2021–2023）');
    expect(text).toContain('电网排放因子 | 92.00 | 108.00 | 16.00');
    expect(uncertainty.blocks.some((b) => b.kind === 'picture')).toBe(true);
    const none = decisionSections({
      ...r,
      uncertainty: null,
      uncertaintyNote: '核算模块基于实际发生数据，不做不确定性分析',
    });
    expect(sectionText(none.at(-1))).toBe('核算模块基于实际发生数据，不做不确定性分析');
  });

  it('empty tables print 暂无数据 in PDF and Word; the sections follow the existing ones', async () => {
    const empty: DecisionReport = {
      ...r,
      reference: { ...r.reference, published: [] },
      hotspots: { total: 0, rows: [], notes: [] },
    };
    const m = reportModelOf(decisionSections(empty));
    const word = docxText(await drawReport({ format: 'word', model: m, trial: false }));
    const after = word.slice(word.indexOf('. 参考线'));
    expect(word.indexOf('. 说明')).toBeGreaterThan(0);
    expect(word.indexOf('. 参考线')).toBeGreaterThan(word.indexOf('. 说明'));
    expect(after.split('\n').filter((l) => l === '暂无数据')).toHaveLength(2);
  });
});

describe('the decision sheets (pure)', () => {
  async function sheets(r: DecisionReport) {
    const wb = newWorkbook();
    decisionSheets(wb, r);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    return back;
  }
  /** The rows of the block whose header row contains `header`, down to its blank row. */
  function rowsUnder(ws: ExcelJS.Worksheet, header: string): ExcelJS.Row[] {
    let n = 1;
    while (n <= ws.rowCount && !(ws.getRow(n).values as unknown[]).includes(header)) n++;
    expect(n, `${ws.name}: header ${header}`).toBeLessThanOrEqual(ws.rowCount);
    const out: ExcelJS.Row[] = [];
    while (ws.getRow(++n).hasValues) out.push(ws.getRow(n));
    return out;
  }
  function rowOf(ws: ExcelJS.Worksheet, header: string, label: string | number): ExcelJS.Row {
    const found = rowsUnder(ws, header).find((r) => r.getCell(1).value === label);
    expect(found, `${ws.name}: ${label} under ${header}`).toBeDefined();
    return found!;
  }

  it('four sheets with Chinese headers, numbers as numbers in 2-decimal format, 未知 as text', async () => {
    const wb = await sheets(decisionFixture());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['参考线', '方案对比', '热点与替代', '不确定性']);
    const ref = wb.getWorksheet(DECISION_SHEETS.reference)!;
    const header = (ref.getRow(rowOf(ref, '项目', '说明').number + 3).values as unknown[]).slice(1);
    expect(header).toEqual([
      '指标',
      '名称',
      '适用建筑类型',
      '地区',
      '年份',
      '参考值',
      '下限',
      '上限',
      '单位',
      '核实标记',
      '本单体',
      '差异(%)',
      '来源',
      '备注',
    ]);
    const lines = rowsUnder(ref, '参考值');
    expect(lines.map((l) => l.getCell(6).value)).toEqual([52.3, '372.40–525.90', '未知']);
    expect(lines[0].getCell(6).numFmt).toBe('#,##0.00');
    expect(lines.map((l) => l.getCell(10).value)).toEqual(['已核实（V）', '推算值（D）', '未知（U）']);
    expect([lines[1].getCell(7).value, lines[1].getCell(8).value]).toEqual([372.4, 525.9]);
    expect(rowOf(ref, '项目', '降低量').getCell(2).value).toBe(12.345);

    const cmp = rowOf(wb.getWorksheet(DECISION_SHEETS.variants)!, '基准方案(tCO2e)', '方案B');
    expect([cmp.getCell(2).value, cmp.getCell(5).value, cmp.getCell(5).numFmt]).toEqual(['建材生产', -10, '#,##0.00']);

    const hot = wb.getWorksheet(DECISION_SHEETS.hotspots)!;
    const first = rowOf(hot, '占比(%)', 1);
    expect([first.getCell(8).value, first.getCell(8).numFmt, first.getCell(6).numFmt]).toEqual([
      30,
      '#,##0.00',
      '#,##0.0000',
    ]);
    const sub = hot.getRow(first.number + 1);
    expect([sub.getCell(11).value, sub.getCell(16).value, sub.getCell(16).numFmt]).toEqual([
      'C30混凝土（掺矿渣）',
      10,
      '#,##0.00',
    ]);

    const unc = rowOf(wb.getWorksheet(DECISION_SHEETS.uncertainty)!, 'P10', '碳排放总量(tCO2e)');
    expect([unc.getCell(5).value, unc.getCell(7).value, unc.getCell(5).numFmt]).toEqual([95.123, 110.987, '#,##0.00']);
  });

  it('without variants and uncertainty: 暂无数据 and the note', async () => {
    const wb = await sheets({
      ...decisionFixture(),
      variants: null,
      uncertainty: null,
      uncertaintyNote: '请先完成计算',
    });
    expect(wb.getWorksheet(DECISION_SHEETS.variants)!.getCell('A3').value).toBe('暂无数据');
    expect(wb.getWorksheet(DECISION_SHEETS.uncertainty)!.getCell('A3').value).toBe('请先完成计算');
  });
});

describe('the renderers draw the sections (pure)', () => {
  it('PDF: the titles after 说明, numbers with 2 decimals, the range', async (ctx) => {
    const m = reportModelOf(decisionSections(decisionFixture()));
    const bytes = await drawReport({ format: 'pdf', model: m, trial: false });
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, 'fixture.pdf'), bytes);
    needTools(ctx, 'pdftotext');
    const text = pdfText(mkdtempSync(join(tmpdir(), 'decide-report-')), bytes);
    const at = (s: string) => text.search(new RegExp(`\\d+\\. ${s}`));
    expect(at('说明')).toBeGreaterThan(0);
    expect(
      [at('参考线'), at('方案对比'), at('碳排放热点'), at('不确定性分析')].every(
        (x, i, a) => x > at('说明') && (i === 0 || x > a[i - 1]),
      ),
    ).toBe(true);
    for (const s of ['372.40–525.90', '110.99', '95.12', '-10,000.00', '可减排 10.00 tCO2e']) expect(text).toContain(s);
  });
});

describe('through the app: a calculated building with a variant (A1研发办公楼, 概预算)', () => {
  let t: TestApp;
  let user: string;
  let caller: Caller;
  let id: number;
  let pdf = '';
  let word = '';
  let wb: ExcelJS.Workbook;
  let expected: DecisionReport;

  async function report(type: 'pdf' | 'word'): Promise<Buffer> {
    const r = await t.call('GET', `${PROJECT}/exportPdf?projectId=${id}&type=${type}`, user);
    expect(r.body).toMatchObject({ code: 1, message: '导出成功' });
    const res = await t.app.inject({ method: 'GET', url: r.body.data });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  beforeAll(async () => {
    t = await testApp();
    user = await t.login('demo_user');
    const me = (await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', user)).body.data;
    caller = { userId: me.userId ?? me.id, tenantId: me.tenantId, roles: me.roleList ?? [], isAdmin: false };
    id = (await t.call('GET', `${PROJECT_V}/?name=A1`, user)).body.data.dataList.find(
      (b: { name: string }) => b.name === 'A1研发办公楼',
    ).id;
    await createVariant(t.database.db, caller, id, '方案B', '手动保存');
    const b = (await t.call('GET', `${PROJECT_V}/${id}`, user)).body.data;
    expect([b.status, b.total === null]).toEqual(['1', false]);
    expected = await decisionReport(t.database.db, caller, b);
    mkdirSync(SHOTS, { recursive: true });
    const bytes = await report('pdf');
    writeFileSync(join(SHOTS, 'a1.pdf'), bytes);
    if (hasPoppler) pdf = pdfText(mkdtempSync(join(tmpdir(), 'decide-report-')), bytes);
    if (existsSync(PDFTOPPM)) execFileSync(PDFTOPPM, ['-png', '-r', '60', join(SHOTS, 'a1.pdf'), join(SHOTS, 'a1')]);
    const docx = await report('word');
    writeFileSync(join(SHOTS, 'a1.docx'), docx);
    word = docxText(docx);
    const x = await t.call('GET', `${PROJECT}/getExcelByID?projectID=${id}`, user);
    expect(x.body.code).toBe(1);
    wb = await download(t, x.body.data);
  }, 300_000);
  afterAll(async () => t?.close());

  it('the report data: variants compared, hotspots, an uncertainty band', () => {
    expect(expected.variants?.compared.map((c) => c.variant.name)).toEqual(['方案B']);
    expect(expected.hotspots.rows.length).toBeGreaterThan(0);
    expect(expected.uncertainty).not.toBeNull();
  });

  it('Word: the four sections after 说明, with the report data in their text', () => {
    const at = (s: string) => word.search(new RegExp(`^\\d+\\. ${s}$`, 'm'));
    const order = ['说明', '参考线', '方案对比', '碳排放热点', '不确定性分析'].map(at);
    expect(
      order.every((x, i) => x >= 0 && (i === 0 || x > order[i - 1])),
      order.join(','),
    ).toBe(true);
    expect(word).toContain(expected.reference.gb55015.text);
    expect(word).toContain(expected.reference.percentile.text);
    const top = expected.hotspots.rows[0];
    expect(word).toContain(`1 | ${top.stageTitle} | ${top.label} | ${formatNumber(top.emission / 1000)}`);
    expect(word).toContain(
      `碳排放总量（tCO2e） | ${[expected.uncertainty!.total.nominal, expected.uncertainty!.total.mean].map((v) => formatNumber(v)).join(' | ')}`,
    );
  });

  it.skipIf(!hasPoppler)('PDF: the four section titles after 说明 and the P10/P90 of the total', () => {
    const at = (s: string) => pdf.search(new RegExp(`\\d+\\. ${s}\\n`));
    const order = ['说明', '参考线', '方案对比', '碳排放热点', '不确定性分析'].map(at);
    expect(
      order.every((x, i) => x >= 0 && (i === 0 || x > order[i - 1])),
      order.join(','),
    ).toBe(true);
    const u = expected.uncertainty!.total;
    expect(pdf).toMatch(
      new RegExp(
        `碳排放总量（tCO2e）\\s+${[u.nominal, u.mean, u.sd, u.p10, u.p50, u.p90].map((v) => formatNumber(v).replace('.', '\\.')).join('\\s+')}`,
      ),
    );
  });

  it('the workbook: the four decision sheets after 计算过程', () => {
    const names = wb.worksheets.map((w) => w.name);
    expect(names.slice(names.indexOf('计算过程'))).toEqual([
      '计算过程',
      '参考线',
      '方案对比',
      '热点与替代',
      '不确定性',
    ]);
    const hot = wb.getWorksheet('热点与替代')!;
    expect(hot.getRow(3).getCell(8).value).toBe(expected.hotspots.rows[0].emission / 1000);
  });
});
