// A workbook's bytes from its plain description, written in the server's thread pool (workbookTask.ts). Records
// cross to the thread with the columns' values only (a stage row's trace, say, is not copied for nothing).
import { threadPool } from '../jobs/threadPool';
import type { ExportColumn } from './workbook';
import type { SheetSpec, WorkbookJob } from './workbookTask';

/** The record with the columns' values only: what a sheet writes of it. */
export const only = (columns: ExportColumn[], r: Record<string, unknown>) =>
  Object.fromEntries(columns.map((c) => [c.key, r[c.key]]));

const lean = (s: SheetSpec): SheetSpec =>
  s.kind === 'table'
    ? { ...s, records: s.records.map((r) => only(s.columns, r)) }
    : { ...s, record: only(s.columns, s.record) };

export const drawWorkbook = (job: WorkbookJob): Promise<Buffer> =>
  threadPool.run<Buffer>(
    new URL('./workbookTask.ts', import.meta.url),
    'sheets' in job ? { sheets: job.sheets.map(lean) } : job,
  );
