// The row formulas of the stage schemas (`x-formula`), compiled once per text and evaluated per row with no
// eval and no access to globals: jsep parses the expression, this small evaluator walks the tree.
// Allowed: numbers, strings, + - * / % ** , comparisons, && || !, a ? b : c, identifiers from the row
// scope, `stage.<code>` (another stage's total, kgCO2e), and the functions below. Anything else is refused
// when the schema is compiled, so a bad formula fails at start, not on a user's data.
import jsep, { type Expression } from 'jsep';
import ternary from '@jsep-plugin/ternary';
import { convertToFactor, massConversion, normalizeUnit, shiftEnergyUnit, type Bridges } from './units';
import { shiftEnergy } from './shiftEnergy';

jsep.plugins.register(ternary);
jsep.addBinaryOp('**', 11, true);

export type Scope = Record<string, unknown>;

/** A value is given: a non-empty text or a finite number. */
export const isGiven = (x: unknown) => (typeof x === 'string' ? x.trim() !== '' : x !== null && x !== undefined && typeof x !== 'boolean' && Number.isFinite(Number(x)));

const FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  /** text contains a word */
  contains: (text, part) => String(text ?? '').includes(String(part ?? '')),
  /** the value is given (save rules: x-needs) */
  has: (x) => isGiven(x),
  /** the unit a machine shift's energy is given in: the row's own, else kWh of electricity, kg of a fuel */
  shiftEnergyUnit: (energy, own) => shiftEnergyUnit(energy, own),
  min: (...xs) => Math.min(...xs.map(Number)),
  max: (...xs) => Math.max(...xs.map(Number)),
  abs: (x) => Math.abs(Number(x)),
  /** a number, or the fallback when the value is empty or not a number (an optional term counted as 0; any other
   * value the calculation fills in is an x-defaults rule, recorded with the row) */
  num: (x, fallback = 0) => (x === null || x === undefined || x === '' || !Number.isFinite(Number(x)) ? Number(fallback) : Number(x)),
};

/** Where a row's evaluation writes what its unit conversions did (a scope entry no formula can name). */
export const UNITS_LOG = '@units';
export interface UnitsLog {
  /** '330,000 kg = 330 t' */
  steps: string[];
  problems: { field: string; message: string }[];
}

/** What the row gives that converts across dimensions: its density and what it is per, its size, its fuel's data. */
const bridgesOf = (scope: Scope): Bridges => ({ density: scope.density, densityUnit: scope.densityUnit, pieceSize: scope.pieceSize, energy: scope.energy, ncv: scope.ncv, ncvUnit: scope.ncvUnit });

/** t per unit of a transport row, through its density (per its own unit) and size; NaN, with the reason logged, when unknown. */
function massOfUnit(scope: Scope, unit: unknown): number {
  const c = massConversion(unit, scope.density, scope.densityUnit, scope.pieceSize);
  if (c.ok) return c.value;
  // a missing density is the save rule's to name (x-needs); a density that cannot weigh this unit is named here
  if (isGiven(scope.density)) (scope[UNITS_LOG] as UnitsLog | undefined)?.problems.push({ field: c.field === 'unit' ? 'density' : c.field, message: c.message });
  return NaN;
}

/** What a refusal names instead of the row's unit, and the field it is put on. */
interface Named {
  subject: string;
  field: string;
}

/**
 * An amount in `unit` converted to the row's factor unit (src/calc/units.ts); NaN, with the reason logged, when it
 * cannot be. A refusal names what the user gave: the row's unit, or `named` (the inputs the amount is made of), or
 * — for a unit the formula fixes (a lighting system's kWh, a waste row's t) — the amount as the formula counts it,
 * put on the factor's unit, the one input the user can change.
 */
