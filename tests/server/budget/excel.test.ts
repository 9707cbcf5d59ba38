// The budget pre-flight as a workbook, read back as a user opens it. The figures are those of
// read.test.ts, worked by hand from RCJ_LINES; here only that they reach the right sheet and cell. The 待确认问题
// figures are review.test.ts's (ceilings: src/server/imports/ranges.csv), worked again in the comments.
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { budgetPreflightWorkbook, reviewRow } from '../../../src/server/budget/excel';
import { preflight } from '../../../src/server/budget/preflight';
import { readBudgetGrids } from '../../../src/server/budget/readGrids';
import { readTables } from '../../../src/server/budget/tables';
import { threadPool } from '../../../src/server/jobs/threadPool';
import { FEE_SHEET, RCJ_SHEET, rcjSummary, xlsxFrom } from './workbooks';

const read = async (file: Promise<Buffer>) => preflight(readTables(readBudgetGrids(await file)));

const load = async (buf: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
};

/** A sheet's rows as plain values, header included. */
const values = (ws: ExcelJS.Worksheet) =>
  ws
    .getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));

/** 汇总 as title → value (its rows are label, value under a 项目/内容 header). */
const fields = (ws: ExcelJS.Worksheet) =>
  Object.fromEntries(
    values(ws)
      .slice(1)
      .map(([k, v]) => [k, v ?? '']),
  );

afterAll(() => threadPool.close());

describe('the budget pre-flight workbook', () => {
  it('a 人材机汇总表: the sheets, the summary, the classes and a merged item traced to both rows', async () => {
    const wb = await load(
      await budgetPreflightWorkbook({ ...(await read(rcjSummary())), fileName: '人材机汇总表.xlsx' }),
    );
    expect(wb.worksheets.map((s) => s.name)).toEqual(['汇总', '分类统计', '问题清单', '待确认问题', '单位', '清单']);

    expect(fields(wb.getWorksheet('汇总')!)).toMatchObject({
      文件名: '人材机汇总表.xlsx',
      读取的工作表: RCJ_SHEET,
      未读取的工作表: FEE_SHEET,
      总行数: 40,
      无数量行: 1, // 天然气
      数量为0行: 1, // 汽油
      '费用行(元)': 1, // 其他材料费
      合并的重复行: 1, // 水泥 P.O 42.5
      人工行数: 2,
      人工合并后条数: 0,
      材料行数: 23,
      材料合并后条数: 21,
      能源及水行数: 5,
      能源及水合并后条数: 3,
      机械台班行数: 9,
      设备行数: 1,
    });

    expect(values(wb.getWorksheet('分类统计')!)).toEqual([
      ['类别', '行数', '合并后条数'],
      ['人工', 2, 0],
      ['材料', 23, 21],
      ['设备', 1, 1],
      ['能源及水', 5, 3],
      ['机械台班', 9, 9],
    ]);

    // a header and no problem; no floor area, so nothing to confirm
    expect(values(wb.getWorksheet('问题清单')!)).toEqual([['工作表', '行号', '名称', '问题']]);
    expect(values(wb.getWorksheet('待确认问题')!)).toEqual([
      ['类别', '材料', '清单行', '每m²楼面用量', '上限', '单位', '说明'],
    ]);
    expect(fields(wb.getWorksheet('汇总')!)).toMatchObject({ 待确认问题: 0 });

    const list = values(wb.getWorksheet('清单')!);
    expect(list[0]).toEqual(['类别', '编码', '名称', '规格型号', '单位', '数量', '来源', '分类依据']);
    expect(list).toHaveLength(1 + 21 + 1 + 3 + 9);
    // title, 工程名称 line, header, 一、人工, 2 labour lines, 小计, 二、材料: 水泥 is the 6th material (row 14) and
    // its second code the 18th (row 26)
    const cement = list.find((r) => r[2] === '水泥')!;
    expect(cement.slice(0, 7)).toEqual([
      '材料',
      '04010611',
      '水泥',
      'P.O 42.5',
      't',
      71.14,
      '人材机汇总表 第14行、第26行',
    ]);
    expect(
      wb
        .getWorksheet('清单')!
        .getRow(list.indexOf(cement) + 1)
        .getCell(6).numFmt,
    ).toBe('#,##0.0000');
  });

  it('问题清单 lists every problem under its header', async () => {
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
    expect(p.problems).toHaveLength(5);
    const wb = await load(await budgetPreflightWorkbook({ ...p, fileName: '材料表.xlsx' }));
    const problems = values(wb.getWorksheet('问题清单')!);
    expect(problems).toHaveLength(1 + p.problems.length);
    expect(problems[0]).toEqual(['工作表', '行号', '名称', '问题']);
    expect(problems[1]).toEqual(['Sheet1', 2, '商品混凝土 C30', '数量「约100」不是数字']);
    expect(fields(wb.getWorksheet('汇总')!)).toMatchObject({ 总行数: 5, 有问题的行: 5, 未读取的工作表: '' });
    expect(values(wb.getWorksheet('清单')!)).toHaveLength(1);
  });
});

