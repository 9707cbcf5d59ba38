// The functions a row formula may call (src/calc/formula.ts): the plain ones, and those that read the row itself
// (its units, density, fuel data) to convert an amount to the factor's unit. Kept apart from the formula language
// (parsing, checking, evaluating) so that what a formula can call is listed in one place.
import { convertToFactor, normalizeUnit, shiftEnergyUnit, type Bridges } from './units';
import { massConversion } from './mass';
import { shiftEnergy } from './shiftEnergy';

export type Scope = Record<string, unknown>;

/** A value is given: a non-empty text or a finite number. */
export const isGiven = (x: unknown) =>
  typeof x === 'string'
    ? x.trim() !== ''
    : x !== null && x !== undefined && typeof x !== 'boolean' && Number.isFinite(Number(x));

export const FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
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
  num: (x, fallback = 0) =>
    x === null || x === undefined || x === '' || !Number.isFinite(Number(x)) ? Number(fallback) : Number(x),
};

/** Where a row's evaluation writes what its unit conversions did (a scope entry no formula can name). */
export const UNITS_LOG = '@units';
export interface UnitsLog {
  /** '330,000 kg = 330 t'; absent when only the value is wanted (the words are written for the trace) */
  steps?: string[];
  problems: { field: string; message: string }[];
}

/**
 * What the row gives that converts across dimensions (its density and what it is per, its size, its fuel's data): read
 * from the scope itself.
 */
const bridgesOf = (scope: Scope): Bridges => scope;

/**
 * t per unit of a transport row, through its density (per its own unit) and size; NaN, with the reason logged, when
 * unknown.
 */
function massOfUnit(scope: Scope, unit: unknown): number {
  const c = massConversion(unit, scope.density, scope.densityUnit, scope.pieceSize);
  if (c.ok) return c.value;
  // a missing density is the save rule's to name (x-needs); a density that cannot weigh this unit is named here
  if (isGiven(scope.density))
    (scope[UNITS_LOG] as UnitsLog | undefined)?.problems.push({
      field: c.field === 'unit' ? 'density' : c.field,
      message: c.message,
    });
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
  const other =
    named ??
    (normalizeUnit(unit) === normalizeUnit(scope.unit)
      ? undefined
      : { subject: `用量（按${String(unit ?? '').trim()}计）`, field: 'factorUnit' });
  const c = convertToFactor(a, unit, scope.factorUnit, bridgesOf(scope), strict, other?.subject);
  const log = scope[UNITS_LOG] as UnitsLog | undefined;
  if (c.ok) {
    log?.steps?.push(...c.steps);
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
export const SCOPED: Record<string, (scope: Scope, ...args: unknown[]) => unknown> = {
  /** t per unit of a transport row (src/calc/units.ts); NaN when unknown */
  massPerUnit: (scope, unit) => massOfUnit(scope, unit),
  toFactorUnit: (scope, amount, unit) => toFactorUnit(scope, amount, unit, false),
  toFactorUnitStrict: (scope, amount, unit, subject) =>
    toFactorUnit(
      scope,
      amount,
      unit,
      true,
      isGiven(subject) ? { subject: String(subject), field: 'factorUnit' } : undefined,
    ),
  /** a machine row: shifts × energy per shift in its per-shift unit (src/calc/shiftEnergy.ts), to the factor's unit */
  toFactorUnitPerShift: (scope, shifts, perShift, energy, own) => {
    const s = shiftEnergy(n(shifts), n(perShift), energy, own);
    if (!Number.isFinite(s.amount)) return NaN;
    (scope[UNITS_LOG] as UnitsLog | undefined)?.steps?.push(...s.steps);
    return toFactorUnit(scope, s.amount, s.unit, false, { subject: s.subject, field: 'energyPerShiftUnit' });
  },
};

/** A number for arithmetic: an empty input (null, undefined, '') is missing — NaN — never a silent 0. */
export const n = (x: unknown) => (x === null || x === undefined || x === '' ? NaN : Number(x));
