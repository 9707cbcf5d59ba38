// 合理性检查, pure: after a building is calculated its figures are held against published ranges —
// the life-cycle, embodied and operation intensities and the material quantities per m² of floor area (混凝土
// m³/m², 钢材 kg/m², from the 建材生产 rows) — taken from 参考值库 (tpf3Benchmark) lines that apply to the building's
// type path or to 全部. A figure outside a range is a 提示 naming the figure, the range and its source; no number of
// the result is ever changed. A range nobody published is not invented: the metric is listed as 暂无公开范围.
//
// Choices (docs/calculation.md "合理性检查"):
// - A line with low and/or high is the range as published (bounds inclusive). A line with only a value (one
//   study's mean, one case) is read as value ÷ 3 … value × 3 (VALUE_BAND): wide enough for real design differences,
//   narrow enough to catch a quantity in kg typed as t or an area off by ten. The flag says so.
// - The compared figure is the one shown (2 decimals), so a flag never reads "0.47 高于 0.47".
// - An aggregate intensity is checked only when the stages it adds up have rows (a building half entered in the
//   wizard is not told its operation intensity 0.00 is low): embodied = 建材生产 (+ 建材运输 + 建筑建造 where the
//   building has them), operation = 建筑运行, life cycle = both.
// - Concrete: rows of 混凝土 materials in a volume unit (m³, L, 方 …); steel: rows of 钢 materials in a mass unit
//   (t, kg) or with a density (t per the row's unit). The library category (小类) decides where the row has a
//   library factor (混凝土砖 is 砖, 塑钢窗 is a window); a row with its own factor goes by its name. A row that cannot
//   be converted is left out and named, never guessed. Concrete entered by mass counts through its density.
// - An intensity above its range names the material that drives it: the 建材生产 material with the largest
//   emission, its quantity and its share of the stage ('电解铝（707.21 t）占建材生产 97%'), so an absurd quantity
//   is found where it was entered rather than searched for.
// The material quantities are found in ./plausibilityMaterials.ts, the words in ./plausibilityText.ts, how a 参考值库
// line is read in ./plausibilityRanges.ts and which stages a figure is made of in ./plausibilityStages.ts; this
// module holds the review and re-exports them, so callers import from here.
import { stagesOfRoles } from '../../schemas/stageMeta';
import { formatNumber, roundTo } from './format';
import { materialTotals, topContributor, type MaterialRow, type MaterialTotal } from './plausibilityMaterials';
import { appliesTo, rangeOf, sameUnit, type RangeLine } from './plausibilityRanges';
import { gate, STAGE_NAMES } from './plausibilityStages';
import {
  flagText,
  MATERIAL_METRICS,
  metricLabel,
  metricUnit,
  NO_RANGE,
  PLAUSIBILITY_METRICS,
  type PlausibilityMetric,
} from './plausibilityText';

export {
  materialKind,
  materialTotals,
  topContributor,
  type MaterialRow,
  type MaterialTotal,
  type SkippedRow,
} from './plausibilityMaterials';
export {
  checkRangeText,
  checkVerdict,
  flagText,
  flagWarning,
  MATERIAL_METRICS,
  metricLabel,
  metricUnit,
  MISSING_NOTE,
  missingText,
  NO_FLAGS,
  NO_RANGE,
  NOT_REVIEWED,
  PLAUSIBILITY_INTRO,
  PLAUSIBILITY_METRICS,
  PLAUSIBILITY_TITLE,
  type PlausibilityMetric,
  VALUE_BAND,
} from './plausibilityText';

export { appliesTo, rangeOf, sameUnit, type RangeLine } from './plausibilityRanges';
export { stagePlausibility } from './plausibilityStages';

/** One figure held against one line (a flag or not). */
export interface PlausibilityCheck {
  metric: PlausibilityMetric;
  value: number;
  low: number | null;
  high: number | null;
  /** 'range': as published; 'value': value ÷ 3 … × 3 */
  basis: 'range' | 'value';
  /** the line's own value (the band's centre when basis is 'value') */
  reference: number | null;
  lineId: number | null;
  lineName: string;
  verification: string;
  source: string;
  /** null: within */
  direction: 'high' | 'low' | null;
}

/** A figure outside its line's range, in words. */
export interface PlausibilityFlag extends PlausibilityCheck {
  label: string;
  unit: string;
  direction: 'high' | 'low';
  text: string;
  /** an intensity above its range: the material that drives it, '电解铝（707.21 t）占建材生产 97%' */
  driver?: string;
}

export interface PlausibilityFigure {
  metric: PlausibilityMetric;
  label: string;
  unit: string;
  /** 2 decimals; null when the building has no such figure */
  value: number | null;
  /** why it was not checked (no figure, stages without rows); absent when checked or without a range */
  unchecked?: string;
  /** how a material figure was found: '混凝土 520.00 m³（2 行）÷ 建筑面积 1,000.00 m² = 0.52 m³/m²', and rows left out */
  working?: string;
}

export interface MissingRange {
  metric: PlausibilityMetric;
  label: string;
  unit: string;
  /** 暂无公开范围 */
  text: string;
  /** the 参考值库 lines of the metric marked U (no figure) that apply to the building */
  unknownLines: string[];
}