describe('待确认问题 in the workbook', () => {
  it('each family over its ceiling per m² of floor area: its lines, rows, figure, ceiling and the working', async () => {
    const p = preflight(
      readTables(
        readBudgetGrids(
          await xlsxFrom([
            ['序号', '名称', '规格型号', '单位', '数量'],
            [1, '铝单板', '3mm', 'm3', 20],
            [2, '铝合金型材', '', 'kg', 4256.8],
            [3, '紫铜板', 'T2', 't', 30],
            [4, '商品混凝土', 'C30', 'm3', 1284.36],
          ]),
        ),
      ),
      { value: 1000, basis: '单体建筑面积' },
    );
    // aluminium: 20 m³ × 2.7 t/m³ (GB 50009 铝 27.0 kN/m³) = 54 000 kg, + 4 256.8 kg = 58 256.8 kg ÷ 1 000 m² =
    // 58.26 kg/m² > 30; copper: 30 t = 30 000 kg ÷ 1 000 m² = 30.00 kg/m² > 25; concrete 1 284.36 m³ ÷ 1 000 =
    // 1.28 m³/m² ≤ 1.5: not listed
    expect(p.review!.map((r) => r.label)).toEqual(['铝及铝合金', '铜及铜合金']);
    const wb = await load(await budgetPreflightWorkbook({ ...p, fileName: '材料表.xlsx' }));
    const review = values(wb.getWorksheet('待确认问题')!);
    expect(review[0]).toEqual(['类别', '材料', '清单行', '每m²楼面用量', '上限', '单位', '说明']);
    expect(review.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['铝及铝合金', '「铝单板 3mm」、「铝合金型材」', 'Sheet1 第2行、第3行', 58.26, 30, 'kg/m²'],
      ['铜及铜合金', '「紫铜板 T2」', 'Sheet1 第4行', 30, 25, 'kg/m²'],
    ]);
    expect(review[1][6]).toBe(p.review![0].message);
    expect(review[2][6]).toContain(
      '「紫铜板 T2」30 t = 30,000 kg ÷ 楼面面积 1,000.00 m²（单体建筑面积）= 30.00 kg/m²，超过铜及铜合金上限 25.00 kg/m²',
    );
    expect(wb.getWorksheet('待确认问题')!.getRow(2).getCell(4).numFmt).toBe('#,##0.00');
    expect(fields(wb.getWorksheet('汇总')!)).toMatchObject({ 待确认问题: 2 });
  });

  it('a message worded otherwise keeps its cells for the figure empty, the message whole', () => {
    const p = {
      label: '砌体',
      message: '砌体用量偏大，请核对',
      keys: ['k'],
      names: ['标准砖'],
      sources: [{ sheet: '人材机汇总表', row: 7 }],
    };
    expect(reviewRow(p)).toEqual({
      label: '砌体',
      names: '「标准砖」',
      sources: '人材机汇总表 第7行',
      perArea: null,
      max: null,
      unit: '',
      message: '砌体用量偏大，请核对',
    });
    // the working's own '=' before the figure is not taken for it: 1 316.52 m³ ÷ 1 000 m² = 1.32 m³/m² > 1.00
    const brick = {
      ...p,
      message:
        '「标准砖 240×115×53」900 千块 × 0.0014628 m3/块 = 1,316.52 m3 ÷ 楼面面积 1,000.00 m²（单体建筑面积）= 1.32 m³/m²，超过砌体上限 1.00 m³/m²（物理上限：…）',
    };
    expect(reviewRow(brick)).toMatchObject({ perArea: 1.32, max: 1, unit: 'm³/m²' });
  });
});
