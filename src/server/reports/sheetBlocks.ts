// The titled blocks the building workbook's decision sheets are made of (decisionSheets.ts): numbers stay numbers
// with the screens' format, a text that looks like a formula stays text.
import type ExcelJS from 'exceljs';
import { excelNumberFormat, looksLikeFormula, sheetName } from '../excel/workbook';

export type Cell = string | number | null;
/** decimals of the column's numbers (2 unless named) */
export type Column = string | [string, number];

export const num = (v: number | null | undefined): number | null =>
  v === null || v === undefined || !Number.isFinite(v) ? null : v;
export const tons = (kg: number | null | undefined) => num(kg === null || kg === undefined ? null : kg / 1000);

/**
 * A titled block: its title, the header row, the rows (暂无数据 when none), a blank row. Answers the first row's number.
 */
export function block(ws: ExcelJS.Worksheet, title: string, columns: Column[], rows: Cell[][]): number {
  ws.addRow([title]).font = { bold: true, size: 12 };
  const first = ws.addRow(columns.map((c) => (typeof c === 'string' ? c : c[0]))).number + 1;
  ws.getRow(first - 1).font = { bold: true };
  if (!rows.length) ws.addRow(['暂无数据']);
  for (const values of rows) {
    const row = ws.addRow(values);
    values.forEach((v, i) => {
      const cell = row.getCell(i + 1);
      const c = columns[i];
      if (typeof v === 'number') cell.numFmt = excelNumberFormat(typeof c === 'string' || c === undefined ? 2 : c[1]);
      else if (typeof v === 'string' && looksLikeFormula(v)) cell.numFmt = '@';
    });
  }
  ws.addRow([]);
  return first;
}

export function sheet(wb: ExcelJS.Workbook, name: string, widths: number[]): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(sheetName(name));
  widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  return ws;
}
