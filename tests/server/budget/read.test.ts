// Reading the generated budget files end to end: file → grids → tables → pre-flight. The counts are
// worked by hand from the line lists of budgetLines.ts / gb50500.ts (see each comment), not from the reader.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MAX_SHEET_ROWS, readBudgetGrids } from '../../../src/server/budget/readGrids';
import { readTables } from '../../../src/server/budget/tables';
import { preflight } from '../../../src/server/budget/preflight';
import {
  FEE_SHEET,
  MATERIAL_LINES,
  RCJ_SHEET,
  gb50500Table21,
  gb50500Table22,
  materialSummary,
  missingQuantity,
  rcjSummary,
  rcjSummaryXls,
  xlsxFrom,
} from './workbooks';

const read = async (file: Promise<Buffer>) => preflight(readTables(readBudgetGrids(await file)));

describe('a 人材机汇总表 (.xlsx and .xls)', () => {
  for (const [format, file] of [
    ['xlsx', rcjSummary],
    ['xls', rcjSummaryXls],
  ] as const) {
    it(`${format}: the table sheet is read, the fee sheet passed over; lines counted by class`, async () => {
      const p = await read(file());
      expect(p.sheets).toEqual([RCJ_SHEET]);
      expect(p.otherSheets).toEqual([FEE_SHEET]);
      // 40 lines: 人 2 (综合工日 ×2); energy 5 (电, 柴油, 汽油, 水, 天然气 — filed under 材 by the tool); 机 9; 设 1 (电梯);
      // the other 23 are materials (材, 主, 商砼), 其他材料费 in 元 among them
      expect(p.totalLines).toBe(40);
      expect(Object.fromEntries(Object.entries(p.byClass).map(([k, v]) => [k, v.lines]))).toEqual({
        labour: 2,
        material: 23,
        equipment: 1,
        energy: 5,
        machine: 9,
      });
      // 汽油 0, 天然气 empty, 其他材料费 in 元, 水泥 P.O 42.5 twice
      expect([p.zeroQuantity, p.withoutQuantity, p.costLines, p.duplicatesMerged]).toEqual([1, 1, 1, 1]);
      // items: materials 23 − 1 merged − 1 cost = 21; energy 5 − 汽油 − 天然气 = 3; machines 9; equipment 1
      expect(Object.fromEntries(Object.entries(p.byClass).map(([k, v]) => [k, v.items]))).toEqual({
        labour: 0,
        material: 21,
        equipment: 1,
        energy: 3,
        machine: 9,
      });
      expect(p.problems).toEqual([]);
      // the merged 水泥: 58.734 + 12.406 = 71.14 t, both rows kept for the trace
      const cement = p.items.find((i) => i.name === '水泥')!;
      expect(cement.quantity).toBeCloseTo(71.14, 9);
      expect(cement.sources.map((s) => s.sheet)).toEqual([RCJ_SHEET, RCJ_SHEET]);
      // written as text with separators: 电 '18,652.30'
      expect(p.items.find((i) => i.name === '电')).toMatchObject({
        cls: 'energy',
        energy: 'electricity',
        quantity: 18652.3,
        unit: 'kW·h',
      });
      expect(p.items.find((i) => i.name === '水')).toMatchObject({ energy: 'water', quantity: 3864.25 });
      expect(p.skipped.subtotal).toBeGreaterThanOrEqual(1);
    });
  }

  it('the .xls and the .xlsx give the same items', async () => {
    const [a, b] = await Promise.all([read(rcjSummary()), read(rcjSummaryXls())]);
    expect(b.items).toEqual(a.items);
  });
});

