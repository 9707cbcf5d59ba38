// One stage's emission: each row's formula (the stage schema's x-formula, per method when the stage has
// methods) evaluated over the row and the building context, summed. Rows of another method than the one
// chosen for the building are kept but not counted, and named in the stage's warnings. Pure: no I/O.
import type { ResourceSchema } from '../../schemas/index';
import { compileFormula, isGiven, UNITS_LOG, type UnitsLog } from './formula';
import { formulaOf, methodOf } from './stageFormulas';
import { limitRenewables } from './renewables';
import { factorInKg } from './units';
import { emptyQuality, rowQuality, type DataQuality, type QualityTotals } from './quality';
import {
  fillDefaults,
  rowNeeds,
  rowTrace,
  type DefaultUsed,
  type NeedProblem,
  type RowTrace,
  type StoredTrace,
} from './trace';

export { formulaOf, formulaTexts, methodDependencies, methodOf, stageDependencies } from './stageFormulas';
export { limitRenewables } from './renewables';

export interface BuildingContext {
  /** design life y (a) */
  years: number;
  /** gross floor area A (m²) */
  area: number;
  /** the building's grid electricity factor (kgCO2/kWh), for electricity rows without their own factor */
  gridFactor?: number;
  /** its source, for the trace of those rows */
  gridFactorSource?: string;
  /** its data-quality class */
  gridQuality?: DataQuality;
  /** titles of every stage (a formula reading stage.<code> names it in the trace and in warnings) */
  stageTitles?: Record<string, string>;
  /** 核算信息补充's 已运行年数 (a), an accounting building's; formulas and x-defaults read it as accountingYears */
  operatingYears?: number;
  /** where `area` comes from (核算: 竣工建筑面积 of 核算信息补充, else the building's) — src/calc/intensity.ts */
  areaSource?: string;
}

export interface RowResult {
  id: number;
  /** kgCO2e; null for a row of a method not chosen */
  emission: number | null;
  /** its defaults and problems; null when it has none (or is not counted) */
  trace: StoredTrace | null;
}

export interface StageResult {
  code: string;
  method?: string;
  /** kgCO2e */
  total: number;
  rows: RowResult[];
  /** kgCO2e per part value (runtime parts) */
  parts?: Record<string, number>;
  /** what a rule changed, in words (shown with the result and in reports) */
  notes: string[];
  /** what the user must look at: rows counted 0 for missing data, a stage needed by the method left empty */
  warnings: string[];
  /** kgCO2e of the positive rows by data-quality class */
  quality: QualityTotals;
  /** rows the calculation filled a default into */
  defaults: number;
}

export type Row = Record<string, unknown> & { id: number };

/** What formulas read of the building besides the row; no stage property may carry these names. */
export const CONTEXT_NAMES = ['designYears', 'buildArea', 'gridFactor', 'accountingYears'] as const;

/**
 * A row's formula scope: a copy of the row's properties (defaults and conversions write into it, never into the row)
 * and what formulas read of the building. No grid factor: undefined, so an electricity row cannot silently take 0
 * (its trace names the missing default). Formulas read only the schema's properties and these names (a schema
 * test holds them to it). Made by a function generated once per schema whose code names every property: a scope
 * built key by key was a hash table to V8, and copying a row so took 5 µs — 29 ms of a 5 000-row batch save.
 */
type ScopeMaker = (row: Record<string, unknown>, ctx: BuildingContext) => Record<string, unknown>;
const scopeMakers = new WeakMap<ResourceSchema, ScopeMaker>();

function scopeOf(schema: ResourceSchema, row: Record<string, unknown>, ctx: BuildingContext): Record<string, unknown> {
  let make = scopeMakers.get(schema);
  if (!make) {
    // the names come from our schemas, written into the code as JSON strings
    const copied = ['id', ...Object.keys(schema.properties)].map(
      (k) => `${JSON.stringify(k)}: row[${JSON.stringify(k)}],`,
    );
    const code = `return {\n${copied.join('\n')}\ndesignYears: ctx.years, buildArea: ctx.area, gridFactor: ctx.gridFactor || undefined, accountingYears: ctx.operatingYears || undefined, [${JSON.stringify(UNITS_LOG)}]: undefined };`;
    scopeMakers.set(schema, (make = new Function('row', 'ctx', code) as ScopeMaker));
  }
  return make(row, ctx);
}

