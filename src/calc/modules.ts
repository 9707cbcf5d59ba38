// The EN 15978 module view of a calculated building (schemas/en15978.ts says which stage feeds which line): read from
// the stage totals the calculation stored, so every line is a figure the GB stages already show, and the lines add up
// to the building's own total. Module D is worked out at calculation from the EPD factors the rows use (moduleD below)
// and kept beside the lines, outside the total.
import { EN15978_LINES, MODULE_D, NOT_CALCULATED } from '../../schemas/en15978';
import { roundTo as round } from './format';

export interface ModuleRow {
  module: string;
  title: string;
  /** tCO2e; null: 未计算 */
  value: number | null;
  /** what the line is made of, or why it is not calculated */
  note: string;
  sink?: true;
}

export interface ModuleD {
  /** tCO2e; null when no EPD factor in use declares D */
  value: number | null;
  /** the factors it came from, and the scenario taken where an EPD declares several */
  notes: string[];
}

export interface ModuleView {
  lines: ModuleRow[];
  /** the building's total, tCO2e (the sum of the lines, sink included, as GB/T 51366 counts it) */
  total: number;
  d: ModuleD & { module: string; title: string; note: string };
  notCalculated: string;
}

interface StageFigure {
  total?: number;
  outsideBoundary?: string;
}

/**
 * The module lines from the stages as last calculated (resultDetail.stages, tCO2e) and the building's total. A stage
 * the building's calculation did not include leaves its line 未计算 rather than 0.
 */
export function moduleView(
  stages: Record<string, StageFigure | undefined>,
  total: number,
  titles: Record<string, string>,
  d: ModuleD | undefined,
): ModuleView {
  const lines = EN15978_LINES.map((l): ModuleRow => {
    const counted = l.stages.filter((code) => stages[code] && Number.isFinite(Number(stages[code]!.total)));
    const base = { module: l.module, title: l.title, ...(l.sink ? { sink: true as const } : {}) };
    if (!counted.length) {
      const why = l.stages.length ? `本单体的计算未包含${l.stages.map((c) => titles[c] ?? c).join('、')}` : l.reason;
      return { ...base, value: null, note: why };
    }
    const value = round(
      counted.reduce((sum, code) => sum + Number(stages[code]!.total), 0),
      4,
    );
    const boundary = counted.map((c) => stages[c]!.outsideBoundary).filter(Boolean);
    const from = counted.map((c) => titles[c] ?? c).join(' + ');
    return { ...base, value, note: [from, ...boundary].join('；') };
  });
  return {
    lines,
    total,
    d: {
      module: MODULE_D.module,
      title: MODULE_D.title,
      note: MODULE_D.reason,
      value: d?.value ?? null,
      notes: d?.notes ?? [],
    },
    notCalculated: NOT_CALCULATED,
  };
}

/** One row using an EPD factor: its emission (kgCO2e) at the factor's value per factor unit, and the EPD's D. */
export interface EpdRowUse {
  emission: number | null;
  factorValue: number | null;
  /** kgCO2e of module D per factor unit (the EPD's D over its declared amount) */
  dPerUnit: number;
}

/**
 * Module D in tCO2e: each row's quantity in the factor's unit (emission ÷ factor value — the A1–A3 figure it was
 * worked from) × the EPD's D per that unit. A row with a factor value of 0 has no quantity to read and adds nothing.
 */
export function moduleD(rows: readonly EpdRowUse[]): number {
  let kg = 0;
  for (const r of rows) {
    if (r.emission === null || !r.factorValue) continue;
    kg += (r.emission / r.factorValue) * r.dPerUnit;
  }
  return round(kg / 1000, 4);
}

/**
 * The module view of a stored result: as the calculation kept it, or — for a result calculated before the view
 * existed — made from its stage totals, module D then unknown.
 */
export function modulesOf(
  detail: { stages?: Record<string, StageFigure | undefined>; modules?: ModuleView } | null | undefined,
  total: number,
  titles: Record<string, string>,
): ModuleView {
  return detail?.modules ?? moduleView(detail?.stages ?? {}, total, titles, undefined);
}