export interface PlausibilityReview {
  figures: PlausibilityFigure[];
  checks: PlausibilityCheck[];
  flags: PlausibilityFlag[];
  missing: MissingRange[];
  materials: { concrete: MaterialTotal; steel: MaterialTotal };
  /** lines left out (a unit other than the metric's) */
  notes: string[];
}

const f2 = (v: number) => formatNumber(v);

export interface ReviewInput {
  buildType: string;
  /** the building's intensities (kgCO2e/m², kgCO2/(m²·a), kgCO2e/(m²·a)); null when not known */
  intensities: { lifecycle: number | null; embodied: number | null; operation: number | null };
  /** m² */
  area: number;
  /** the 建材生产 rows */
  materials: MaterialRow[];
  /** rows per stage of the building's wizard (a stage not in it is absent) */
  stageRows: Record<string, number>;
  lines: RangeLine[];
}

/** The intensities whose flag names the material that drives them (those 建材生产 adds to). */
const DRIVEN: readonly PlausibilityMetric[] = ['embodied', 'lifecycle'];

/** '钢材 180,000.00 kg（3 行）÷ 建筑面积 1,000.00 m² = 180.00 kg/m²；未计入：…' */
function working(
  metric: PlausibilityMetric,
  m: ReturnType<typeof materialTotals>,
  area: number,
  value: number | null,
): string | undefined {
  const t = metric === 'concrete' ? m.concrete : m.steel;
  const [name, u] = metric === 'concrete' ? ['混凝土', 'm³'] : ['钢材', 'kg'];
  const skipped = t.skipped.map((s) => `「${s.name}」${s.reason}`).join('、');
  if (value === null) return skipped ? `${name}未计入：${skipped}` : undefined;
  const converted = t.converted?.length ? `，其中${t.converted.join('；')}` : '';
  return `${name} ${f2(t.amount)} ${u}（${t.rows} 行${converted}）÷ 建筑面积 ${f2(area)} m² = ${f2(value)} ${metricUnit(metric)}${skipped ? `；未计入：${skipped}` : ''}`;
}

export function reviewPlausibility(input: ReviewInput): PlausibilityReview {
  const materials = materialTotals(input.materials);
  const perArea = (amount: number, rows: number) =>
    input.area > 0 && rows > 0 ? roundTo(amount / input.area, 2) : null;
  const values: Record<PlausibilityMetric, number | null> = {
    ...input.intensities,
    concrete: perArea(materials.concrete.amount, materials.concrete.rows),
    steel: perArea(materials.steel.amount, materials.steel.rows),
  };
  const figures: PlausibilityFigure[] = [];
  const checks: PlausibilityCheck[] = [];
  const missing: MissingRange[] = [];
  const notes: string[] = [];
  const applying = input.lines.filter((l) => appliesTo(l.buildType, input.buildType));
  for (const [metric, label, unit] of PLAUSIBILITY_METRICS) {
    const raw = values[metric];
    const value = raw === null || !Number.isFinite(raw) ? null : roundTo(raw, 2);
    const lines = applying.filter((l) => l.metric === metric);
    const usable: { line: RangeLine; range: NonNullable<ReturnType<typeof rangeOf>> }[] = [];
    for (const line of lines) {
      const range = rangeOf(line);
      if (!range) continue;
      if (!sameUnit(line.unit, unit)) {
        notes.push(`参考值库「${line.name}」的单位 ${line.unit} 与${label}的单位 ${unit} 不一致，未用于检查`);
        continue;
      }
      usable.push({ line, range });
    }
    if (!usable.length)
      missing.push({
        metric,
        label,
        unit,
        text: NO_RANGE,
        unknownLines: lines.filter((l) => !rangeOf(l)).map((l) => l.name),
      });
    const why =
      value === null
        ? MATERIAL_METRICS.includes(metric)
          ? `建材生产中没有可换算的${metric === 'concrete' ? '混凝土（体积）' : '钢材（质量）'}行，未检查`
          : '本单体无此数值（未计算或缺少建筑面积、设计使用年限），未检查'
        : gate(metric, input.stageRows);
    const how = MATERIAL_METRICS.includes(metric) ? working(metric, materials, input.area, value) : undefined;
    figures.push({
      metric,
      label,
      unit,
      value,
      ...(why && usable.length ? { unchecked: why } : {}),
      ...(how ? { working: how } : {}),
    });
    if (value === null || why) continue;
    for (const { line, range } of usable) {
      const direction =
        range.high !== null && value > range.high ? 'high' : range.low !== null && value < range.low ? 'low' : null;
      checks.push({
        metric,
        value,
        low: range.low,
        high: range.high,
        basis: range.basis,
        reference: line.value,
        lineId: line.id ?? null,
        lineName: line.name,
        verification: line.verification,
        source: line.source,
        direction,
      });
    }
  }
  const top = topContributor(input.materials, STAGE_NAMES(stagesOfRoles(['materials'])));
  const flags: PlausibilityFlag[] = checks
    .filter((c): c is PlausibilityCheck & { direction: 'high' | 'low' } => c.direction !== null)
    .map((c) => {
      const driver = top && c.direction === 'high' && DRIVEN.includes(c.metric) ? top.text : undefined;
      return {
        ...c,
        label: metricLabel(c.metric),
        unit: metricUnit(c.metric),
        text: driver ? `${flagText(c)}；主要来源：${driver}` : flagText(c),
        ...(driver ? { driver } : {}),
      };
    });
  return { figures, checks, flags, missing, materials, notes };
}
