// A building's result: every stage of its wizard calculated in dependency order (a stage
// whose formula reads stage.<code> after that stage), stage totals added to their result fields in tCO2e, the
// sink (green) negative, total = the sum, intensity streng3 = total × 1000 / (useDateLimit × buildArea) — in 核算 with
// 建筑运行 per operating year (src/calc/intensity.ts).
import type { ResourceSchema } from '../../schemas/index';
import { phaseTotal, resultFieldNames } from '../../schemas/results';
import type { ResultField } from '../../schemas/types';
import { roundTo } from './format';
import { emptyQuality, qualityGrade, qualityShares, type QualityTotals } from './quality';
import { AREA_SOURCE, lifeCycleIntensity, operationYears, YEARS_SOURCE, type IntensityBasis } from './intensity';
import {
  calculateStage,
  methodDependencies,
  stageDependencies,
  type BuildingContext,
  type Row,
  type StageResult,
} from './stage';
import { QUALITY_VALUES } from '../../schemas/factors/kinds';

export interface StageInput {
  schema: ResourceSchema;
  rows: Row[];
  method?: string;
}

export interface BuildingResult {
  /** tCO2e per result field */
  fields: Record<ResultField, number>;
  /** tCO2e */
  total: number;
  /** kgCO2e/(m²·a), 2 decimals; null without area or design life (src/calc/intensity.ts lifeCycleIntensity) */
  streng3: number | null;
  /** what the per-area and per-year figures divide by: area, design life, the years 建筑运行 covers */
  basis: IntensityBasis;
  /** tCO2e per runtime part */
  parts: Record<string, number>;
  stages: StageResult[];
  /** tCO2e of the positive emissions by data-quality class, their shares (%) and the grade (src/calc/quality.ts) */
  quality: QualityTotals;
  qualityShares: QualityTotals;
  grade: 'A' | 'B' | 'C' | 'D' | null;
}

/** Stored figures are rounded the way they are shown (src/calc/format.ts), so a shown figure is the stored one. */
export const round = (v: number, decimals: number) => roundTo(v, decimals);

/** Intensity kgCO2e/(m²·a) = total tCO2e × 1000 / (useDateLimit × buildArea), 2 decimals. */
export function intensity(totalT: number, years: number, area: number): number | null {
  return years > 0 && area > 0 ? round((totalT * 1000) / (years * area), 2) : null;
}

function ordered(stages: StageInput[]): StageInput[] {
  const byCode = new Map(stages.map((s) => [s.schema['x-stage']!.code, s]));
  const done = new Set<string>();
  const out: StageInput[] = [];
  const visit = (s: StageInput, path: string[]) => {
    const code = s.schema['x-stage']!.code;
    if (done.has(code)) return;
    if (path.includes(code)) throw new Error(`stage formulas depend on each other: ${[...path, code].join(' → ')}`);
    for (const dep of stageDependencies(s.schema)) {
      const d = byCode.get(dep);
      if (d) visit(d, [...path, code]);
    }
    done.add(code);
    out.push(s);
  };
  for (const s of stages) visit(s, []);
  return out;
}