function toFactorUnit(scope: Scope, amount: unknown, unit: unknown, strict: boolean, named?: Named): number {
  const a = n(amount);
  if (!Number.isFinite(a)) return NaN;
  const other = named ?? (normalizeUnit(unit) === normalizeUnit(scope.unit) ? undefined : { subject: `用量（按${String(unit ?? '').trim()}计）`, field: 'factorUnit' });
  const c = convertToFactor(a, unit, scope.factorUnit, bridgesOf(scope), strict, other?.subject);
  const log = scope[UNITS_LOG] as UnitsLog | undefined;
  if (c.ok) {
    log?.steps.push(...c.steps);
    return c.value;
  }
  log?.problems.push({ field: c.field === 'unit' && other ? other.field : c.field, message: c.message });
  return NaN;
}

/**
 * Functions that read the row besides their arguments. toFactorUnit(amount, unit): the amount in the factor's
 * unit, across dimensions by the row's density or fuel data; toFactorUnitStrict(amount, 'kWh'): for an amount a
 * system formula yields in a fixed unit, which takes only a factor of that very dimension.
 */
const SCOPED: Record<string, (scope: Scope, ...args: unknown[]) => unknown> = {
  /** t per unit of a transport row (src/calc/units.ts); NaN when unknown */
  massPerUnit: (scope, unit) => massOfUnit(scope, unit),
  toFactorUnit: (scope, amount, unit) => toFactorUnit(scope, amount, unit, false),
  toFactorUnitStrict: (scope, amount, unit, subject) => toFactorUnit(scope, amount, unit, true, isGiven(subject) ? { subject: String(subject), field: 'factorUnit' } : undefined),
  /** a machine row: shifts × energy per shift in its per-shift unit (src/calc/shiftEnergy.ts), to the factor's unit */
  toFactorUnitPerShift: (scope, shifts, perShift, energy, own) => {
    const s = shiftEnergy(n(shifts), n(perShift), energy, own);
    if (!Number.isFinite(s.amount)) return NaN;
    (scope[UNITS_LOG] as UnitsLog | undefined)?.steps.push(...s.steps);
    return toFactorUnit(scope, s.amount, s.unit, false, { subject: s.subject, field: 'energyPerShiftUnit' });
  },
};

/** A number for arithmetic: an empty input (null, undefined, '') is missing — NaN — never a silent 0. */
const n = (x: unknown) => (x === null || x === undefined || x === '' ? NaN : Number(x));

const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  '+': (a, b) => (typeof a === 'string' || typeof b === 'string' ? `${a}${b}` : n(a) + n(b)),
  '-': (a, b) => n(a) - n(b),
  '*': (a, b) => n(a) * n(b),
  '/': (a, b) => n(a) / n(b),
  '%': (a, b) => n(a) % n(b),
  '**': (a, b) => n(a) ** n(b),
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '<': (a, b) => n(a) < n(b),
  '>': (a, b) => n(a) > n(b),
  '<=': (a, b) => n(a) <= n(b),
  '>=': (a, b) => n(a) >= n(b),
};

export class FormulaError extends Error {}

export interface CompiledFormula {
  text: string;
  /** The parsed expression (the trace renders it in words). */
  tree: Expression;
  /** Row identifiers the formula reads (for documentation and checks). */
  fields: string[];
  /** Other stages whose totals it reads (stage.<code>). */
  stages: string[];
  evaluate(scope: Scope, stages?: Record<string, number>): number;
  /** The value as computed: NaN when an input it needs is missing. */
  value(scope: Scope, stages?: Record<string, number>): number;
}

