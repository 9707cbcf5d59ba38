// The layouts of layouts.ts read end to end (file → grids → tables → pre-flight): grades never merged, whatever
// the specification column is titled; what a page break repeats skipped, never a problem; a header far down; a
// machine sheet counting 台班数量; one unit however spelled. Figures are summed by hand from the line lists.
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { budgetPreflightWorkbook } from '../../../src/server/budget/excel';
import { threadPool } from '../../../src/server/jobs/threadPool';
import { readBudgetGrids } from '../../../src/server/budget/readGrids';
import { readTables } from '../../../src/server/budget/tables';
import { preflight } from '../../../src/server/budget/preflight';
import {
  GB2008_LINES,
  GRADE_SHEET,
  LOW_HEADER_ROW,
  PAGED_LINES,
  SHIFT_LINES,
  gb2008Materials,
  gccpPaged,
  lowHeader,
  machineShifts,
  unitSpellings,
  unreadGrades,
} from './layouts';
import { xlsxBook } from './sheets';

const tablesOf = async (file: Promise<Buffer>) => readTables(readBudgetGrids(await file));
const read = async (file: Promise<Buffer>) => preflight(await tablesOf(file));
afterAll(() => threadPool.close());

const figures = (p: Awaited<ReturnType<typeof read>>) =>
  p.items.map((i) => `${i.name} ${i.spec} ${i.quantity} ${i.unit}`);

describe('lines are merged only when name, specification and unit agree', () => {
  it('GB 50500-2008 表-21: 规格、型号等特殊要求 is the specification; C30 and C50, Φ12 and Φ25 stay four items', async () => {
    const p = await read(gb2008Materials());
    expect(figures(p)).toEqual(GB2008_LINES.map((l) => `${l.name} ${l.spec} ${l.quantity} ${l.unit}`));
    expect(figures(p)).toEqual([
      '预拌混凝土 C30 100 m3',
      '预拌混凝土 C50 50 m3',
      '热轧带肋钢筋 HRB400 Φ12 18.6 t',
      '热轧带肋钢筋 HRB400 Φ25 42.35 t',
    ]);
    expect([p.duplicatesMerged, p.problems.length, p.unreadColumns]).toEqual([0, 0, []]);
    // the form's label 表-21 under the table is what a page repeats, not a line
    expect(p.skipped.title).toBe(1);
  });

  it('grades in a column titled 参数 keep C30 apart from C50, and the pre-flight names the column', async () => {
    const p = await read(unreadGrades());
    // C30: 100 m3 + 20 m³ = 120 (one unit); C50: 50 — merged blindly they would be one item of 170
    expect(figures(p)).toEqual(['预拌混凝土 C30 120 m3', '预拌混凝土 C50 50 m3']);
    expect(p.duplicatesMerged).toBe(1);
    expect(p.unreadColumns).toEqual([{ sheet: GRADE_SHEET, column: 'C', title: '参数' }]);
    // the pre-flight workbook's 汇总 names it too
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await budgetPreflightWorkbook({ ...p, fileName: 'grades.xlsx' })) as unknown as ArrayBuffer);
    const summary = wb
      .getWorksheet('汇总')!
      .getSheetValues()
      .filter(Array.isArray)
      .map((r) => r.slice(1));
    expect(summary.find((r) => r[0] === '未能识别的列')?.[1]).toBe('人材机汇总表 C列「参数」');
  });

  it('m3, 立方米 and 立方 of one sand are one item; 千块 and 千匹 of one brick too; t and kg of cement stay two', async () => {
    const p = await read(unitSpellings());
    // 中砂: 120.5 + 30.25 + 10 = 160.75 m3; 标准砖 (240×115×53 = 240*115*53): 50 + 12 = 62 千块
    expect(figures(p)).toEqual([
      '中砂  160.75 m3',
      '标准砖 240×115×53 62 千块',
      '水泥 P.O 42.5 58.734 t',
      '水泥 P.O 42.5 1200 kg',
    ]);
    expect(p.items[0].sources.map((s) => s.row)).toEqual([2, 3, 4]);
    // 2 lines into 中砂, 1 into 标准砖
    expect(p.duplicatesMerged).toBe(3);
  });
});

describe('what a printed page repeats is skipped, not a problem', () => {
  for (const xls of [false, true]) {
    it(`${xls ? '.xls' : '.xlsx'}: title block and header at the break, sections in 序号, 其中：甲供材料, a 注 in two lines`, async () => {
      const p = await read(gccpPaged(xls));
      expect(p.problems).toEqual([]);
      // rows 12–13 title and 第 2 页, row 14 the header; 一、人工 / 二、材料 / 三、机械; 合计; 注：1. and 2.
      expect(p.skipped).toEqual({ blank: 0, subtotal: 1, note: 2, section: 3, header: 1, title: 2, subheading: 1 });
      // 1 + (2 + 2 + 1) + 2 = 8 lines, counted in their own class only
      expect(p.totalLines).toBe(8);
      expect(Object.fromEntries(Object.entries(p.byClass).map(([k, v]) => [k, v.lines]))).toEqual({
        labour: 1,
        material: 5,
        equipment: 0,
        energy: 0,
        machine: 2,
      });
      expect(p.items.find((i) => i.name === '标准砖')).toMatchObject({
        quantity: PAGED_LINES.page2[0].quantity,
        sources: [{ sheet: '人材机汇总表', row: 15 }],
      });
    });
  }

  it('section rows in 序号 set the section of the lines under them', async () => {
    const { tables } = await tablesOf(gccpPaged());
    expect(tables[0].lines.map((l) => l.section)).toEqual([
      '人工',
      '材料',
      '材料',
      '材料',
      '材料',
      '材料',
      '机械',
      '机械',
    ]);
  });
});

describe('the header and the quantity by their titles', () => {
  it('a header on row 40, under 39 lines of 编制说明, is found', async () => {
    const { tables } = await tablesOf(lowHeader());
    expect(tables[0].header.first).toBe(LOW_HEADER_ROW - 1);
    expect(tables[0].lines.map((l) => `${l.row}:${l.name}`)).toEqual(['41:商品混凝土', '42:中砂']);
  });

  it('a machine sheet whose quantity is 台班数量 is read, not passed over', async () => {
    const p = await read(machineShifts());
    expect([p.sheets, p.otherSheets]).toEqual([['材料汇总表', '机械台班汇总表'], []]);
    expect(p.items.filter((i) => i.cls === 'machine').map((i) => [i.name, i.quantity])).toEqual(
      SHIFT_LINES.map((l) => [l.name, l.quantity]),
    );
  });

  it('a sheet without a quantity column is refused naming the sheet, what it has and what it lacks', async () => {
    const file = xlsxBook([
      {
        name: '机械台班汇总表',
        rows: [
          ['序号', '机械名称', '规格型号', '单位', '台班单价(元)', '合价(元)'],
          [1, '履带式推土机', '功率75kW', '台班', 900, 7740],
        ],
      },
    ]);
    await expect(read(file)).rejects.toThrow(
      '工作表「机械台班汇总表」缺少必需的列：数量（已找到：序号、名称、规格型号、单位）',
    );
  });
});
