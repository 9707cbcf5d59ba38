// Pure figures of the result and compare pages: stage shares,
// indicators, the runtime breakdown, the "up to three others" pick and the sums by compute method. Which stages
// and result fields exist, which is a sink and which has parts come from the stage registry (schemas/results.ts):
// nothing here names a stage.
import { moduleResultFields, resultFields, type ResultFieldDef } from '../../../schemas/results';
import { stageMeta } from '../../../schemas/stageMeta';
import { resultFieldColor, stageColor } from '../../../schemas/stageColors';
import { menuTitle, MODULES } from '../../../schemas/standards';
import { formatNumber, roundTo } from '../../calc/format';
import { annualEmission, basisOf, figuresOf } from '../../calc/intensity';
import type { ResultDetail } from '../../calc/resultDetail';
import type { MethodFigures } from '../../../schemas/statistics';

/** A building as the result and compare pages read it: its record with the stored result detail. */
export type BuildingResult = Record<string, unknown> & {
  id: number;
  name: string;
  computeMethod?: string;
  status?: string;
  resultDetail?: ResultDetail | null;
};

/** Labels of the accounting breakdown when the runtime type is not '1'. */
export const ACCOUNTING_BREAKDOWN_LABELS: Record<string, string> = {
  gas: '能源',
  water: '日常用水',
  renew: '可再生能源',
};

export const SINK_LABEL = '减碳';

/** The donut's centre: the sum of its slices, which leaves the sink out — said so. */
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

export const stageLabel = (module: string, code: string) => menuTitle(module, code) ?? stageMeta(code)?.title ?? code;

/** A sink is shown as a reduction whatever sign it was stored with. */
const signed = (v: number, sink: boolean | undefined) => (sink ? 0 - Math.abs(v) : v);

/**
 * A stage's figure (tCO2e): its own total from the last calculation (two stages may add to one result field:
 * 建筑拆除 and 建筑改造拆除). A result stored without per-stage totals shows the field on the first of the
 * module's stages adding to it, so the figures still add up to the total.
 */
export function stageValue(b: BuildingResult | Record<string, unknown>, code: string, module?: string): number {
  const meta = stageMeta(code);
  if (!meta?.result) return 0;
  const own = (b as BuildingResult).resultDetail?.stages?.[code]?.total;
  if (typeof own === 'number') return signed(own, meta.phase === 'sink');
  const first = moduleResultFields(module)
    .find((f) => f.field === meta.result)
    ?.stages.find((c) => !module || menuTitle(module, c));
  return first === code ? signed(num(b[meta.result]), meta.phase === 'sink') : 0;
}

/** A result field's figure (tCO2e), a sink negative. */
export const fieldValue = (b: Record<string, unknown>, f: ResultFieldDef) => signed(num(b[f.field]), f.sink);

export const hasResult = (b: Record<string, unknown> | undefined | null) =>
  !!b && (b.status === '1' || (b.total !== null && b.total !== undefined && b.total !== ''));

/**
 * Donut: the positive stage figures of the building's stages (all share stages when none are given), and their
 * total summed from the stored figures — rounded once when shown, not a sum of the rounded slices. Each slice
 * in its stage's colour (schemas/stageColors.ts), as in the report's donut.
 */
export function stageShares(
  b: Record<string, unknown>,
  module: string,
  stages?: readonly string[],
): { codes: string[]; labels: string[]; series: number[]; colors: string[]; total: number } {
  const shared = resultFields()
    .filter((f) => !f.sink)
    .flatMap((f) => f.stages);
  const wanted = stages && stages.length ? stages.filter((c) => shared.includes(c)) : shared;
  const codes: string[] = [];
  const labels: string[] = [];
  const series: number[] = [];
  let total = 0;
  for (const code of wanted) {
    const v = stageValue(b, code, module);
    if (v > 0) {
      codes.push(code);
      labels.push(stageLabel(module, code));
      series.push(round2(v));
      total += v;
    }
  }
  return { codes, labels, series, colors: codes.map(stageColor), total };
}

/** The carbon sinks as a reduction: stored negative, shown as a negative 减碳. */
export const sinkValue = (b: Record<string, unknown>) =>
  resultFields()
    .filter((f) => f.sink)
    .reduce((a, f) => a + fieldValue(b, f), 0);

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
  const perAreaYear =
    b.streng3 !== null && b.streng3 !== undefined && b.streng3 !== '' ? num(b.streng3) : area ? perYear / area : 0;
  return {
    total,
    perYear,
    perArea: area ? (total * 1000) / area : 0,
    perAreaYear,
  };
}