function check(node: Expression, fields: Set<string>, stages: Set<string>): void {
  switch (node.type) {
    case 'Literal':
      return;
    case 'Identifier':
      fields.add(node.name as string);
      return;
    case 'MemberExpression': {
      const obj = node.object as Expression;
      const prop = node.property as Expression;
      if (obj.type !== 'Identifier' || obj.name !== 'stage' || node.computed || prop.type !== 'Identifier') throw new FormulaError('只允许 stage.<阶段> 形式的成员访问');
      stages.add(prop.name as string);
      return;
    }
    case 'UnaryExpression':
      if (!['-', '+', '!'].includes(node.operator as string)) throw new FormulaError(`不支持的运算符 ${String(node.operator)}`);
      return check(node.argument as Expression, fields, stages);
    case 'BinaryExpression':
      if (!(node.operator as string in BINARY) && node.operator !== '&&' && node.operator !== '||') throw new FormulaError(`不支持的运算符 ${String(node.operator)}`);
      check(node.left as Expression, fields, stages);
      return check(node.right as Expression, fields, stages);
    case 'ConditionalExpression':
      check(node.test as Expression, fields, stages);
      check(node.consequent as Expression, fields, stages);
      return check(node.alternate as Expression, fields, stages);
    case 'CallExpression': {
      const callee = node.callee as Expression;
      if (callee.type !== 'Identifier' || !(Object.hasOwn(FUNCTIONS, callee.name as string) || Object.hasOwn(SCOPED, callee.name as string))) throw new FormulaError(`不支持的函数 ${callee.type === 'Identifier' ? String(callee.name) : ''}`);
      for (const a of node.arguments as Expression[]) check(a, fields, stages);
      return;
    }
    default:
      throw new FormulaError(`不支持的表达式 ${node.type}`);
  }
}

function run(node: Expression, scope: Scope, stages: Record<string, number>): unknown {
  return evaluateExpression(node, scope, stages);
}

/** The value of a checked expression (or part of one: the trace picks a conditional's branch with it). */
export function evaluateExpression(node: Expression, scope: Scope, stages: Record<string, number>): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier': {
      const name = node.name as string;
      return Object.hasOwn(scope, name) ? scope[name] : undefined;
    }
    case 'MemberExpression':
      return stages[(node.property as Expression).name as string] ?? 0;
    case 'UnaryExpression': {
      const v = run(node.argument as Expression, scope, stages);
      return node.operator === '-' ? -n(v) : node.operator === '+' ? n(v) : !v;
    }
    case 'BinaryExpression': {
      const op = node.operator as string;
      if (op === '&&') return run(node.left as Expression, scope, stages) && run(node.right as Expression, scope, stages);
      if (op === '||') return run(node.left as Expression, scope, stages) || run(node.right as Expression, scope, stages);
      return BINARY[op](run(node.left as Expression, scope, stages), run(node.right as Expression, scope, stages));
    }
    case 'ConditionalExpression':
      return run(node.test as Expression, scope, stages) ? run(node.consequent as Expression, scope, stages) : run(node.alternate as Expression, scope, stages);
    case 'CallExpression': {
      const name = (node.callee as Expression).name as string;
      const args = (node.arguments as Expression[]).map((a) => run(a, scope, stages));
      return Object.hasOwn(SCOPED, name) ? SCOPED[name](scope, ...args) : FUNCTIONS[name](...args);
    }
    default:
      throw new FormulaError(`不支持的表达式 ${node.type}`);
  }
}

const cache = new Map<string, CompiledFormula>();

/** Compile (and cache) a formula; throws FormulaError for anything outside the allowed language. */
export function compileFormula(text: string): CompiledFormula {
  const hit = cache.get(text);
  if (hit) return hit;
  let tree: Expression;
  try {
    tree = jsep(text);
  } catch (e) {
    throw new FormulaError(`公式无法解析: ${(e as Error).message}`);
  }
  const fields = new Set<string>();
  const stages = new Set<string>();
  check(tree, fields, stages);
  const compiled: CompiledFormula = {
    text,
    tree,
    fields: [...fields],
    stages: [...stages],
    evaluate(scope, stageTotals = {}) {
      const v = Number(run(tree, scope, stageTotals));
      return Number.isFinite(v) ? v : 0;
    },
    value(scope, stageTotals = {}) {
      return Number(run(tree, scope, stageTotals));
    },
  };
  cache.set(text, compiled);
  return compiled;
}
