// Pure figures of the result and compare pages (spec 000 §2 screens 6–7, §3 Result, §4, §9): stage shares,
// indicators, the runtime breakdown, the "up to three others" pick and the sums by compute method.
import { menuTitle, MODULES } from '../../../schemas/standards';
import { formatNumber, roundTo } from '../../calc/format';
import { annualEmission, basisOf, figuresOf } from '../../calc/intensity';
import type { PlausibilityReview } from '../../calc/plausibility';

export type BuildingResult = Record<string, unknown> & {
  id: number;
  name: string;
  computeMethod?: string;
  status?: string;
  resultDetail?: {
    parts?: Record<string, number>;
    breakdown?: Record<string, number>;
    stages?: Record<string, { total?: number; method?: string | null; rows?: unknown; notes?: string[]; warnings?: string[]; outsideBoundary?: string }>;
    /** issue 11 §5: tCO2e and % of the positive emissions by data-quality class, and the grade A–D */
    quality?: Record<string, number>;
    qualityShares?: Record<string, number>;
    grade?: string | null;
    /** every stage's warnings, '建筑拆除：…' */
    warnings?: string[];
    /** issue 21: 合理性检查 (src/calc/plausibility.ts) */
    plausibility?: PlausibilityReview | null;
  } | null;
};

/** The stored figure (tCO2e) of each stage that has one. */
export const STAGE_FIELDS: Record<string, string> = {
  produce: 'produce',
  trans: 'trans',
  build: 'build',
  remove: 'remove',
  runtime: 'runtimeTotal',
  runtimeChange: 'runtimeChange',
  waste: 'waste',
  green: 'green',
};

/** Stages whose positive emissions make up the donut, in display order. */
export const SHARE_STAGES = ['produce', 'trans', 'build', 'remove', 'runtime', 'runtimeChange', 'waste'] as const;

/** The seven stages of the comparison (spec 000 §2 screen 7), carbon sink last and negative. */
export const COMPARE_STAGES: readonly { code: string; field: string; label: string }[] = [
  { code: 'produce', field: 'produce', label: '建材生产' },
  { code: 'trans', field: 'trans', label: '建材运输' },
  { code: 'build', field: 'build', label: '建筑建造' },
  { code: 'runtime', field: 'runtimeTotal', label: '建筑运行' },
  { code: 'remove', field: 'remove', label: '建筑拆除' },
  { code: 'waste', field: 'waste', label: '废弃物处理' },
  { code: 'green', field: 'green', label: '碳汇' },
];

/** Labels of the accounting breakdown when the runtime type is not '1' (spec 001 §3). */
export const ACCOUNTING_BREAKDOWN_LABELS: Record<string, string> = { gas: '能源', water: '日常用水', renew: '可再生能源' };

export const SINK_LABEL = '减碳';

/** The donut's centre: the sum of its slices, which leaves the sink out — said so (issue 11 §4). */
export const DONUT_TOTAL_LABEL = '排放合计(不含碳汇)';

export function num(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
}

/** Chart values: rounded as they are shown. */
export const round2 = (n: number) => roundTo(n);

/** The one number format (src/calc/format.ts); empty values show as 0.00. */
export const fixed2 = (v: unknown) => formatNumber(num(v));

export const stageLabel = (module: string, code: string) =>
  menuTitle(module, code) ?? COMPARE_STAGES.find((s) => s.code === code)?.label ?? code;

export const stageValue = (b: Record<string, unknown>, code: string) => num(b[STAGE_FIELDS[code] ?? code]);

export const hasResult = (b: Record<string, unknown> | undefined | null) =>
  !!b && (b.status === '1' || (b.total !== null && b.total !== undefined && b.total !== ''));

/**
 * Donut: the positive stage figures of the building's stages (all share stages when none are given), and their
 * total summed from the stored figures — rounded once when shown, not a sum of the rounded slices.
 */
export function stageShares(b: Record<string, unknown>, module: string, stages?: readonly string[]): { codes: string[]; labels: string[]; series: number[]; total: number } {
  const wanted = stages && stages.length ? SHARE_STAGES.filter((c) => stages.includes(c)) : [...SHARE_STAGES];
  const codes: string[] = [];
  const labels: string[] = [];
  const series: number[] = [];
  let total = 0;
  for (const code of wanted) {
    const v = stageValue(b, code);
    if (v > 0) {
      codes.push(code);
      labels.push(stageLabel(module, code));
      series.push(round2(v));
      total += v;
    }
  }
  return { codes, labels, series, total };
}