export function calculateStage(
  schema: ResourceSchema,
  rows: Row[],
  ctx: BuildingContext,
  chosenMethod?: string,
  stageTotals: Record<string, number> = {},
): StageResult {
  const meta = schema['x-stage'];
  if (!meta) throw new Error(`${schema.$id} is not a stage`);
  const method = methodOf(schema, chosenMethod);
  const out: RowResult[] = [];
  const parts: Record<string, number> = {};
  const quality = emptyQuality();
  const warnings: string[] = [];
  let broken = 0;
  let unconvertible = 0;
  let defaulted = 0;
  const otherMethod = new Map<string, number>();
  for (const row of rows) {
    const counted = evaluated(schema, method, row, ctx, stageTotals);
    if (!counted) {
      out.push({ id: row.id, emission: null, trace: null });
      if (isGiven(row.method) && row.method !== method)
        otherMethod.set(String(row.method), (otherMethod.get(String(row.method)) ?? 0) + 1);
      continue;
    }
    const { raw, defaults, problems, units } = counted;
    // a row breaking a save rule (stored before the rule existed) is counted 0 and named, never guessed
    const emission = problems.length || !Number.isFinite(raw) ? 0 : raw + 0;
    out.push({
      id: row.id,
      emission,
      trace: defaults.length || problems.length ? { defaults, ...(problems.length ? { problems } : {}) } : null,
    });
    if (units.problems.length) unconvertible++;
    else if (problems.length) broken++;
    if (defaults.length) defaulted++;
    if (emission > 0)
      quality[
        rowQuality(
          row,
          defaults.some((d) => d.field === 'factorValue'),
          ctx.gridQuality,
        )
      ] += emission;
    if (meta.partField) {
      const part = String(row[meta.partField] ?? '');
      parts[part] = (parts[part] ?? 0) + emission;
    }
  }
  if (broken) warnings.push(`${broken} 行数据不全，计为 0，请补全后重新计算（见计算过程）`);
  // rows kept under another method are not counted, and the answer says so rather than a bare 计算成功!
  const label = (m: string | undefined) => meta.methods?.find((x) => x.value === m)?.label ?? m;
  for (const [m, n] of otherMethod)
    warnings.push(`${n} 行按「${label(m)}」录入，本单体该阶段采用「${label(method)}」，未计入`);
  if (unconvertible)
    warnings.push(`${unconvertible} 行用量单位无法换算为排放因子单位，计为 0，请修改后重新计算（见计算过程）`);
  const notes: string[] = [];
  if (meta.renewableParts?.length) limitRenewables(parts, meta.renewableParts, notes);
  const total = meta.partField
    ? Object.values(parts).reduce((a, b) => a + b, 0)
    : out.reduce((a, r) => a + (r.emission ?? 0), 0);
  return {
    code: meta.code,
    method,
    total,
    rows: out,
    ...(meta.partField ? { parts } : {}),
    notes,
    warnings,
    quality,
    defaults: defaulted,
  };
}

interface Evaluated {
  /** the formula's value (NaN when an input is missing) */
  raw: number;
  text: string;
  scope: Record<string, unknown>;
  defaults: DefaultUsed[];
  problems: string[];
  /** what its unit conversions did: the steps, and the units that could not be converted (also in problems) */
  units: UnitsLog;
}

/**
 * One row through its formula: undefined when it is not counted (another method, no formula). `needs`: the row's
 * rowNeeds when the caller has them; `steps`: the unit conversions written out in words (for the trace).
 */
function evaluated(
  schema: ResourceSchema,
  method: string | undefined,
  row: Record<string, unknown>,
  ctx: BuildingContext,
  stageTotals: Record<string, number>,
  { needs, steps }: { needs?: NeedProblem[]; steps?: boolean } = {},
): Evaluated | undefined {
  const meta = schema['x-stage']!;
  const text = formulaOf(schema, method, meta.partField ? String(row[meta.partField] ?? '') : undefined);
  if (text === undefined || (method && row.method !== undefined && row.method !== null && row.method !== method))
    return undefined;
  const formula = compileFormula(text);
  const scope = scopeOf(schema, row, ctx);
  const problems = (needs ?? rowNeeds(schema, row, method)).map((p) => p.message);
  const defaults = schema['x-defaults']
    ? fillDefaults(schema, formula, scope, ctx.gridFactorSource || '未设置', problems)
    : [];
  const units: UnitsLog = { problems: [], ...(steps ? { steps: [] } : {}) };
  scope[UNITS_LOG] = units;
  // the factor per kg of CO2e (a gCO2e/(t·km) factor typed as 78 is 0.078 kgCO2e/(t·km)), before any use of it
  if (formula.fields.includes('factorValue') && isGiven(scope.factorValue)) {
    const kg = factorInKg(Number(scope.factorValue), scope.factorUnit);
    scope.factorValue = kg.value;
    if (kg.step) units.steps?.push(kg.step);
  }
  const raw = formula.value(scope, stageTotals);
  problems.push(...units.problems.map((p) => p.message));
  if (!Number.isFinite(raw) && !problems.length) problems.push('计算所需数据不全');
  return { raw, text, scope, defaults, problems, units };
}

/**
 * The units of a row that cannot be converted to its factor's (src/calc/units.ts), for the save rules: the row
 * evaluated as the calculation would, in a neutral building (a grid factor given, so an electricity row is
 * checked against its per-kWh default). Empty for a row of another method than its own. `needs`: the row's
 * rowNeeds when the caller has them already (a save checks both; an import checks 80 000 rows).
 */
export function rowUnitProblems(
  schema: ResourceSchema,
  row: Record<string, unknown>,
  needs?: NeedProblem[],
): { field: string; message: string }[] {
  if (!schema['x-formula']) return [];
  const e = evaluated(
    schema,
    methodOf(schema, row.method as string | undefined),
    row,
    { years: 1, area: 1, gridFactor: 1 },
    {},
    { needs },
  );
  return e?.units.problems ?? [];
}

/**
 * How a row was calculated, in words and numbers (the trace endpoint and the reports): the same evaluation as the
 * calculation — its defaults, its problems — with the formula rendered. Undefined for a row not counted.
 */
export function explainRow(
  schema: ResourceSchema,
  row: Row,
  ctx: BuildingContext,
  chosenMethod?: string,
  stageTotals: Record<string, number> = {},
): RowTrace | undefined {
  const e = evaluated(schema, methodOf(schema, chosenMethod), row, ctx, stageTotals, { steps: true });
  return (
    e &&
    rowTrace(schema, e.text, e.scope, stageTotals, e.defaults, e.problems, ctx.stageTitles ?? {}, e.units.steps ?? [])
  );
}