describe('other layouts', () => {
  it('材料汇总表: 总消耗量 under the merged 数量 is the quantity', async () => {
    const p = await read(materialSummary());
    const c30 = p.items.find((i) => i.name === '商品混凝土' && i.spec === 'C30')!;
    expect(c30.quantity).toBe(MATERIAL_LINES[0].totalQuantity); // 1 284.36, not the quota's 1 271.64
    expect(p.totalLines).toBe(MATERIAL_LINES.length);
  });

  it('表-21: name and spec in one column are split', async () => {
    const p = await read(gb50500Table21());
    expect(p.items.find((i) => i.name === '商品混凝土')?.spec).toMatch(/^C\d+/);
    expect(p.items.every((i) => i.name && !/\s/.test(i.name))).toBe(true);
  });

  it('表-22 and a table without 数量 are refused, naming what is missing', async () => {
    await expect(read(gb50500Table22())).rejects.toThrow(/缺少必需的列：单位、数量（已找到：序号、名称、规格、型号）/);
    await expect(read(missingQuantity())).rejects.toThrow(
      /工作表「人材机汇总表」缺少必需的列：数量（已找到：序号、编码、类别、名称、规格型号、单位）/,
    );
  });

  it('a line whose quantity or unit cannot be read is a problem with its sheet and row; an energy in the wrong unit too', async () => {
    const p = await read(
      xlsxFrom([
        ['序号', '名称', '规格型号', '单位', '数量'],
        [1, '商品混凝土', 'C30', 'm3', '约100'],
        [2, '电', '', 'm3', 500],
        [3, '中砂', '', '', 20],
        [4, '碎石', '', '车', 30], // a truckload weighs nothing known (立方 is m³)
        [5, '水泥', 'P.O 42.5', 't', -2],
      ]),
    );
    expect(p.problems.map((x) => `${x.row} ${x.message}`)).toEqual([
      '2 数量「约100」不是数字',
      '3 「电」的单位「m3」应为电量单位（kWh、度）',
      '4 缺少单位',
      '5 单位「车」无法识别',
      '6 数量 -2 为负数',
    ]);
    expect(p.items).toEqual([]);
  });

  it('not a workbook, or an .xlsx that inflates too far, is refused in Chinese', () => {
    expect(() => readBudgetGrids(Buffer.from('序号,名称\n1,水泥'))).toThrow(
      '文件格式不正确，请上传 .xlsx 或 .xls 格式的预算文件',
    );
  });
});

describe('the rows of a sheet', () => {
  const HEADER = ['名称', '单位', '数量'];
  /** n lines under the header: 水泥 t 1, 2, 3 … */
  const lines = (n: number) => Array.from({ length: n }, (_, i) => ['水泥', 't', i + 1]);
  const TOO_LONG = `工作表「人材机汇总表」超过 ${MAX_SHEET_ROWS.toLocaleString('en-US')} 行，请拆分后上传`;

  it('a sheet of 50 000 rows is read to its last row; one more row is refused, naming the sheet', async () => {
    const full = readBudgetGrids(await xlsxFrom([HEADER, ...lines(MAX_SHEET_ROWS - 1)]));
    expect(full[0].rows).toHaveLength(MAX_SHEET_ROWS);
    expect(full[0].rows.at(-1)).toEqual(['水泥', 't', MAX_SHEET_ROWS - 1]);
    const over = await xlsxFrom([HEADER, ...lines(MAX_SHEET_ROWS)], [], '人材机汇总表');
    expect(() => readBudgetGrids(over)).toThrow(TOO_LONG);
  });

  it('lines past the rows read are never dropped: a blank stretch across row 50 001 with a line after it is refused', async () => {
    // rows 1–49 950 written, 49 951–50 010 blank, a line in row 50 011: reading stops at row 50 001
    const rows = [HEADER, ...lines(MAX_SHEET_ROWS - 51), ...Array.from({ length: 60 }, () => []), ['砂', 'm3', 5]];
    expect(rows).toHaveLength(MAX_SHEET_ROWS + 11);
    const file = await xlsxFrom(rows, [], '人材机汇总表');
    expect(() => readBudgetGrids(file)).toThrow(TOO_LONG);
  });

  it('a short sheet whose formatted empty cells reach row 60 000 is read whole', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await xlsxFrom([HEADER, ...lines(2)])) as unknown as ArrayBuffer);
    wb.worksheets[0].getCell('A60000').numFmt = '0.00'; // a format and no value, as exports leave them
    const grids = readBudgetGrids(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(grids[0].rows).toEqual([HEADER, ['水泥', 't', 1], ['水泥', 't', 2]]);
  });
});
