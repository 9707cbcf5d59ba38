// Reading an uploaded budget file into grids: .xlsx and .xls (BIFF8, still what many pricing tools export) through
// SheetJS (@e965/xlsx 0.20.3, the build with the CVE-2023-30533 and CVE-2024-22363 fixes; exceljs reads no .xls).
// Bounded like every upload: the file's size (the route), an .xlsx's zip container before anything opens it
// (files/zipBounds.ts), rows and columns per sheet — SheetJS parses no cell past the row limit, so a 200 000-row
// sheet is refused after reading a quarter of it. The whole read runs in a worker thread with a heap cap and a time
// limit (readBill.ts), which also bound what a sheet of very many columns costs before its width is known. Only
// values are read — no formulas, styles or HTML — and a formula's cached result stands for it.
import type { WorkSheet } from '@e965/xlsx';
import { badRequest } from '../errors';
import { assertZipBounds, ZipRefused, type ZipLimits } from '../files/zipBounds';
import { sheetjs } from '../heavy';
import { cellOf, spreadMerges, type Cell, type Grid } from './grid';

const MB = 1024 * 1024;
/** What the route accepts (the .xls of a 5 000-line bill is ~1.5 MB). */
export const BUDGET_FILE_LIMIT = 20 * MB;
export const MAX_SHEET_ROWS = 50_000;
export const MAX_SHEET_COLUMNS = 100;
/** Rows SheetJS reads of a sheet: one past the limit, so a sheet with a value there is known to be too long. */
const ROWS_READ = MAX_SHEET_ROWS + 1;
/**
 * A sheet whose range goes on past the rows read, with values this close to the limit, is taken as too long too:
 * the rows after are never read, and lines there would otherwise be lost without a word (a page break's blank row
 * can fall on row 50 001). A shorter sheet whose formatted empty rows reach row 1 048 576 ends far above it.
 */
const NEAR_LIMIT = 100;
const ZIP_LIMITS: ZipLimits = { maxTotal: 300 * MB, maxEntry: 200 * MB, maxRatio: 100, ratioFrom: MB };

export const BUDGET_READ_MESSAGES = {
  format: '文件格式不正确，请上传 .xlsx 或 .xls 格式的预算文件',
  encrypted: '文件已加密，请在计价软件或 Excel 中取消密码后再上传',
  tooLarge: '文件解压后过大，请拆分后上传',
  rows: (sheet: string) => `工作表「${sheet}」超过 ${MAX_SHEET_ROWS.toLocaleString('en-US')} 行，请拆分后上传`,
  columns: (sheet: string) => `工作表「${sheet}」超过 ${MAX_SHEET_COLUMNS} 列，请删除无关的列后上传`,
} as const;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type BudgetFormat = 'xlsx' | 'xls';

/** The container by its first bytes (the name's extension is the user's, the bytes are the file's). */
export function formatOf(buf: Buffer): BudgetFormat | undefined {
  if (buf.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (buf.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  return undefined;
}

function gridOf(name: string, ws: WorkSheet): Grid {
  const dense = (ws['!data'] ?? []) as ({ v?: unknown } | undefined)[][];
  // the used range, not the declared one: exports often declare formatted empty rows to row 1 048 576
  let height = 0;
  let width = 0;
  dense.forEach((src, r) => {
    src?.forEach((cell, c) => {
      if (cellOf(cell?.v) === null) return;
      height = r + 1;
      width = Math.max(width, c + 1);
    });
  });
  if (height > MAX_SHEET_ROWS || (ws['!fullref'] && height > MAX_SHEET_ROWS - NEAR_LIMIT))
    throw badRequest(BUDGET_READ_MESSAGES.rows(name));
  if (width > MAX_SHEET_COLUMNS) throw badRequest(BUDGET_READ_MESSAGES.columns(name));
  const rows: Cell[][] = [];
  for (let r = 0; r < height; r++) {
    const src = dense[r] ?? [];
    const row: Cell[] = new Array(width).fill(null);
    for (let c = 0; c < width; c++) row[c] = cellOf(src[c]?.v);
    rows.push(row);
  }
  spreadMerges(
    rows,
    (ws['!merges'] ?? [])
      .filter((m) => m.s.r < height && m.s.c < width)
      .map((m) => ({ r0: m.s.r, r1: Math.min(m.e.r, height - 1), c0: m.s.c, c1: Math.min(m.e.c, width - 1) })),
  );
  return { sheet: name, rows };
}

/** Every sheet of the file as a grid, in the workbook's order; refused with a Chinese message when unreadable. */
export function readBudgetGrids(buf: Buffer): Grid[] {
  const format = formatOf(buf);
  if (!format) throw badRequest(BUDGET_READ_MESSAGES.format);
  if (format === 'xlsx') {
    try {
      assertZipBounds(buf, ZIP_LIMITS);
    } catch (e) {
      if (e instanceof ZipRefused)
        throw badRequest(e.reason === 'tooLarge' ? BUDGET_READ_MESSAGES.tooLarge : BUDGET_READ_MESSAGES.format);
      throw e;
    }
  }
  let book;
  try {
    book = sheetjs().read(buf, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
      cellDates: true,
      sheetRows: ROWS_READ,
    });
  } catch (e) {
    if (/password|encrypt/i.test(String((e as Error)?.message))) throw badRequest(BUDGET_READ_MESSAGES.encrypted);
    throw badRequest(BUDGET_READ_MESSAGES.format);
  }
  return book.SheetNames.filter((n) => book.Sheets[n]).map((n) => gridOf(n, book.Sheets[n]));
}
