// The building workbook's 计算过程 sheet: one line per stage row, as in the report's stage
// tables (traceLines.ts) — quantity, factor, source, mark, data quality, 默认值 and the formula with its numbers
// — then each stage's stored figure, the stored total and the data-quality shares with the grade. Numbers
// stay numbers, with the screens' decimals as number format; the totals are the stored values themselves.
// Written from plain data (traceSheetData, workbook.ts) in the workbook thread (workbookTask.ts).
import type ExcelJS from 'exceljs';
import { addTableSheet, excelNumberFormat, type ExportColumn } from '../excel/workbook';
import { QUALITY_VALUES } from '../../../schemas/factors/kinds';
import { QUALITY_GRADE_RULE } from '../../calc/quality';
import type { ResultDetail } from '../../calc/resultDetail';

const col = (key: string, title: string, kind: ExportColumn['kind'] = 'text', decimals?: number): ExportColumn => ({
  key,
  title,
  kind,
  ...(decimals !== undefined ? { decimals } : {}),
});

export const TRACE_COLUMNS: ExportColumn[] = [
  col('stage', '阶段'),
  col('index', '序号', 'integer'),
  col('name', '名称'),
  col('quantity', '数量', 'number', 2),
  col('quantityUnit', '单位'),
  col('factorValue', '排放因子', 'number', 4),
  col('factorUnit', '因子单位'),
  col('factorSource', '因子来源'),
  col('verification', '核实标记'),
  col('quality', '数据质量'),
  col('qualityRef', '数据依据'),
  col('source', '数据来源'),
  col('conversions', '单位换算'),
  col('defaults', '默认值'),
  col('calc', '计算过程'),
  col('problems', '未计入原因'),
  col('notices', '提示'),
  col('emission', '碳排放量(kgCO2e)', 'number', 2),
];

const TOTAL_FORMAT = excelNumberFormat(2);

/** What the sheet shows, read on the main thread (workbook.ts traceSheetData). */
export interface TraceSheetData {
  /** one line per stage row (traceLines.ts), its lists joined */
  records: Record<string, unknown>[];
  /** the emitting stages: their titles, stored figures and boundary notes */
  stages: { title: string; figure: number | null; outsideBoundary: string | null }[];
  /** the building's stored total and intensity */
  total: unknown;
  streng3: unknown;
  detail: Pick<ResultDetail, 'quality' | 'qualityShares' | 'grade'>;
  qualityLabels: Record<string, string>;
}

export function addTraceSheet(wb: ExcelJS.Workbook, data: TraceSheetData): ExcelJS.Worksheet {
  const ws = addTableSheet(wb, '计算过程', TRACE_COLUMNS, data.records);
  for (const k of ['name', 'factorSource', 'source', 'conversions', 'defaults', 'calc']) ws.getColumn(k).width = 36;

  // the stored figures under the rows: a stage's own figure, the building's total (not a sum of the lines above)
  ws.addRow([]);
  const heading = ws.addRow(['阶段', '碳排放量(tCO2e)', '说明']);
  heading.font = { bold: true };
  const figure = (label: string, value: unknown, note = '') => {
    const row = ws.addRow([label, value === null || value === undefined ? null : Number(value), note]);
    row.getCell(2).numFmt = TOTAL_FORMAT;
  };
  for (const s of data.stages) figure(s.title, s.figure, s.outsideBoundary ?? '');
  figure('碳排放总量', data.total);
  const streng = ws.addRow([
    '单位面积年均碳排放强度(kgCO2e/(m²·a))',
    data.streng3 === null || data.streng3 === undefined ? null : Number(data.streng3),
  ]);
  streng.getCell(2).numFmt = TOTAL_FORMAT;

  const { detail } = data;
  if (detail.quality) {
    ws.addRow([]);
    const q = ws.addRow(['数据质量', '碳排放量(tCO2e)', '占比(%)']);
    q.font = { bold: true };
    for (const k of QUALITY_VALUES) {
      const row = ws.addRow([
        data.qualityLabels[k] ?? k,
        Number(detail.quality[k] ?? 0),
        Number(detail.qualityShares?.[k] ?? 0),
      ]);
      row.getCell(2).numFmt = TOTAL_FORMAT;
      row.getCell(3).numFmt = TOTAL_FORMAT;
    }
    ws.addRow(['数据质量等级', detail.grade ?? '—', QUALITY_GRADE_RULE]);
  }
  return ws;
}
