// The tables of a report's stage sections (PDF and Word draw them alike). An emission stage: one line per row —
// quantity × factor (value and unit, source, verification mark) = emission, with its data-quality class — and,
// under a row, what its columns cannot say: the formula with its numbers, the 默认值 used, why it counts 0, an
// EPD factor past its validity.
// Other stages (核算信息补充, 核算凭证管理): their listed fields.
import type { Db } from '../db/database';
import { schemaColumns, type ExportColumn } from '../excel/workbook';
import { DECIMALS, formatNumber } from '../../calc/format';
import { factorFields } from '../../../schemas/stages/fields';
import type { StageData } from './stageData';
import type { TraceLine } from './traceLines';

export interface ReportTable {
  /** 'trace': the emission table of a stage (its column widths are fixed for A4 portrait) */
  kind?: 'trace';
  header: string[];
  rows: string[][];
  /** Column indexes holding numbers (right-aligned). */
  numeric: number[];
  /** Lines under row i drawn across the whole table ('计算：…', '默认值：…', '未计入：…'). */
  details?: string[][];
}

const FACTOR_DECIMALS = factorFields('').factorValue['x-decimals'];

/** The one number format (src/calc/format.ts), as on screen: '65,711.52'; '—' for nothing. */
export const f2 = (v: unknown): string => formatNumber(v, DECIMALS, '—');

/** A factor with the library's precision (its `x-decimals`, 4), as the stage pages show it. */
export const factorText = (v: unknown): string => formatNumber(v, FACTOR_DECIMALS, '—');

/** A value as text; '—' for nothing. */
export const orDash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

const dash = (v: string) => v || '—';

export const TRACE_HEADER = [
  '序号',
  '名称',
  '数量',
  '单位',
  '排放因子',
  '因子来源',
  '标识',
  '数据质量',
  '碳排放量(kgCO2e)',
];

export function traceTable(lines: TraceLine[]): ReportTable {
  return {
    kind: 'trace',
    header: TRACE_HEADER,
    numeric: [0, 2, 4, 8],
    rows: lines.map((l) => [
      String(l.index),
      l.name,
      f2(l.quantity),
      dash(l.quantityUnit),
      l.factorValue === null ? '—' : `${factorText(l.factorValue)}${l.factorUnit ? `\n${l.factorUnit}` : ''}`,
      dash(l.factorSource),
      l.verification ?? '—',
      l.quality ? `${l.quality}${l.qualityRef ? `\n${l.qualityRef}` : ''}` : '—',
      f2(l.emission),
    ]),
    details: lines.map((l) => [
      ...(l.source ? [`数据来源：${l.source}`] : []),
      ...(l.conversions.length ? [`单位换算：${l.conversions.join('；')}`] : []),
      ...(l.calc ? [`计算：${l.calc}`] : []),
      ...(l.defaults.length ? [`默认值：${l.defaults.join('；')}`] : []),
      ...(l.problems.length ? [`未计入（计为 0）：${l.problems.join('；')}`] : []),
      ...(l.notices.length ? [`注意：${l.notices.join('；')}`] : []),
    ]),
  };
}

/** A field's value by its dictionary labels; '—' for nothing. */
export function labelled(col: ExportColumn | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map((x) => col?.labels?.[String(x)] ?? String(x)).join('、');
  return col?.labels?.[String(v)] ?? String(v);
}

/** A stage without emissions: its listed fields, numbers in the one format. */
export async function fieldTable(db: Db, stage: StageData): Promise<ReportTable> {
  const props = stage.def.schema.properties as Record<string, Record<string, unknown>>;
  const shown = Object.entries(props).filter(([k, p]) => k !== 'projectId' && p['x-list'] !== false);
  const cols = new Map((await schemaColumns(db, stage.def.schema)).map((c) => [c.key, c]));
  return {
    header: shown.map(([k, p]) => String(p.title ?? k)),
    numeric: [],
    rows: stage.rows.map((r) =>
      shown.map(([k]) => (cols.get(k)?.kind === 'number' ? f2(r[k]) : labelled(cols.get(k), r[k]))),
    ),
  };
}
