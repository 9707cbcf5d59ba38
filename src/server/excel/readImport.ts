// Reading an uploaded import workbook with exceljs's streaming reader: the file is bounded
// first (files/zipBounds.ts), then its data sheet is read row by row — columns matched by their header title,
// cells converted to the property's type, dictionary labels turned into their values — so an 80 000-row file
// never exists as a whole workbook in memory. Validation and storage are the route's business.
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { exceljs } from '../heavy';
import type { FieldError } from '../../../schemas/validation';
import { ApiError, badRequest } from '../errors';
import { assertZipBounds, ZipRefused, type ZipLimits } from '../files/zipBounds';
import { reorderZip, xlsxRank } from '../files/zipOrder';
import { GUIDE_SHEET, IMPORT_MESSAGES, type ImportColumn } from './importSheet';
import { sheetName } from './workbook';

const MB = 1024 * 1024;
/**
 * What an upload of at most 6 MB may inflate to. An 80 000-row stage sheet is ~40 MB of XML; the shared
 * strings stay in memory while the sheet streams, so they get a tighter bound.
 */
export const IMPORT_ZIP_LIMITS: ZipLimits = {
  maxTotal: 200 * MB,
  maxEntry: 160 * MB,
  maxRatio: 100,
  ratioFrom: MB,
  entryLimits: { 'xl/sharedStrings.xml': 32 * MB },
};

/** One data row of the sheet: its Excel row number and the converted values (absent = empty cell). */
export interface SheetRow {
  rowNumber: number;
  body: Record<string, unknown>;
  /** cells that could not be read at all (error values) */
  errors: FieldError[];
}

export type ReadResult = { rows: SheetRow[] };

