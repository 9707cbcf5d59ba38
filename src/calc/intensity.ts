// The per-area and per-year figures of a result, pure: what they divide by,
// for every module, and the accounting year of 核算.
//
// A result's basis: its area A (m²), its design life y (a) and the years y_op its operation total (建筑运行) covers.
// Estimate and budget operation rows are annual × y, so y_op = y. In 核算 the metered rows (实际能源用量) count the
// years actually operated: a row's own 运行年数, else 核算信息补充's 已运行年数, else the design life (x-defaults of
// schemas/stages/runtime.ts); y_op is then those years (rows of different years: their emission-weighted harmonic
// mean, so 建筑运行 ÷ y_op is exactly Σ row emission ÷ row years). An accounting building's A is 核算信息补充's
// 竣工建筑面积 when given, else the building's area.
//
// From the basis, every screen, report and workbook derives (never from useDateLimit × buildArea directly):
//   annual       E_a = (total − 建筑运行) × 1000 ÷ y + 建筑运行 × 1000 ÷ y_op                    kgCO2e/a
//   streng3      E_a ÷ A, 2 decimals (the life-cycle intensity, 单位面积年均碳排放)           kgCO2e/(m²·a)
//   operation    (建筑运行 × 1000 ÷ y_op + 碳汇 × 1000 ÷ y) ÷ A — GB/T 51366 §4.1 C_M = [Σ E_i·EF_i − C_p]·y
//                counts the sink inside the operation stage, so the operation intensity does too   kgCO2/(m²·a)
// With y_op = y (every estimate and budget building) streng3 = total × 1000 ÷ (y × A).
import { compileFormula } from './formula';
import { formatNumber, roundTo } from './format';
import { formulaOf, type BuildingContext, type Row, type StageResult } from './stage';
import type { ResourceSchema } from '../../schemas/index';
import { phaseTotal } from '../../schemas/results';

/** The row field of the years a metered operation row covers. */
export const OPERATING_YEARS_FIELD = 'operatingYears';

export interface IntensityBasis {
  /** m² */
  area: number;
  /** where the area comes from */
  areaSource: string;
  /** design life y (a) */
  designYears: number;
  /** the years y_op the operation total covers (a) */
  operationYears: number;
  /** where y_op comes from */
  operationYearsSource: string;
}

export const AREA_SOURCE = {
  building: '单体建筑面积',
  actual: '核算信息补充：竣工建筑面积',
  noActual: '单体建筑面积（核算信息补充未填写竣工建筑面积）',
} as const;

export const YEARS_SOURCE = {
  design: '设计使用年限',
  row: '实际能源用量各行填写的运行年数',
  supplement: '核算信息补充：已运行年数',
  fallback: '设计使用年限（运行年数与核算信息补充的已运行年数均未填写）',
  mixed: '各行运行年数不同：按各行排放量加权的调和平均',
} as const;

const positive = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * What 核算信息补充 gives the calculation of an accounting building: its area (竣工建筑面积 when given) and its
 * operating years (the metered rows' fallback). Other modules: the building's area, no operating years.
 */
export function accountingContext(
  module: string,
  supplement: Record<string, unknown> | undefined,
  buildArea: number,
): { area: number; areaSource: string; operatingYears?: number } {
  if (module !== 'accounting') return { area: buildArea, areaSource: AREA_SOURCE.building };
  const actual = positive(supplement?.actualArea);
  return {
    area: actual ?? buildArea,
    areaSource: actual ? AREA_SOURCE.actual : AREA_SOURCE.noActual,
    operatingYears: positive(supplement?.operatingYears),
  };
}

/** Does the row's formula read its operating years (a metered row)? */
function readsOperatingYears(schema: ResourceSchema, method: string | undefined, row: Row): boolean {
  const part = schema['x-stage']?.partField;
  const text = formulaOf(schema, method, part ? String(row[part] ?? '') : undefined);
  return text !== undefined && compileFormula(text).fields.includes(OPERATING_YEARS_FIELD);
}

/**
 * y_op of the operation stage as calculated: each counted row with a positive emission covers its own years — the
 * operating years its formula used (its own, or the default filled in and kept in its trace), or the design life
 * for a formula that multiplies by designYears. y_op = Σ E_i ÷ Σ (E_i ÷ y_i). Without such rows: the years an
 * empty metered row would take (核算信息补充's, else the design life), or the design life.
 */
export function operationYears(
  schema: ResourceSchema,
  rows: Row[],
  stage: StageResult,
  ctx: BuildingContext,
): { years: number; source: string } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let kg = 0;
  let perYear = 0;
  const sources = new Set<string>();
  const values = new Set<number>();
  for (const r of stage.rows) {
    const row = byId.get(r.id);
    if (!row || r.emission === null || !(r.emission > 0)) continue;
    let years = ctx.years;
    let source: string = YEARS_SOURCE.design;
    if (readsOperatingYears(schema, stage.method, row)) {
      const own = positive(row[OPERATING_YEARS_FIELD]);
      const filled = r.trace?.defaults.find((d) => d.field === OPERATING_YEARS_FIELD)?.value;
      years = own ?? filled ?? ctx.years;
      source = own
        ? YEARS_SOURCE.row
        : ctx.operatingYears && filled === ctx.operatingYears
          ? YEARS_SOURCE.supplement
          : YEARS_SOURCE.fallback;
    }
    if (!(years > 0)) continue;
    kg += r.emission;
    perYear += r.emission / years;
    sources.add(source);
    values.add(years);
  }
  // one value for every row: that value exactly (no float noise from the weighting)
  if (kg > 0)
    return {
      years: values.size === 1 ? [...values][0] : kg / perYear,
      source: sources.size === 1 ? [...sources][0] : YEARS_SOURCE.mixed,
    };
  const text = formulaOf(schema, stage.method, '*');
  const metered = text !== undefined && compileFormula(text).fields.includes(OPERATING_YEARS_FIELD);
  if (metered && ctx.operatingYears) return { years: ctx.operatingYears, source: YEARS_SOURCE.supplement };
  return { years: ctx.years, source: metered ? YEARS_SOURCE.fallback : YEARS_SOURCE.design };
}

