// What 合理性检查 (./plausibility.ts) says, pure: the checked figures with their labels and units, the fixed texts
// of the screens, the report and the workbook, and the words of a flag, a range and a verdict.
import { formatNumber } from './format';
import type { MissingRange, PlausibilityCheck, PlausibilityFlag } from './plausibility';

/** A figure ÷/× this is the band of a line that gives only one value. */
export const VALUE_BAND = 3;
export const NO_RANGE = '暂无公开范围';
export const PLAUSIBILITY_TITLE = '合理性检查';
export const NO_FLAGS = '未发现超出参考范围的数值';
export const PLAUSIBILITY_INTRO =
  '将本单体的碳排放强度和每平方米建筑面积的材料用量与参考值库中适用于本建筑类型的公开范围比对；超出范围仅作提示，不改变任何计算结果。';
export const NOT_REVIEWED = '本结果计算于合理性检查上线之前，重新计算后显示。';
export const MISSING_NOTE = '参考值库中没有适用于本建筑类型、带数值的参考范围，未检查';

/** The checked figures: [metric, label, unit], in display order. */
export const PLAUSIBILITY_METRICS = [
  ['lifecycle', '全生命周期碳排放强度', 'kgCO2e/(m²·a)'],
  ['embodied', '隐含碳排放强度', 'kgCO2e/m²'],
  ['operation', '运行碳排放强度', 'kgCO2/(m²·a)'],
  ['concrete', '混凝土用量', 'm³/m²'],
  ['steel', '钢材用量', 'kg/m²'],
] as const;

export type PlausibilityMetric = (typeof PLAUSIBILITY_METRICS)[number][0];
export const MATERIAL_METRICS: readonly PlausibilityMetric[] = ['concrete', 'steel'];

const META = Object.fromEntries(PLAUSIBILITY_METRICS.map(([m, label, unit]) => [m, { label, unit }])) as Record<
  PlausibilityMetric,
  { label: string; unit: string }
>;
export const metricLabel = (m: PlausibilityMetric) => META[m].label;
export const metricUnit = (m: PlausibilityMetric) => META[m].unit;

const f2 = (v: number) => formatNumber(v);

/** '钢材用量 180.00 kg/m² 高于参考范围 30.00–75.00 kg/m²（参考值库「…」，来源：…）' */
export function flagText(c: PlausibilityCheck): string {
  const { label, unit } = META[c.metric];
  const range =
    c.low !== null && c.high !== null
      ? `${c.direction === 'high' ? '高于' : '低于'}参考范围 ${f2(c.low)}–${f2(c.high)} ${unit}`
      : c.direction === 'high'
        ? `高于参考上限 ${f2(c.high ?? 0)} ${unit}`
        : `低于参考下限 ${f2(c.low ?? 0)} ${unit}`;
  const basis = c.basis === 'value' ? `按参考值 ${f2(c.reference ?? 0)} 的 1/${VALUE_BAND}–${VALUE_BAND} 倍；` : '';
  return `${label} ${f2(c.value)} ${unit} ${range}（${basis}参考值库「${c.lineName}」，来源：${c.source || '未注明'}）`;
}

/** A flag as one line of the calculate answer's 提示. */
export const flagWarning = (f: Pick<PlausibilityFlag, 'text'>) => `${PLAUSIBILITY_TITLE}：${f.text}`;

/**
 * '0.30–0.47', '≥ 30.00', '11.17–100.50（参考值 33.50 的 1/3–3 倍）' — the screens', the report's and the workbook's words.
 */
export function checkRangeText(c: Pick<PlausibilityCheck, 'low' | 'high' | 'basis' | 'reference'>): string {
  const r =
    c.low !== null && c.high !== null
      ? `${f2(c.low)}–${f2(c.high)}`
      : c.low !== null
        ? `≥ ${f2(c.low)}`
        : `≤ ${f2(c.high ?? 0)}`;
  return c.basis === 'value' ? `${r}（参考值 ${f2(c.reference ?? 0)} 的 1/${VALUE_BAND}–${VALUE_BAND} 倍）` : r;
}

/** 高于参考范围 / 低于参考范围 / 在范围内 */
export const checkVerdict = (c: Pick<PlausibilityCheck, 'direction'>) =>
  c.direction === 'high' ? '高于参考范围' : c.direction === 'low' ? '低于参考范围' : '在范围内';

/** '混凝土用量（m³/m²）、钢材用量（kg/m²）' of the metrics without a published range. */
export const missingText = (missing: Pick<MissingRange, 'label' | 'unit'>[]) =>
  missing.map((m) => `${m.label}（${m.unit}）`).join('、');
