// Workbooks written in a pool thread (jobs/threadPool.ts): exceljs lays out and zips every cell of an
// export there — about a second for a 10 000-row sheet — instead of on the loop that answers requests. A job is
// plain data, its sheets (columns and records) or an import template in words (templateBook.ts); the answer is the
// file's bytes. drawWorkbook (draw.ts) sends the job; the caller stores the bytes.
import { templateBookOf, type TemplateSpec } from './templateBook';
import { addFieldSheet, addTableSheet, newWorkbook, workbookBytes, type ExportColumn } from './workbook';

export type SheetSpec =
  /** a header row and one row per record (addTableSheet) */
  | { kind: 'table'; name: string; columns: ExportColumn[]; records: Record<string, unknown>[] }
  /** label, value: one row per column of one record (addFieldSheet) */
  | { kind: 'fields'; name: string; columns: ExportColumn[]; record: Record<string, unknown> };

export type WorkbookJob = { sheets: SheetSpec[] } | { template: TemplateSpec };

export default function writeWorkbook(job: WorkbookJob): Promise<Uint8Array> {
  if ('template' in job) return workbookBytes(templateBookOf(job.template));
  const wb = newWorkbook();
  for (const s of job.sheets) {
    if (s.kind === 'table') addTableSheet(wb, s.name, s.columns, s.records);
    else addFieldSheet(wb, s.name, s.columns, s.record);
  }
  return workbookBytes(wb);
}
