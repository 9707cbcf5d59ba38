// The budget workbook generators (workbooks.ts) read back as a reader would see them — exceljs for .xlsx,
// @e965/xlsx for .xls: the title and project line merged, the header where the layout puts it, as many data lines
// as the exported arrays hold with their figures, and the subtotal, section, blank and footer lines in place.
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  FEE_SHEET,
  GB21_HEADER,
  GB21_LINES,
  GB22_HEADER,
  GB22_LINES,
  GB_HEADER_ROW,
  GB_TITLE,
  MATERIAL_HEADER,
  MATERIAL_LINES,
  MISSING_QUANTITY_LINES,
  RCJ_HEADER,
  RCJ_HEADER_ROW,
  RCJ_LINES,
  RCJ_SECTIONS,
  RCJ_SHEET,
  RCJ_SPECIAL,
  bigRcj,
  bigRcjLines,
  gb50500Table21,
  gb50500Table22,
  materialAmount,
  materialSummary,
  missingQuantity,
  rcjAmount,
  rcjSummary,
  rcjSummaryXls,
  rcjTotal,
  xlsFrom,
  xlsxFrom,
  type RcjLine,
} from './workbooks';

/** A sheet as read back: rows of values (a merged range's value in its top-left cell only), and its merges. */
interface Read {
  rows: unknown[][];
  merges: string[];
}

async function readXlsx(buf: Buffer): Promise<Record<string, Read>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: Record<string, Read> = {};
  wb.eachSheet((ws) => {
    const rows: unknown[][] = Array.from({ length: ws.rowCount }, () => Array<unknown>(ws.columnCount).fill(null));
    ws.eachRow((row, r) =>
      row.eachCell((cell, c) => {
        // exceljs answers a merged range's other cells with the master's value
        if (cell.type !== ExcelJS.ValueType.Merge) rows[r - 1][c - 1] = cell.value ?? null;
      }),
    );
    out[ws.name] = { rows, merges: ws.model.merges };
  });
  return out;
}

function readXls(buf: Buffer): Record<string, Read> {
  // an OLE2 compound file, as Excel 97–2003 writes .xls, not a zip
  expect(buf.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
  const wb = XLSX.read(buf, { type: 'buffer' });
  const out: Record<string, Read> = {};
  for (const name of wb.SheetNames) {
    const ws = wb.Sheets[name];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, defval: null, blankrows: true, raw: true });
    const width = XLSX.utils.decode_range(ws['!ref'] ?? 'A1').e.c + 1;
    out[name] = {
      rows: rows.map((r) => Array.from({ length: width }, (_, c) => r[c] ?? null)),
      merges: (ws['!merges'] ?? []).map((m) => XLSX.utils.encode_range(m)),
    };
  }
  return out;
}

/** A figure as the export wrote it: a number, or text with thousands separators. */
function figure(v: unknown): number | null {
  if (v === null || v === '') return null;
  if (typeof v === 'number') return v;
  expect(v).toMatch(/^\d{1,3}(,\d{3})*\.\d{2,}$/);
  return Number(String(v).replace(/,/g, ''));
}

/** Data lines: the rows whose 序号 is a number. */
const dataRows = (rows: unknown[][]) => rows.filter((r) => typeof r[0] === 'number');
const column = (rows: unknown[][], c: number) => rows.map((r) => r[c]);