export function calculateBuilding(stages: StageInput[], ctx: BuildingContext): BuildingResult {
  const totals: Record<string, number> = {};
  const results: StageResult[] = [];
  const fieldNames = resultFieldNames();
  const fieldsKg: Record<ResultField, number> = Object.fromEntries(fieldNames.map((f) => [f, 0]));
  const partsKg: Record<string, number> = {};
  const qualityKg = emptyQuality();
  for (const s of ordered(stages)) {
    const r = calculateStage(s.schema, s.rows, ctx, s.method, totals);
    dependencyWarnings(s, r, totals, ctx);
    totals[r.code] = r.total;
    for (const q of QUALITY_VALUES) qualityKg[q] += r.quality[q];
    results.push(r);
    const field = s.schema['x-stage']!.result;
    if (field) fieldsKg[field] += r.total;
    for (const [p, v] of Object.entries(r.parts ?? {})) partsKg[p] = (partsKg[p] ?? 0) + v;
  }
  const fields: Record<ResultField, number> = Object.fromEntries(
    fieldNames.map((f) => [f, round(fieldsKg[f] / 1000, 4)]),
  );
  const total = round(Object.values(fieldsKg).reduce((a, b) => a + b, 0) / 1000, 4);
  const parts = Object.fromEntries(Object.entries(partsKg).map(([p, v]) => [p, round(v / 1000, 4)]));
  const quality = Object.fromEntries(QUALITY_VALUES.map((q) => [q, round(qualityKg[q] / 1000, 4)])) as QualityTotals;
  const basis = resultBasis(stages, results, ctx);
  const figures = { total, operational: phaseTotal(fields, 'operational'), sink: phaseTotal(fields, 'sink') };
  const streng3 = lifeCycleIntensity(figures, basis);
  return {
    fields,
    total,
    streng3,
    basis,
    parts,
    stages: results,
    quality,
    qualityShares: qualityShares(qualityKg),
    grade: qualityGrade(qualityKg),
  };
}

/** The basis of the intensities: the context's area and design life, and the years the operation stage's rows cover. */
function resultBasis(stages: StageInput[], results: StageResult[], ctx: BuildingContext): IntensityBasis {
  const base = { area: ctx.area, areaSource: ctx.areaSource ?? AREA_SOURCE.building, designYears: ctx.years };
  const input = stages.find((s) => s.schema['x-stage']!.role === 'operation');
  const result = input && results.find((r) => r.code === input.schema['x-stage']!.code);
  if (!input || !result) return { ...base, operationYears: ctx.years, operationYearsSource: YEARS_SOURCE.design };
  const op = operationYears(input.schema, input.rows, result, ctx);
  return { ...base, operationYears: op.years, operationYearsSource: op.source };
}

/**
 * A stage whose counted rows read another stage's total (demolition by ratio of construction) warns when that
 * stage has no emissions — instead of reporting 0 as a success.
 */
function dependencyWarnings(s: StageInput, r: StageResult, totals: Record<string, number>, ctx: BuildingContext): void {
  if (!r.rows.some((row) => row.emission !== null)) return;
  const title = s.schema['x-stage']!.title;
  const method = s.schema['x-stage']!.methods?.find((m) => m.value === r.method)?.label;
  for (const dep of methodDependencies(s.schema, r.method)) {
    if (totals[dep]) continue;
    const depTitle = ctx.stageTitles?.[dep] ?? dep;
    r.warnings.push(
      `${title}${method ? `按「${method}」` : ''}依赖${depTitle}阶段的碳排放，${depTitle}阶段${dep in totals ? '没有数据' : '未纳入本单体的计算'}，本阶段计为 0`,
    );
  }
}

/** Accounting's runtime types: energy 能源, daily water 日常用水, renewables 可再生能源. */
export const ACCOUNTING_RUNTIME_TYPES = { gas: '能源', water: '日常用水', renew: '可再生能源' } as const;
const RENEWABLE_PARTS = ['pv', 'sun', 'renew'];

/**
 * The operation breakdown shown with the result: runtime type '1' (and every estimate and budget building)
 * by system part (airHot … app); any other runtime type — accounting's — by the three accounting types:
 * renewables (pv, sun, renew), daily water (water) and energy (every other part).
 */
export function runtimeBreakdown(
  parts: Record<string, number>,
  runtimeType: string | undefined,
  module: string,
): Record<string, number> {
  if (runtimeType === '1' || module !== 'accounting') return { ...parts };
  const out: Record<string, number> = { gas: 0, water: 0, renew: 0 };
  for (const [p, v] of Object.entries(parts)) {
    const key = RENEWABLE_PARTS.includes(p) ? 'renew' : p === 'water' ? 'water' : 'gas';
    out[key] = round(out[key] + v, 4);
  }
  return out;
}