/** Bar chart of one stage: a stage with parts (建筑运行) by its parts (dictionary labels), else its own figure;
 * in the stage's colour (schemas/stageColors.ts), as its slice of the donut and its bar in the report. */
export function stageBars(
  b: BuildingResult,
  module: string,
  code: string,
  partLabels: Record<string, string>,
): { categories: string[]; data: number[]; color: string } {
  const meta = stageMeta(code);
  const color = stageColor(code);
  if (meta?.partField) {
    const breakdown = b.resultDetail?.breakdown ?? b.resultDetail?.parts ?? {};
    const entries = Object.entries(breakdown);
    if (entries.length) {
      return {
        categories: entries.map(([k]) => partLabels[k] ?? ACCOUNTING_BREAKDOWN_LABELS[k] ?? k),
        data: entries.map(([, v]) => round2(num(v))),
        color,
      };
    }
  }
  return {
    categories: [meta?.phase === 'sink' ? SINK_LABEL : stageLabel(module, code)],
    data: [round2(stageValue(b, code, module))],
    color,
  };
}

/** A stage's name in the figure table: the sink as 减碳, a stage outside the standard's boundary marked. */
export function stageRowLabel(b: BuildingResult, module: string, code: string): string {
  const label =
    stageMeta(code)?.phase === 'sink' ? `${stageLabel(module, code)}（${SINK_LABEL}）` : stageLabel(module, code);
  const outside = b.resultDetail?.stages?.[code]?.outsideBoundary;
  return outside ? `${label}（${outside}）` : label;
}

/** The stages of the building that have a figure, for the radio buttons. */
export const figureStages = (stages: readonly string[]) => stages.filter((c) => stageMeta(c)?.result);

/** Adds a pick; beyond `limit` the oldest picks are dropped. */
export function pickWithLimit<T>(
  previous: readonly T[],
  next: readonly T[],
  limit = 3,
  same: (a: T, b: T) => boolean = Object.is,
): T[] {
  const kept = previous.filter((p) => next.some((n) => same(n, p)));
  const added = next.filter((n) => !previous.some((p) => same(n, p)));
  const all = [...kept, ...added];
  return all.slice(Math.max(0, all.length - limit));
}

/**
 * The comparison's columns: the result fields of the module's stages (all of them on
 * 统计分析), the sink last; a field one stage of the module fills is named as that stage's menu (估算's 建筑物化及拆除).
 */
export function compareColumns(module?: string): { field: ResultFieldDef; label: string }[] {
  return moduleResultFields(module).map((f) => {
    const own = module ? f.stages.map((c) => menuTitle(module, c)).filter(Boolean) : [];
    return { field: f, label: own.length === 1 ? own[0]! : f.title };
  });
}

/** The comparison row of one building: its figure per column, sink negative. */
export const compareFigures = (b: Record<string, unknown>, columns: ReturnType<typeof compareColumns>) =>
  columns.map((c) => fieldValue(b, c.field));

/**
 * Stacked bars by compute method: each result field's sum over the method's completed buildings, as the server summed
 * it.
 */
export function sumsByMethod(methods: readonly MethodFigures[]): {
  methods: string[];
  fields: ResultFieldDef[];
  series: { name: string; data: number[] }[];
} {
  const fields = resultFields();
  const byCode = new Map(methods.map((m) => [m.code, m]));
  const series = fields.map((f) => ({
    name: f.title,
    data: MODULES.map((m) => round2(byCode.get(m.code)?.sums[f.field] ?? 0)),
  }));
  return { methods: MODULES.map((m) => m.label), fields, series };
}

/**
 * What the sums counted, in words: the completed buildings per method, those left out, and stale results among them.
 */
export function summedText(methods: readonly MethodFigures[]): string {
  const count = (n: number) => formatNumber(n, 0);
  const done = methods.reduce((a, m) => a + m.completed, 0);
  const open = methods.reduce((a, m) => a + m.incomplete, 0);
  const stale = methods.reduce((a, m) => a + m.stale, 0);
  const per = methods.map((m) => `${m.label} ${count(m.completed)} 个`).join('，');
  return [
    `已计入已完成的单体 ${count(done)} 个（${per}）`,
    open ? `未完成 ${count(open)} 个未计入` : '',
    stale ? `其中 ${count(stale)} 个结果已过期，按原结果计入` : '',
  ]
    .filter(Boolean)
    .join('；');
}

/** One colour per result field (apexcharts' default palette repeats after five): the shared stage palette
 * (schemas/stageColors.ts), the one the report's charts use too. */
export const fieldColors = (fields: readonly ResultFieldDef[]) => fields.map(resultFieldColor);