/** Layout 1 as either format reads it. */
function checkRcj(book: Record<string, Read>, lines: readonly RcjLine[], header = RCJ_HEADER) {
  const { rows, merges } = book[RCJ_SHEET];
  const last = XLSX.utils.encode_col(header.length - 1);
  expect(rows[0][0]).toBe('人材机汇总表');
  expect(rows[1][0]).toBe('工程名称：某综合办公楼-土建工程');
  expect(rows[1].at(-2)).toBe('第 1 页 共 1 页');
  expect(merges).toContain(`A1:${last}1`);
  expect(merges.filter((m) => m.startsWith('A2:') || m.endsWith(`:${last}2`))).toHaveLength(2);
  expect(rows[RCJ_HEADER_ROW - 1]).toEqual(header);
  const data = dataRows(rows);
  expect(data).toHaveLength(lines.length);
  const at = (h: string) => header.indexOf(h);
  data.forEach((r, i) => {
    const l = lines[i];
    expect([r[at('序号')], r[at('编码')], r[at('类别')], r[at('名称')], r[at('单位')]]).toEqual([
      i + 1,
      l.code,
      l.category,
      l.name,
      l.unit,
    ]);
    expect(r[at('规格型号')]).toBe(l.spec || null);
    if (at('数量') >= 0) expect(figure(r[at('数量')])).toBe(l.quantity);
    expect(typeof r[at('数量')] === 'string').toBe(!!l.asText && at('数量') >= 0);
    expect(figure(r[at('不含税市场价合计')])).toBe(rcjAmount(l));
  });
  const names = column(rows, at('名称'));
  const sections = RCJ_SECTIONS.filter((s) => lines.some((l) => s.categories.includes(l.category))).map((s) => s.title);
  expect(names.filter((n) => typeof n === 'string' && /^[一二三四]、/.test(n))).toEqual(sections);
  expect(names.filter((n) => n === '小计')).toHaveLength(sections.length);
  expect(rows.some((r) => r.every((v) => v === null))).toBe(true);
  const total = rows.at(-1)!;
  expect(total[0]).toBe('合计');
  expect(merges).toContain(`A${rows.length}:${XLSX.utils.encode_col(at('单位'))}${rows.length}`);
  expect(total.at(-1)).toBe(rcjTotal(lines));
}

describe('layout 1–2: 人材机汇总表', () => {
  it('.xlsx: the fee summary to pass over, then RCJ_LINES under the merged title, sections, 小计 and 合计', async () => {
    const book = await readXlsx(await rcjSummary());
    expect(Object.keys(book)).toEqual([FEE_SHEET, RCJ_SHEET]);
    expect(book[FEE_SHEET].merges).toContain('A1:I1');
    expect(book[FEE_SHEET].rows[2]).not.toContain('数量');
    checkRcj(book, RCJ_LINES);
    expect(RCJ_LINES).toHaveLength(40);
  });

  it('.xls (BIFF8): the same sheets, cells and merges', async () => {
    const xls = readXls(await rcjSummaryXls());
    checkRcj(xls, RCJ_LINES);
    const xlsx = await readXlsx(await rcjSummary());
    for (const name of [FEE_SHEET, RCJ_SHEET]) {
      expect(xls[name].rows).toEqual(xlsx[name].rows);
      expect([...xls[name].merges].sort()).toEqual([...xlsx[name].merges].sort());
    }
  });

  it('holds the awkward lines a reader has to handle', () => {
    const by = (name: string) => RCJ_LINES.filter((l) => l.name === name);
    expect(by(RCJ_SPECIAL.zeroQuantity)[0].quantity).toBe(0);
    expect(by(RCJ_SPECIAL.emptyQuantity)[0].quantity).toBeNull();
    const { name, spec, unit } = RCJ_SPECIAL.duplicate;
    expect(RCJ_LINES.filter((l) => l.name === name && l.spec === spec && l.unit === unit)).toHaveLength(2);
    expect(by(RCJ_SPECIAL.unconvertibleUnit.name)[0].unit).toBe('卷');
    expect(by(RCJ_SPECIAL.equipment)[0].category).toBe('设');
    expect(new Set(RCJ_LINES.map((l) => l.category))).toEqual(new Set(['人', '材', '机', '主', '设', '商砼']));
  });
});

describe('layout 3: 材料汇总表 with a two-row header', () => {
  it('merges 数量 over 定额消耗量 | 总消耗量 and every other header cell over both rows', async () => {
    const { rows, merges } = (await readXlsx(await materialSummary()))['材料汇总表'];
    expect(rows[0][0]).toBe('材料汇总表');
    expect(merges).toEqual(
      expect.arrayContaining(['A1:H1', 'A3:A4', 'B3:B4', 'C3:C4', 'D3:D4', 'E3:F3', 'G3:G4', 'H3:H4']),
    );
    expect(rows.slice(2, 4)).toEqual(MATERIAL_HEADER);
    const data = dataRows(rows);
    expect(data).toHaveLength(MATERIAL_LINES.length);
    data.forEach((r, i) => {
      expect([r[1], r[3], r[4]]).toEqual([
        MATERIAL_LINES[i].name,
        MATERIAL_LINES[i].unit,
        MATERIAL_LINES[i].quotaQuantity,
      ]);
      expect(figure(r[5])).toBe(MATERIAL_LINES[i].totalQuantity);
      expect(figure(r[7])).toBe(materialAmount(MATERIAL_LINES[i]));
    });
    const sum = Math.round(MATERIAL_LINES.reduce((s, l) => s + materialAmount(l), 0) * 100) / 100;
    expect(rows.slice(-2).map((r) => [r[1], r[7]])).toEqual([
      ['本页小计', sum],
      ['合计', sum],
    ]);
  });
});

