// The import workbook: the produce stage's own template (downloaded through GET …/template, as a user gets it)
// tells the sheet name and the column titles; the rows are written with exceljs's streaming writer (shared
// strings, like a workbook saved by Excel), valid values only: factor names of the seeded library.
import { statSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { stageProduce } from '../../schemas/stages/produce';
import type { Target } from '../lib/target';
import type { Factor } from './setup';

export interface Template {
  /** the template file as downloaded */
  bytes: Buffer;
  /** the data sheet's name */
  sheet: string;
  /** header titles in column order */
  titles: string[];
}

export async function downloadTemplate(t: Target, stagePath: string): Promise<Template> {
  const a = await t.call('GET', `${stagePath}/template`);
  if (a.body?.code !== 1 || typeof a.body.data !== 'string') throw new Error(`template: ${JSON.stringify(a.body)}`);
  const res = await t.app.inject({ method: 'GET', url: a.body.data });
  if (res.statusCode !== 200) throw new Error(`template download: HTTP ${res.statusCode}`);
  const bytes = res.rawPayload;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const titles: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    titles[col - 1] = String(cell.value ?? '');
  });
  return { bytes, sheet: ws.name, titles };
}

/** The schema property of each import title. */
const KEY_OF_TITLE = new Map(
  Object.entries(stageProduce.properties).flatMap(([k, p]) =>
    'x-import' in p && p['x-import'] ? [[p['x-import'] as string, k]] : [],
  ),
);

/** The cell values of data row i (0-based) by property. */
export function rowValues(i: number, factors: Factor[]): Record<string, string | number | undefined> {
  const f = factors[i % factors.length];
  return {
    materialName: f.name.slice(0, 50),
    spec: `规格${i % 50}`,
    unit: f.rowUnit,
    quantity: ((i * 7919) % 100000) / 100 + 1,
    factorId: f.name, // 排放因子名称: the library name, resolved to the factor by the import
    // the factor's figures as a user copies them from the library (the import takes the library's own)
    factorValue: f.value,
    factorUnit: f.unit,
    factorSource: f.source,
    density: i % 3 === 0 ? 2.4 : undefined,
    remarks: i % 10 === 0 ? `第${i + 1}项` : undefined,
  };
}

/** Writes `rows` data rows under the template's header to `file`; answers the file's size in bytes. */
export async function writeImportWorkbook(
  file: string,
  template: Template,
  rows: number,
  factors: Factor[],
): Promise<number> {
  const keys = template.titles.map((title) => KEY_OF_TITLE.get(title));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet(template.sheet);
  ws.addRow(template.titles).commit();
  for (let i = 0; i < rows; i++) {
    const v = rowValues(i, factors);
    ws.addRow(keys.map((k) => (k ? (v[k] ?? null) : null))).commit();
  }
  ws.commit();
  await wb.commit();
  return statSync(file).size;
}
