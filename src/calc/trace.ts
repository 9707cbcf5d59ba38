// What a row's calculation did. Kept with the row (the `trace` column, only when there is
// something to say): the values the calculation filled in for empty inputs (x-defaults — 默认值 with their
// source) and the save rules the stored row breaks (x-needs; a row saved before a rule existed is counted 0 and
// named, never guessed). Explained on demand (explainRow: the trace endpoint, the reports): the formula in words
// and in numbers with every input it read — derived from the row as calculated, so 100 000 rows are not
// rendered into words on every recalculation.
import type { DefaultRule, ResourceSchema } from '../../schemas/index';
import { boundProblems } from '../../schemas/bounds';
import { compileFormula, isGiven, type CompiledFormula, type Scope } from './formula';
import { formulaNumbers, formulaWords } from './explain';
import { shiftEnergyUnit } from './units';
import { massPerUnit, massRule } from './mass';

export interface DefaultUsed {
  field: string;
  title: string;
  value: number;
  unit?: string;
  source: string;
}

export interface TraceInput {
  field: string;
  title: string;
  value: number | string;
  note?: string;
}

/** What the `trace` column keeps. */
export interface StoredTrace {
  defaults: DefaultUsed[];
  /** save rules the stored row breaks; the row counts 0 */
  problems?: string[];
  /** what to check, the row still counting (an EPD factor past its validity) */
  notices?: string[];
}

export interface RowTrace extends StoredTrace {
  /** the formula in words (the branch the row took) */
  formula: string;
  /** the same with the row's numbers */
  numbers: string;
  inputs: TraceInput[];
  /** the unit conversions it made, when it made any: '330,000 kg = 330 t' */
  conversions?: string[];
}

/** The row field a row's emission is calculated from (the first given), with its unit when the field implies one. */
export const QUANTITY_KEYS: readonly [string, string | null][] = [
  ['quantity', null],
  ['annualQuantity', null],
  ['intensity', null],
  ['area', 'm²'],
  ['ratio', '%'],
];

/** Titles of what formulas read besides the row (src/calc/stage.ts scopeOf). */
export const CONTEXT_TITLES: Record<string, string> = {
  designYears: '设计使用年限(a)',
  buildArea: '建筑面积(m²)',
  gridFactor: '电网排放因子(kgCO2/kWh)',
  accountingYears: '已运行年数(a)（核算信息补充）',
};

export const titleOf = (schema: ResourceSchema, field: string) =>
  String(schema.properties[field]?.title ?? CONTEXT_TITLES[field] ?? field);

const defaultLists = new WeakMap<ResourceSchema, [string, DefaultRule[]][]>();

/** A schema's x-defaults as a list of fields and their rules, read once (every row of a calculation walks it). */
function defaultRules(schema: ResourceSchema): [string, DefaultRule[]][] {
  let list = defaultLists.get(schema);
  if (!list)
    defaultLists.set(
      schema,
      (list = Object.entries(schema['x-defaults'] ?? {}).map(([field, rules]) => [
        field,
        Array.isArray(rules) ? rules : [rules],
      ])),
    );
  return list;
}

/** Fills the declared defaults the row's formula needs into `scope`; answers what it filled in. */
export function fillDefaults(
  schema: ResourceSchema,
  formula: CompiledFormula,
  scope: Scope,
  gridSource: string,
  problems: string[],
): DefaultUsed[] {
  const used: DefaultUsed[] = [];
  for (const [field, rules] of defaultRules(schema)) {
    if (!formula.fields.includes(field) || isGiven(scope[field])) continue;
    // a list of rules: the first that applies and has a value (the supplement's years, then the design life)
    const applying = rules.filter((r) => !r.when || compileFormula(r.when).evaluate(scope));
    if (!applying.length) continue;
    const rule =
      applying.find((r) => isGiven(r.from !== undefined ? scope[r.from] : r.value)) ?? applying[applying.length - 1];
    const source = rule.source.replace('{gridFactorSource}', gridSource);
    const value = rule.from !== undefined ? scope[rule.from] : rule.value;
    if (!isGiven(value)) {
      problems.push(`${titleOf(schema, field)}未填写，且无法取得默认值（${source}）`);
      continue;
    }
    scope[field] = Number(value);
    // a factor filled in brings its unit (the grid factor: kgCO2/kWh), which the unit conversion reads
    if (field === 'factorValue' && rule.unit) scope.factorUnit = rule.unit;
    used.push({
      field,
      title: titleOf(schema, field),
      value: Number(value),
      ...(rule.unit ? { unit: rule.unit } : {}),
      source,
    });
  }
  return used;
}