/** The figures (tCO2e as stored) the intensities read. */
export interface IntensityFigures {
  total: number;
  /** the operational phase's stages (建筑运行) */
  operational: number;
  /** the sink phase's stages (碳汇), stored negative */
  sink: number;
}

const valid = (b: IntensityBasis) => b.area > 0 && b.designYears > 0 && b.operationYears > 0;

/** E_a = (total − 建筑运行) × 1000 ÷ y + 建筑运行 × 1000 ÷ y_op, kgCO2e/a (unrounded); null without years. */
export function annualEmission(
  f: IntensityFigures,
  b: Pick<IntensityBasis, 'designYears' | 'operationYears'>,
): number | null {
  if (!(b.designYears > 0 && b.operationYears > 0)) return null;
  if (b.operationYears === b.designYears) return (f.total * 1000) / b.designYears;
  return ((f.total - f.operational) * 1000) / b.designYears + (f.operational * 1000) / b.operationYears;
}

/** streng3 = E_a ÷ A, kgCO2e/(m²·a), 2 decimals; null without area or years. */
export function lifeCycleIntensity(f: IntensityFigures, b: IntensityBasis): number | null {
  if (!valid(b)) return null;
  // y_op = y: total × 1000 ÷ (y × A) computed in that order (the same float as older stored results)
  if (b.operationYears === b.designYears) return roundTo((f.total * 1000) / (b.designYears * b.area), 2);
  return roundTo(annualEmission(f, b)! / b.area, 2);
}

/** GB/T 51366 §4.1: (建筑运行 × 1000 ÷ y_op + 碳汇 × 1000 ÷ y) ÷ A, kgCO2/(m²·a), unrounded; null without area or years. */
export function operationIntensity(f: Omit<IntensityFigures, 'total'>, b: IntensityBasis): number | null {
  if (!valid(b)) return null;
  return ((f.operational * 1000) / b.operationYears + (f.sink * 1000) / b.designYears) / b.area;
}

const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};

/**
 * The basis of a stored building: the one its last calculation kept (resultDetail.basis), else — a result
 * stored before the basis was kept — the building's area and design life for both.
 */
export function basisOf(b: Record<string, unknown>): IntensityBasis {
  const kept = (b.resultDetail as { basis?: IntensityBasis } | null | undefined)?.basis;
  if (kept && typeof kept.area === 'number') return kept;
  const years = num(b.useDateLimit);
  return {
    area: num(b.buildArea),
    areaSource: AREA_SOURCE.building,
    designYears: years,
    operationYears: years,
    operationYearsSource: YEARS_SOURCE.design,
  };
}

/** The stored figures of a building record. */
export const figuresOf = (b: Record<string, unknown>): IntensityFigures => ({
  total: num(b.total),
  operational: phaseTotal(b, 'operational'),
  sink: phaseTotal(b, 'sink'),
});

const f2 = (v: number) => formatNumber(v);
const fa = (v: number) => String(roundTo(v, 2));

/** The life-cycle intensity's definition, in the words the result page, the report's 说明 and docs/calculation.md use. */
export const LIFECYCLE_NOTE =
  '单位面积年均碳排放（全生命周期碳排放强度）=（碳排放总量 − 建筑运行）× 1000 ÷ 设计使用年限 ÷ 建筑面积 + 建筑运行 × 1000 ÷ 运行年数 ÷ 建筑面积，单位 kgCO2e/(m²·a)；建筑运行按设计使用年限计算时即 碳排放总量 × 1000 ÷（设计使用年限 × 建筑面积）。';

/** The operation intensity's definition (GB/T 51366 §4.1, the sink inside the operation stage). */
export const OPERATION_NOTE =
  '运行碳排放强度按 GB/T 51366-2019 第4.1条将碳汇（减碳）计入运行阶段：（建筑运行 × 1000 ÷ 运行年数 + 碳汇 × 1000 ÷ 设计使用年限）÷ 建筑面积，单位 kgCO2/(m²·a)；GB 55015-2021 降碳核对使用同一数值，按未取整的数值比较。';

/** 核算: the area and operating years the building took, and their sources. */
export const accountingNote = (b: IntensityBasis) =>
  `核算：建筑面积取${b.areaSource} ${f2(b.area)} m²；实测运行能耗的运行年数取${b.operationYearsSource} ${fa(b.operationYears)} 年，建筑运行除以该年数为年均值；其余阶段按设计使用年限 ${fa(b.designYears)} 年分摊。`;

/** Every definition that applies to a building: the life-cycle and operation intensities, and 核算's basis. */
export function intensityNotes(b: IntensityBasis, module: string): string[] {
  return [LIFECYCLE_NOTE, OPERATION_NOTE, ...(module === 'accounting' ? [accountingNote(b)] : [])];
}