describe('layout 4–5: GB 50500-2013 表-21 and 表-22', () => {
  it('表-21: title and subtitle merged, name and spec in one cell, the 注 and 表-21 after the lines', async () => {
    const { rows, merges } = (await readXlsx(await gb50500Table21()))['表-21'];
    expect([rows[0][0], rows[1][0]]).toEqual([GB_TITLE, '（适用于造价信息差额调整法）']);
    expect(merges).toEqual(expect.arrayContaining(['A1:I1', 'A2:I2', 'A3:D3']));
    expect(rows[GB_HEADER_ROW - 1]).toEqual(GB21_HEADER);
    const data = dataRows(rows);
    expect(data.map((r) => [r[1], r[2], figure(r[3]), r[6]])).toEqual(
      GB21_LINES.map((l) => [l.nameSpec, l.unit, l.quantity, l.bidPrice]),
    );
    expect(String(rows.at(-2)![0])).toMatch(/^注：1\./);
    expect(merges).toContain(`A${rows.length - 1}:I${rows.length - 1}`);
    expect(rows.at(-1)!.at(-1)).toBe('表-21');
  });

  it('表-22: weights and indices, no 数量 anywhere', async () => {
    const { rows, merges } = (await readXlsx(await gb50500Table22()))['表-22'];
    expect(rows[1][0]).toBe('（适用于价格指数差额调整法）');
    expect(merges).toEqual(expect.arrayContaining(['A1:F1', 'A2:F2']));
    expect(rows[GB_HEADER_ROW - 1]).toEqual(GB22_HEADER);
    expect(rows.flat().some((v) => typeof v === 'string' && v.includes('数量'))).toBe(false);
    expect(dataRows(rows).map((r) => r[1])).toEqual(GB22_LINES.map((l) => l.nameSpec));
    const weights = rows.filter((r) => r[1] === '定值权重A' || r[1] === '合计').map((r) => r[2]);
    expect(weights).toEqual([0.42, 1]);
    expect(rows.at(-1)!.at(-1)).toBe('表-22');
  });
});

describe('layout 6–7: no 数量 column; the benchmark file', () => {
  it('missingQuantity: the layout-1 table without its 数量 column', async () => {
    const book = await readXlsx(await missingQuantity());
    expect(Object.keys(book)).toEqual([RCJ_SHEET]);
    checkRcj(
      book,
      MISSING_QUANTITY_LINES,
      RCJ_HEADER.filter((h) => h !== '数量'),
    );
  });

  it('bigRcj(n): n lines, the same ones for the same n', async () => {
    const lines = bigRcjLines(5000);
    expect(bigRcjLines(5000)).toEqual(lines);
    expect(lines.slice(0, 40).map((l) => l.name)).toEqual(RCJ_LINES.map((l) => l.name));
    expect(new Set(lines.map((l) => l.code)).size).toBe(5000);
    const book = await readXlsx(await bigRcj(5000));
    expect(dataRows(book[RCJ_SHEET].rows)).toHaveLength(5000);
    expect(book[RCJ_SHEET].rows.at(-1)!.at(-1)).toBe(rcjTotal(lines));
  });
});

describe('xlsxFrom / xlsFrom', () => {
  const rows = [
    ['标题', null, null],
    ['名称', '单位', '数量'],
    ['水泥', 't', '1,234.50'],
    [null, null, null],
    ['中砂', 'm3', 12.5],
  ];
  it('write the rows and merges as given, in either format', async () => {
    const xlsx = (await readXlsx(await xlsxFrom(rows, ['A1:C1'])))['Sheet1'];
    const xls = readXls(await xlsFrom(rows, ['A1:C1'], '材料'))['材料'];
    for (const book of [xlsx, xls]) {
      expect(book.rows).toEqual(rows);
      expect(book.merges).toEqual(['A1:C1']);
    }
  });
});