export interface NeedProblem {
  field: string;
  message: string;
}

/**
 * The save rules (x-needs, and the properties' bounds) a row breaks, for its method (src/server/stages/rowRules.ts
 * refuses them on save).
 */
export function rowNeeds(schema: ResourceSchema, row: Scope, method?: string): NeedProblem[] {
  const out: NeedProblem[] = [];
  for (const need of schema['x-needs'] ?? []) {
    if (need.methods && !need.methods.includes(String(method ?? row.method ?? ''))) continue;
    if (!compileFormula(need.check).evaluate(row)) out.push({ field: need.field, message: need.message });
  }
  // the schema's physical bounds: a row stored before a bound existed, or a factor copied from the
  // library beyond the row's bound, is refused on save and counted 0 and named, like a need
  out.push(...boundProblems(schema.properties, row));
  return out;
}

/** The words of one calculated row (the scope after its defaults). */
export function rowTrace(
  schema: ResourceSchema,
  text: string,
  scope: Scope,
  stageTotals: Record<string, number>,
  defaults: DefaultUsed[],
  problems: string[],
  stageTitles: Record<string, string>,
  conversions: string[] = [],
): RowTrace {
  const formula = compileFormula(text);
  const titles = Object.fromEntries([...formula.fields].map((f) => [f, titleOf(schema, f)]));
  const inputs: TraceInput[] = formula.fields
    .filter((f) => isGiven(scope[f]))
    .map((f) => ({ field: f, title: titles[f], value: scope[f] as number | string }));
  let mass: number | undefined;
  if (text.includes('massPerUnit(')) {
    mass = massPerUnit(scope.unit, scope.density, scope.densityUnit, scope.pieceSize);
    // what weighs the unit: the density with the unit it is per, and the size of a piece or a sheet
    if (isGiven(scope.density))
      inputs.push({
        field: 'density',
        title: titleOf(schema, 'density'),
        value: scope.density as number,
        note: isGiven(scope.densityUnit) ? String(scope.densityUnit) : '未填写密度单位：按 t/用量单位计',
      });
    if (isGiven(scope.pieceSize))
      inputs.push({ field: 'pieceSize', title: titleOf(schema, 'pieceSize'), value: scope.pieceSize as string });
    inputs.push({
      field: 'massPerUnit',
      title: '单位质量(t/单位)',
      value: Number.isFinite(mass) ? mass : '—',
      note: massRule(scope.unit, scope.density, scope.densityUnit, scope.pieceSize),
    });
  }
  // a machine's energy per shift is read with its unit (the row's, else its energy's): the number alone says nothing
  const perShift = text.includes('toFactorUnitPerShift(')
    ? inputs.find((i) => i.field === 'energyPerShift')
    : undefined;
  if (perShift)
    perShift.note = `${shiftEnergyUnit(scope.energy, scope.energyPerShiftUnit)}/台班${isGiven(scope.energyPerShiftUnit) ? '' : '，未填写单位，按能源种类的默认单位'}`;
  return {
    formula: formulaWords(text, scope, { titles, stages: stageTitles }, stageTotals),
    numbers: formulaNumbers(text, scope, stageTotals, mass),
    inputs,
    ...(conversions.length ? { conversions } : {}),
    defaults,
    ...(problems.length ? { problems } : {}),
  };
}
