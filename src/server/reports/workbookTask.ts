// The building workbook written in a pool thread (jobs/threadPool.ts): workbook.ts reads the building,
// its rows, the calculation trace and the decision report on the main thread; here exceljs lays out and zips the
// sheets — seconds for a 10 000-row building (its stage sheet and its 计算过程 sheet) — and answers the bytes.
import type { DecisionReport } from '../decide/report';
import { addFieldSheet, addTableSheet, newWorkbook, workbookBytes, type ExportColumn } from '../excel/workbook';
import { decisionSheets } from './decisionSheets';
import { addModuleSheet, type ModuleSheetData } from './moduleSheet';
import { addTraceSheet, type TraceSheetData } from './traceSheet';

type Fields = { columns: ExportColumn[]; record: Record<string, unknown> };

export interface BuildingWorkbookJob {
  /** 建筑信息 */
  info: Fields;
  /** 计算结果汇总, and the label, text rows under it (boundary notes, the grade, 合理性检查's flags) */
  summary: Fields & { lines: [string, string][] };
  /** EN 15978 模块 */
  modules: ModuleSheetData;
  /** the building's extended data, then its stages in wizard order */
  sheets: { name: string; columns: ExportColumn[]; records: Record<string, unknown>[] }[];
  trace: TraceSheetData;
  decision: DecisionReport;
}

export default function writeBuildingWorkbook(job: BuildingWorkbookJob): Promise<Uint8Array> {
  const wb = newWorkbook();
  addFieldSheet(wb, '建筑信息', job.info.columns, job.info.record);
  const summary = addFieldSheet(wb, '计算结果汇总', job.summary.columns, job.summary.record);
  for (const line of job.summary.lines) summary.addRow(line);
  addModuleSheet(wb, job.modules);
  for (const s of job.sheets) addTableSheet(wb, s.name, s.columns, s.records);
  addTraceSheet(wb, job.trace);
  decisionSheets(wb, job.decision);
  return workbookBytes(wb);
}
