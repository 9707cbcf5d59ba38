// The building workbook's 计算过程 sheet (issue 11 §4, §5): one line per stage row, as in the report's stage
// tables (traceLines.ts) — quantity, factor, source, mark, data quality, 默认值 and the formula with its numbers
// — then each stage's stored figure, the stored total and the data-quality shares with the grade. Numbers
// stay numbers, with the screens' decimals as number format; the totals are the stored values themselves.
import type ExcelJS from 'exceljs';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { addTableSheet, excelNumberFormat, type ExportColumn } from '../excel/workbook';
import { QUALITY_VALUES } from '../../../schemas/factors/kinds';
import { QUALITY_GRADE_RULE } from '../../calc/quality';
import { buildingStages, resultDetailOf } from './stageData';
import { stageTraceLines, traceContext } from './traceLines';

const col = (key: string, title: string, kind: ExportColumn['kind'] = 'text', decimals?: number): ExportColumn => ({ key, title, kind, ...(decimals !== undefined ? { decimals } : {}) });

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
  col('conversions', '单位换算'),
  col('defaults', '默认值'),
  col('calc', '计算过程'),
  col('problems', '未计入原因'),
  col('emission', '碳排放量(kgCO2e)', 'number', 2),
];

const TOTAL_FORMAT = excelNumberFormat(2);

export async function addTraceSheet(wb: ExcelJS.Workbook, db: Db, caller: Caller, b: ApiRecord): Promise<ExcelJS.Worksheet> {
  const stages = (await buildingStages(db, caller, b)).filter((s) => s.emits);
  const ctx = await traceContext(db, b, stages);
  const records: Record<string, unknown>[] = [];
  for (const s of stages) {
    for (const l of await stageTraceLines(db, s, ctx)) {
      records.push({ ...l, stage: s.title, conversions: l.conversions.join('；'), defaults: l.defaults.join('；'), problems: l.problems.join('；') });
    }
  }
  const ws = addTableSheet(wb, '计算过程', TRACE_COLUMNS, records);
  for (const k of ['name', 'factorSource', 'conversions', 'defaults', 'calc']) ws.getColumn(k).width = 36;

  // the stored figures under the rows: a stage's own figure, the building's total (not a sum of the lines above)
  ws.addRow([]);
  const heading = ws.addRow(['阶段', '碳排放量(tCO2e)', '说明']);
  heading.font = { bold: true };
  const figure = (label: string, value: unknown, note = '') => {
    const row = ws.addRow([label, value === null || value === undefined ? null : Number(value), note]);
    row.getCell(2).numFmt = TOTAL_FORMAT;
  };
  for (const s of stages) figure(s.title, s.figure, s.outsideBoundary ?? '');
  figure('碳排放总量', b.total);
  const streng = ws.addRow(['单位面积年均碳排放强度(kgCO2e/(m²·a))', b.streng3 === null || b.streng3 === undefined ? null : Number(b.streng3)]);
  streng.getCell(2).numFmt = TOTAL_FORMAT;

  const detail = resultDetailOf(b);
  if (detail.quality) {
    ws.addRow([]);
    const q = ws.addRow(['数据质量', '碳排放量(tCO2e)', '占比(%)']);
    q.font = { bold: true };
    for (const k of QUALITY_VALUES) {
      const row = ws.addRow([ctx.qualityLabels[k] ?? k, Number(detail.quality[k] ?? 0), Number(detail.qualityShares?.[k] ?? 0)]);
      row.getCell(2).numFmt = TOTAL_FORMAT;
      row.getCell(3).numFmt = TOTAL_FORMAT;
    }
    ws.addRow(['数据质量等级', detail.grade ?? '—', QUALITY_GRADE_RULE]);
  }
  return ws;
}
