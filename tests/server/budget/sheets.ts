// Writing test workbooks from plain rows, as .xlsx (exceljs) and as .xls (BIFF8, @e965/xlsx): the budget
// layouts in workbooks.ts and ad-hoc layouts in the reader's tests are both built from these, so a layout is
// written once and read back in either format. Merges are A1 ranges ('A1:J1'); a merged range keeps its text in
// its top-left cell only, as spreadsheet programs save it.
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';

/** One cell as written: a number stays a number, a string a string (even '1,234.50'), null/undefined nothing. */
export type Cell = string | number | boolean | Date | null | undefined;

export interface SheetSpec {
  name: string;
  rows: unknown[][];
  merges?: string[];
  /** Rows drawn as the title (bold, large) and as the header (bold, boxed), 1-based — looks only. */
  titleRows?: number[];
  headerRows?: number[];
  /** Column widths in characters and number formats by column (0-based), as the exports set them. */
  widths?: number[];
  numFmts?: Record<number, string>;
}

/** A cell value as exceljs takes it: only the kinds a pricing export writes, anything else as its text. */
function excelValue(v: unknown): ExcelJS.CellValue {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v instanceof Date) return v;
  return String(v);
}

/** An .xlsx holding the sheets in order. */
export async function xlsxBook(sheets: SheetSpec[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'GCCP';
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    s.rows.forEach((row, r) => {
      const xr = ws.getRow(r + 1);
      row.forEach((v, c) => {
        const value = excelValue(v);
        if (value === null) return;
        const cell = xr.getCell(c + 1);
        cell.value = value;
        const fmt = s.numFmts?.[c];
        if (fmt && typeof value === 'number') cell.numFmt = fmt;
      });
    });
    for (const m of s.merges ?? []) ws.mergeCells(m);
    for (const r of s.titleRows ?? []) {
      ws.getRow(r).font = { name: '宋体', size: 16, bold: true };
      ws.getRow(r).alignment = { horizontal: 'center', vertical: 'middle' };
    }
    const thin = { style: 'thin' as const };
    for (const r of s.headerRows ?? []) {
      ws.getRow(r).eachCell({ includeEmpty: false }, (cell) => {
        cell.font = { name: '宋体', size: 10, bold: true };
        cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
        cell.border = { top: thin, left: thin, bottom: thin, right: thin };
      });
    }
    s.widths?.forEach((w, c) => (ws.getColumn(c + 1).width = w));
  }
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/** The same sheets as an Excel 97–2003 .xls (BIFF8), the format older pricing software still exports. */
export async function xlsBook(sheets: SheetSpec[]): Promise<Buffer> {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) {
    const rows = s.rows.map((row) => row.map((v) => (v === undefined || v === '' ? null : v)));
    const ws = XLSX.utils.aoa_to_sheet(rows);
    ws['!merges'] = (s.merges ?? []).map((m) => XLSX.utils.decode_range(m));
    if (s.widths) ws['!cols'] = s.widths.map((wch) => ({ wch }));
    for (const [col, fmt] of Object.entries(s.numFmts ?? {})) {
      for (let r = 0; r < rows.length; r++) {
        const cell = ws[XLSX.utils.encode_cell({ r, c: Number(col) })] as XLSX.CellObject | undefined;
        if (cell?.t === 'n') cell.z = fmt;
      }
    }
    XLSX.utils.book_append_sheet(wb, ws, s.name);
  }
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** An ad-hoc one-sheet .xlsx: rows as written (row 1 first) and A1 merges. */
export function xlsxFrom(rows: unknown[][], merges: string[] = [], name = 'Sheet1'): Promise<Buffer> {
  return xlsxBook([{ name, rows, merges }]);
}

/** An ad-hoc one-sheet .xls (BIFF8). */
export function xlsFrom(rows: unknown[][], merges: string[] = [], name = 'Sheet1'): Promise<Buffer> {
  return xlsBook([{ name, rows, merges }]);
}

/** The column letter of a 0-based index (0 → A, 9 → J). */
export function col(c: number): string {
  return XLSX.utils.encode_col(c);
}

/** A number as text with thousands separators and at least two decimals ('1,234.50'), as some exports write it. */
export function thousands(n: number): string {
  const decimals = Math.max(2, (String(n).split('.')[1] ?? '').length);
  return n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Money to the fen, as the exports round each line. */
export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

export const PROJECT_LINE = { name: '工程名称：某综合办公楼-土建工程', section: '标段：', page: '第 1 页 共 1 页' };

/**
 * The rows every printed table opens with, across `width` columns: the title merged across the table, a
 * subtitle likewise when there is one (GB 50500 tables), then 工程名称 | 标段 | 第 1 页 共 1 页 in three merges.
 */
export function titleRows(title: string, width: number, subtitle?: string): { rows: unknown[][]; merges: string[] } {
  const last = col(width - 1);
  const across = (text: string) => [text, ...Array<unknown>(width - 1).fill(null)];
  const rows = subtitle ? [across(title), across(subtitle)] : [across(title)];
  const r = rows.length + 1;
  const nameTo = Math.max(0, Math.floor(width / 2) - 1);
  const pageFrom = width - 2;
  const line: unknown[] = Array(width).fill(null);
  line[0] = PROJECT_LINE.name;
  line[nameTo + 1] = PROJECT_LINE.section;
  line[pageFrom] = PROJECT_LINE.page;
  rows.push(line);
  const merges = rows.slice(0, -1).map((_, i) => `A${i + 1}:${last}${i + 1}`);
  merges.push(
    `A${r}:${col(nameTo)}${r}`,
    `${col(nameTo + 1)}${r}:${col(pageFrom - 1)}${r}`,
    `${col(pageFrom)}${r}:${last}${r}`,
  );
  // a one-cell range is no merge (narrow tables)
  return { rows, merges: merges.filter((m) => m.split(':')[0] !== m.split(':')[1]) };
}