/** The carbon sink as a reduction: green is stored negative; shown as a negative 减碳. */
export const sinkValue = (b: Record<string, unknown>) => 0 - Math.abs(num(b.green));

export interface Indicators {
  total: number;
  perYear: number;
  perArea: number;
  perAreaYear: number;
}

/**
 * 碳排放总量 (tCO2e), 年均 (kgCO2e/a), 单位面积 (kgCO2e/m²), 单位面积年均 (kgCO2e/(m²·a), streng3) — on the result's
 * basis (src/calc/intensity.ts): 核算 divides by 竣工建筑面积 and counts 建筑运行 per operating year, so 年均 =
 * (total − 建筑运行) ÷ design life + 建筑运行 ÷ operating years; elsewhere total ÷ design life as before.
 */
export function indicators(b: Record<string, unknown>): Indicators {
  const total = num(b.total);
  const basis = basisOf(b);
  const area = basis.area;
  const perYear = annualEmission(figuresOf(b), basis) ?? 0;
  const perAreaYear = b.streng3 !== null && b.streng3 !== undefined && b.streng3 !== '' ? num(b.streng3) : area ? perYear / area : 0;
  return {
    total,
    perYear,
    perArea: area ? (total * 1000) / area : 0,
    perAreaYear,
  };
}

/** Bar chart of one stage: the runtime parts (dictionary labels) for runtime, else the stage's own figure. */
export function stageBars(
  b: BuildingResult,
  module: string,
  code: string,
  partLabels: Record<string, string>,
): { categories: string[]; data: number[] } {
  if (code === 'runtime') {
    const breakdown = b.resultDetail?.breakdown ?? b.resultDetail?.parts ?? {};
    const entries = Object.entries(breakdown);
    if (entries.length) {
      return {
        categories: entries.map(([k]) => partLabels[k] ?? ACCOUNTING_BREAKDOWN_LABELS[k] ?? k),
        data: entries.map(([, v]) => round2(num(v))),
      };
    }
  }
  const label = stageLabel(module, code);
  if (code === 'green') return { categories: [SINK_LABEL], data: [round2(sinkValue(b))] };
  return { categories: [label], data: [round2(stageValue(b, code))] };
}

/** A stage's name in the figure table: the sink as 减碳, a stage outside the standard's boundary marked (§10). */
export function stageRowLabel(b: BuildingResult, module: string, code: string): string {
  const label = code === 'green' ? `${stageLabel(module, code)}（${SINK_LABEL}）` : stageLabel(module, code);
  const outside = b.resultDetail?.stages?.[code]?.outsideBoundary;
  return outside ? `${label}（${outside}）` : label;
}

/** The stages of the building that have a figure, for the radio buttons. */
export const figureStages = (stages: readonly string[]) => stages.filter((c) => STAGE_FIELDS[c]);

/** Adds a pick; beyond `limit` the oldest picks are dropped (spec 000 §4: a fourth drops the oldest). */
export function pickWithLimit<T>(previous: readonly T[], next: readonly T[], limit = 3, same: (a: T, b: T) => boolean = Object.is): T[] {
  const kept = previous.filter((p) => next.some((n) => same(n, p)));
  const added = next.filter((n) => !previous.some((p) => same(n, p)));
  const all = [...kept, ...added];
  return all.slice(Math.max(0, all.length - limit));
}

/** The comparison row of one building: the seven stage figures, sink negative. */
export const compareFigures = (b: Record<string, unknown>) =>
  COMPARE_STAGES.map((s) => (s.code === 'green' ? sinkValue(b) : num(b[s.field])));

/** Stacked bars by compute method: for each method, the sum of each stage over its completed buildings. */
export function sumsByMethod(buildings: readonly Record<string, unknown>[]): { methods: string[]; series: { name: string; data: number[] }[] } {
  const methods = MODULES.map((m) => m.label);
  const series = COMPARE_STAGES.map((s) => ({
    name: s.label,
    data: MODULES.map((m) =>
      round2(
        buildings
          .filter((b) => b.computeMethod === m.code && b.status === '1')
          .reduce((a, b) => a + (s.code === 'green' ? sinkValue(b) : num(b[s.field])), 0),
      ),
    ),
  }));
  return { methods, series };
}