/** The plain value of a cell: a formula's result (never the formula), rich text's text, a link's text. */
function plain(v: ExcelJS.CellValue): unknown {
  if (v == null) return undefined;
  if (typeof v !== 'object' || v instanceof Date) return v;
  if ('error' in v) return { error: String(v.error) };
  if ('formula' in v || 'sharedFormula' in v) return plain((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('text' in v) return plain((v as ExcelJS.CellHyperlinkValue).text);
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (d: Date) =>
  d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds()
    ? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
    : `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A cell → the value for the property, or undefined for an empty cell. What cannot be converted is passed on
 * as it is, so the schema's validation reports it with the property's own message.
 */
export function convertCell(c: ImportColumn, raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined;
  let v: unknown = raw;
  if (typeof v === 'string') {
    v = v.trim();
    if (v === '') return undefined;
  }
  if (v instanceof Date) v = dateText(v);
  if (typeof v === 'boolean') v = v ? '是' : '否';
  if (c.labels) {
    const text = String(v);
    if (!c.labels.has(text)) {
      const value = [...c.labels.entries()].find(([, label]) => label === text)?.[0];
      if (value !== undefined) v = value;
    } else v = text;
  }
  // a reference: a number is an id, a text is the label the route resolves
  if (c.reference) return v;
  if (c.kind === 'number' || c.kind === 'integer') {
    if (typeof v === 'number') return v;
    const text = String(v).replace(/[,，\s]/g, '');
    return NUMERIC.test(text) ? Number(text) : v;
  }
  // text: numbers as Excel shows them without a format (no float noise)
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15)));
  return String(v);
}

const headerText = (v: ExcelJS.CellValue) => {
  const p = plain(v);
  return p == null || typeof p === 'object' ? '' : String(p).replace(/\s+/g, '').replace(/^\*/, '');
};

/** Header title → column, and which sheet column holds which import column once the header row is found. */
class HeaderMatch {
  private readonly byTitle: Map<string, ImportColumn>;
  readonly positions = new Map<number, ImportColumn>();

  constructor(private readonly columns: ImportColumn[]) {
    this.byTitle = new Map(columns.map((c) => [c.title.replace(/\s+/g, ''), c]));
  }

  /** Whether this row names any import column (then it is the header row). */
  tryRow(row: ExcelJS.Row): boolean {
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const c = this.byTitle.get(headerText(cell.value));
      if (c && ![...this.positions.values()].includes(c)) this.positions.set(col, c);
    });
    return this.positions.size > 0;
  }

  assertRequired(): void {
    const present = new Set(this.positions.values());
    const missing = this.columns.filter((c) => c.required && !present.has(c));
    if (missing.length)
      throw badRequest(`导入模板缺少必填列：${missing.map((c) => c.title).join('、')}，请使用导入模板`);
  }
}

/** A data row's body, or null for a row with only empty or unrelated cells. */
function readRow(row: ExcelJS.Row, positions: Map<number, ImportColumn>): SheetRow | null {
  const body: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [col, c] of positions) {
    const raw = plain(row.getCell(col).value);
    if (raw && typeof raw === 'object' && 'error' in raw) {
      errors.push({ field: c.key, errorMsg: `${c.title}单元格有错误值 ${(raw as { error: string }).error}` });
      continue;
    }
    const v = convertCell(c, raw);
    if (v !== undefined) body[c.key] = v;
  }
  return Object.keys(body).length || errors.length ? { rowNumber: row.number, body, errors } : null;
}

/** Rows of one sheet: the header among its first 10 rows, then every data row; null when it has no header. */
async function readSheet(
  ws: AsyncIterable<ExcelJS.Row>,
  columns: ImportColumn[],
  onRows?: (read: number) => void,
): Promise<SheetRow[] | null> {
  const header = new HeaderMatch(columns);
  let headerRow = 0;
  const rows: SheetRow[] = [];
  for await (const row of ws) {
    if (!headerRow) {
      if (row.number <= 10 && header.tryRow(row)) {
        headerRow = row.number;
        header.assertRequired();
      }
      continue;
    }
    if (!row.hasValues) continue;
    const r = readRow(row, header.positions);
    if (r) rows.push(r);
    if (onRows && rows.length % 2000 === 0) onRows(rows.length);
  }
  return headerRow ? rows : null;
}

/**
 * Reads an uploaded workbook: the sheet named after the resource, else the first that is not the 填写说明.
 * Throws a 400 for an unreadable file or missing required columns, 413 for a file that inflates too far.
 */
export async function readImportSheet(
  content: Buffer,
  title: string,
  columns: ImportColumn[],
  onRows?: (read: number) => void,
): Promise<ReadResult> {
  let zip: Buffer;
  try {
    // the workbook part and the shared strings first: every sheet is then read as it streams (files/zipOrder.ts)
    zip = reorderZip(content, assertZipBounds(content, IMPORT_ZIP_LIMITS), xlsxRank);
  } catch (err) {
    if (err instanceof ZipRefused && err.reason === 'tooLarge')
      throw new ApiError(413, 0, IMPORT_MESSAGES.unzipTooLarge);
    throw badRequest(IMPORT_MESSAGES.badFile);
  }
  const wanted = sheetName(title);
  let chosen: { rows: SheetRow[] | null; named: boolean } | undefined;
  try {
    const reader = new (exceljs().stream.xlsx.WorkbookReader)(Readable.from([zip]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const ws of reader) {
      // (the streaming reader's sheets carry their name, which its types leave out)
      const name = (ws as unknown as { name?: string }).name;
      const named = name === wanted;
      // read the named sheet, or the first other data sheet until the named one turns up; skip the rest
      if (named || (!chosen && name !== GUIDE_SHEET)) chosen = { rows: await readSheet(ws, columns, onRows), named };
      else for await (const _ of ws) void _;
    }
  } catch (err) {
    // (a failure of the machine — a full disk, too many open files — is not the file's: it answers as such)
    if (err instanceof ApiError || typeof (err as { syscall?: unknown })?.syscall === 'string') throw err;
    throw badRequest(IMPORT_MESSAGES.badFile);
  }
  if (!chosen?.rows) throw badRequest(IMPORT_MESSAGES.badFile);
  if (!chosen.rows.length) throw badRequest(IMPORT_MESSAGES.noRows);
  return { rows: chosen.rows };
}
