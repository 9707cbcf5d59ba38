// Excel workbooks written with exceljs (never npm's xlsx: unfixed CVEs). Columns come from a resource schema:
// titles as headers, dictionary codes as their labels, numbers kept as numbers (2-decimal format). A text
// cell that starts with = + - @ is stored as text with the text number format '@', so no spreadsheet
// program evaluates it as a formula (formula injection).
import type ExcelJS from 'exceljs';
import { exceljs } from '../heavy';
import type { ResourceSchema } from '../../../schemas/index';
import type { Db } from '../db/database';
import { baseType } from '../db/resourceColumns';
import { valueLabels } from '../cache/dicts';

export interface ExportColumn {
  key: string;
  title: string;
  kind: 'text' | 'number' | 'integer' | 'date';
  decimals?: number;
  /** value → label */
  labels?: Record<string, string>;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Whether a text would be read as a formula by a spreadsheet program. */
export const looksLikeFormula = (v: string) => FORMULA_START.test(v);

/** The export columns of a resource: every property but secrets, in schema order, with dictionary labels. */
export async function schemaColumns(db: Db, schema: ResourceSchema, only?: readonly string[]): Promise<ExportColumn[]> {
  const out: ExportColumn[] = [];
  for (const [key, p] of Object.entries(schema.properties)) {
    if (p['x-secret'] || (only && !only.includes(key))) continue;
    const t = baseType(p);
    const kind = t === 'number' ? 'number' : t === 'integer' ? 'integer' : 'text';
    const col: ExportColumn = {
      key,
      title: p.title ?? key,
      kind,
      decimals: kind === 'number' ? (p['x-decimals'] ?? 2) : undefined,
    };
    if (p['x-widget'] !== 'tree') col.labels = await valueLabels(db, p);
    out.push(col);
  }
  return out;
}

function cellValue(col: ExportColumn, v: unknown): string | number | null {
  if (v == null || v === '') return col.kind === 'text' ? '' : null;
  if (col.kind === 'number' || col.kind === 'integer') {
    const n = Number(v);
    return Number.isFinite(n) ? n : String(v);
  }
  const text = Array.isArray(v)
    ? v.map((x) => col.labels?.[String(x)] ?? String(x)).join('、')
    : (col.labels?.[String(v)] ?? String(v));
  return text;
}

/** A sheet with a header row and one row per record. */
export function addTableSheet(
  wb: ExcelJS.Workbook,
  name: string,
  columns: ExportColumn[],
  records: Record<string, unknown>[],
): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(sheetName(name));
  ws.columns = columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: Math.min(40, Math.max(10, c.title.length * 2 + 2)),
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of records) {
    const row = ws.addRow(columns.map((c) => cellValue(c, r[c.key])));
    columns.forEach((c, i) => formatCell(row.getCell(i + 1), c));
  }
  return ws;
}

/** A two-column sheet: label, value. */
export function addFieldSheet(
  wb: ExcelJS.Workbook,
  name: string,
  columns: ExportColumn[],
  record: Record<string, unknown>,
): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(sheetName(name));
  ws.columns = [
    { header: '项目', key: 'label', width: 28 },
    { header: '内容', key: 'value', width: 48 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const c of columns) {
    const row = ws.addRow([c.title, cellValue(c, record[c.key])]);
    formatCell(row.getCell(1), { ...c, kind: 'text' });
    formatCell(row.getCell(2), c);
  }
  return ws;
}

export const excelNumberFormat = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');

function formatCell(cell: ExcelJS.Cell, col: ExportColumn): void {
  if (typeof cell.value === 'number') {
    // the screens' format: thousands separators and the column's decimals (src/calc/format.ts)
    if (col.kind === 'number') cell.numFmt = excelNumberFormat(col.decimals ?? 2);
  } else if (typeof cell.value === 'string' && looksLikeFormula(cell.value)) {
    cell.numFmt = '@';
  }
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

export function newWorkbook(): ExcelJS.Workbook {
  const wb = new (exceljs().Workbook)();
  wb.creator = '碳算';
  wb.created = new Date();
  return wb;
}

export async function workbookBytes(wb: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** File names: local date and time, so repeated exports do not collide in the download folder. */
export function stampedName(base: string, ext: string): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${base.replace(/[\\/:*?"<>|]/g, '_')}_${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}.${ext}`;
}
