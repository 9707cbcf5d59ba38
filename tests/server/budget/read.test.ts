// Reading the generated budget files end to end (issue 26 §1–§3): file → grids → tables → pre-flight. The counts are
// worked by hand from the line lists of budgetLines.ts / gb50500.ts (see each comment), not from the reader.
import { describe, expect, it } from 'vitest';
import { readBudgetGrids } from '../../../src/server/budget/readGrids';
import { readTables } from '../../../src/server/budget/tables';
import { preflight } from '../../../src/server/budget/preflight';
import { FEE_SHEET, MATERIAL_LINES, RCJ_SHEET, gb50500Table21, gb50500Table22, materialSummary, missingQuantity, rcjSummary, rcjSummaryXls, xlsxFrom } from './workbooks';

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
      expect(Object.fromEntries(Object.entries(p.byClass).map(([k, v]) => [k, v.lines]))).toEqual({ labour: 2, material: 23, equipment: 1, energy: 5, machine: 9 });
      // 汽油 0, 天然气 empty, 其他材料费 in 元, 水泥 P.O 42.5 twice
      expect([p.zeroQuantity, p.withoutQuantity, p.costLines, p.duplicatesMerged]).toEqual([1, 1, 1, 1]);
      // items: materials 23 − 1 merged − 1 cost = 21; energy 5 − 汽油 − 天然气 = 3; machines 9; equipment 1
      expect(Object.fromEntries(Object.entries(p.byClass).map(([k, v]) => [k, v.items]))).toEqual({ labour: 0, material: 21, equipment: 1, energy: 3, machine: 9 });
      expect(p.problems).toEqual([]);
      // the merged 水泥: 58.734 + 12.406 = 71.14 t, both rows kept for the trace
      const cement = p.items.find((i) => i.name === '水泥')!;
      expect(cement.quantity).toBeCloseTo(71.14, 9);
      expect(cement.sources.map((s) => s.sheet)).toEqual([RCJ_SHEET, RCJ_SHEET]);
      // written as text with separators: 电 '18,652.30'
      expect(p.items.find((i) => i.name === '电')).toMatchObject({ cls: 'energy', energy: 'electricity', quantity: 18652.3, unit: 'kW·h' });
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
    await expect(read(missingQuantity())).rejects.toThrow(/工作表「人材机汇总表」缺少必需的列：数量（已找到：序号、编码、类别、名称、规格型号、单位）/);
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
    expect(() => readBudgetGrids(Buffer.from('序号,名称\n1,水泥'))).toThrow('文件格式不正确，请上传 .xlsx 或 .xls 格式的预算文件');
  });
});
