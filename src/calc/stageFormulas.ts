// Which formula a stage's row is calculated with: the building's method of the stage, the formula of that method (or
// of the row's part), and the stages the formulas read. Apart from the stage sum (./stage.ts) because all of it is
// read from the stage schema alone: nothing here evaluates a row.
import type { ResourceSchema } from '../../schemas/index';
import { compileFormula } from './formula';

/** The method a building uses for a stage: the chosen one if the stage offers it, else the default of the
 * rows' `method` property, else the stage's first. */
export function methodOf(schema: ResourceSchema, chosen: string | undefined): string | undefined {
  const methods = schema['x-stage']?.methods;
  if (!methods?.length) return undefined;
  if (methods.some((m) => m.value === chosen)) return chosen;
  const fallback = schema.properties.method?.default;
  return methods.some((m) => m.value === fallback) ? (fallback as string) : methods[0].value;
}

/**
 * The formula of a row: the stage's, or its method's, or — for a method given per part (runtime systems) —
 * the row's part's, else the method's '*'. Undefined: no emission (a stage without formula, a missing method).
 */
export function formulaOf(schema: ResourceSchema, method: string | undefined, part?: string): string | undefined {
  const f = schema['x-formula'];
  if (f === undefined || typeof f === 'string') return f;
  const m = method ? f[method] : undefined;
  if (m === undefined || typeof m === 'string') return m;
  return (part !== undefined ? m[part] : undefined) ?? m['*'];
}

/** Every formula text of a stage (all methods and parts). */
export function formulaTexts(schema: ResourceSchema): string[] {
  const f = schema['x-formula'];
  if (f === undefined) return [];
  if (typeof f === 'string') return [f];
  return Object.values(f).flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m)));
}

/** Stage codes the formulas of one method read (every method's when the stage has none). */
export function methodDependencies(schema: ResourceSchema, method: string | undefined): string[] {
  const f = schema['x-formula'];
  const m = f === undefined || typeof f === 'string' || method === undefined ? f : f[method];
  const texts = m === undefined ? [] : typeof m === 'string' ? [m] : Object.values(m);
  return [...new Set(texts.flatMap((t) => (typeof t === 'string' ? compileFormula(t).stages : [])))];
}

/** Stage codes a stage's formulas read (stage.<code>), for the calculation order. */
export function stageDependencies(schema: ResourceSchema): string[] {
  return [...new Set(formulaTexts(schema).flatMap((t) => compileFormula(t).stages))];
}
