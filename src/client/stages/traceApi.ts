// How a stage figure was made: GET stage/<code>/trace?projectId&pageNum&pageSize — the stage's
// total, method, notes and warnings as last calculated and one page of its rows, each with quantity × factor =
// emission and the row's stored trace (formula, inputs, 默认值, problems).
import { apiFetch, apiUrl } from '../providers/httpClient';

// the row's working as src/calc explains it (explainRow), answered by the endpoint
import type { DefaultUsed, RowTrace, TraceInput } from '../../calc/trace';

export type { DefaultUsed, RowTrace, TraceInput };

export interface TraceRow {
  id: number;
  name: string | null;
  part?: string | null;
  energy?: string | null;
  quantity: number | string | null;
  quantityUnit: string | null;
  factorValue: number | string | null;
  factorUnit: string | null;
  factorSource: string | null;
  /** the library's verification mark of the factor (V/V2/M/D/U, dictionary verification) */
  verification: string | null;
  /** data-quality class (dictionary dataQuality) */
  quality: string | null;
  qualityRef?: string | null;
  /** an imported row's source: the budget file's rows (and conversion) or the BIM model's materials */
  source?: string | null;
  /** kgCO2e */
  emission: number | string | null;
  trace: RowTrace | null;
}

export interface StageTrace {
  code: string;
  title: string;
  method: string | null;
  methodLabel: string | null;
  /** tCO2e */
  total: number | null;
  notes: string[];
  warnings: string[];
  /** 合理性检查: flags of the figures the stage adds to, workings of its material figures */
  plausibility?: { flags: string[]; workings: string[] };
  /** tCO2e by part (建筑运行) */
  parts?: Record<string, number>;
  partLabels?: Record<string, string>;
  /** the stage's formula in words, when the server gives one */
  formula?: string;
  outsideBoundary?: string | null;
  rows: { total: number; dataList: TraceRow[] };
}

export const TRACE_PAGE_SIZE = 50;

export const getStageTrace = (
  code: string,
  projectId: number | string,
  pageNum: number,
  pageSize = TRACE_PAGE_SIZE,
  signal?: AbortSignal,
) =>
  apiFetch<StageTrace>(apiUrl(`tpf/v1/tpf/stage/${encodeURIComponent(code)}/trace`, { projectId, pageNum, pageSize }), {
    signal,
  });

/** The row's 默认值 (none for a row without a trace). */
export const defaultsOf = (row: object): DefaultUsed[] => {
  const t = (row as { trace?: unknown }).trace as Partial<RowTrace> | null | undefined;
  return t && Array.isArray(t.defaults) ? t.defaults : [];
};

/** The save rules a stored row breaks (counted 0). */
export const problemsOf = (row: object): string[] => {
  const t = (row as { trace?: unknown }).trace as Partial<RowTrace> | null | undefined;
  return t && Array.isArray(t.problems) ? t.problems : [];
};

/** What to check on a stored row that still counts (an EPD factor past its validity). */
export const noticesOf = (row: object): string[] => {
  const t = (row as { trace?: unknown }).trace as Partial<RowTrace> | null | undefined;
  return t && Array.isArray(t.notices) ? t.notices : [];
};
