// Physical bounds are schema: a number property states its range with `minimum`,
// `maximum`, `exclusiveMinimum`, `exclusiveMaximum`; ajv enforces it on the API, the form (rjsf) and the Excel
// import. This module words a range in Chinese once — `系统损失效率应不小于 0 且小于 1` — for formatErrors
// (schemas/validation.ts: every bound refusal without its own x-messages), the import template's 填写说明 and
// the calculation, which counts a stored row outside its bounds 0 and names it (src/calc/trace.ts rowNeeds).
// No dependencies: the client, the server and src/calc import it.

export interface Bounded {
  title?: string;
  type?: string | readonly string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** The ajv keywords whose refusal is worded from the property's whole range. */
export const BOUND_KEYWORDS: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);

/** A bound in words: 8760 stays 8760, 1e5 → 10万, 1e9 → 10亿, 1e12 → 1万亿 (round figures only). */
export function boundNumber(n: number): string {
  const a = Math.abs(n);
  if (a >= 1e12 && a % 1e12 === 0) return `${n / 1e12}万亿`;
  if (a >= 1e8 && a % 1e8 === 0) return `${n / 1e8}亿`;
  if (a >= 1e5 && a % 1e4 === 0) return `${n / 1e4}万`;
  return String(n);
}

/** The range in words, without the field: `不小于 0 且小于 1`; '' when the property has no bound. */
export function rangeText(p: Bounded, joiner = ' 且'): string {
  const parts: string[] = [];
  if (p.exclusiveMinimum !== undefined) parts.push(`大于 ${boundNumber(p.exclusiveMinimum)}`);
  else if (p.minimum !== undefined) parts.push(`不小于 ${boundNumber(p.minimum)}`);
  if (p.exclusiveMaximum !== undefined) parts.push(`小于 ${boundNumber(p.exclusiveMaximum)}`);
  else if (p.maximum !== undefined) parts.push(`不大于 ${boundNumber(p.maximum)}`);
  return parts.join(joiner);
}

/** The refusal of a value outside the property's range: `<title>应<range>`. */
export function rangeMessage(p: Bounded, title = p.title ?? ''): string {
  return `${title}应${rangeText(p)}`;
}

/** Whether a number lies within the property's range. */
export function withinBounds(p: Bounded, v: number): boolean {
  if (p.minimum !== undefined && v < p.minimum) return false;
  if (p.exclusiveMinimum !== undefined && v <= p.exclusiveMinimum) return false;
  if (p.maximum !== undefined && v > p.maximum) return false;
  if (p.exclusiveMaximum !== undefined && v >= p.exclusiveMaximum) return false;
  return true;
}

const isNumeric = (p: Bounded) => [p.type].flat().some((t) => t === 'number' || t === 'integer');

// the bounded number fields of a schema, found once (every row of every recalculation is checked)
const boundedFields = new WeakMap<Record<string, Bounded>, [string, Bounded][]>();
function boundedOf(properties: Record<string, Bounded>): [string, Bounded][] {
  let fields = boundedFields.get(properties);
  if (!fields) {
    fields = Object.entries(properties).filter(([, p]) => isNumeric(p) && rangeText(p) !== '');
    boundedFields.set(properties, fields);
  }
  return fields;
}

/**
 * The number fields of a row outside their schema range, each with its refusal. A row saved through the API
 * cannot break them (ajv refused it); a row stored before a bound existed, or a value copied from the factor
 * library on save (a tCO2 factor × 1000), can: the save refuses it, the calculation counts the row 0 and names it.
 */
export function boundProblems(
  properties: Record<string, Bounded>,
  row: Record<string, unknown>,
): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  for (const [field, p] of boundedOf(properties)) {
    const raw = row[field];
    if (raw === null || raw === undefined || raw === '' || typeof raw === 'boolean') continue;
    const v = Number(raw);
    if (!Number.isFinite(v)) continue;
    if (!withinBounds(p, v)) out.push({ field, message: rangeMessage(p, p.title ?? field) });
  }
  return out;
}
