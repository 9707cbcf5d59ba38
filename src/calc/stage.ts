// One stage's emission: each row's formula (the stage schema's x-formula, per method when the stage has
// methods) evaluated over the row and the building context, summed. Rows of another method than the one
// chosen for the building are kept but not counted. Pure: no I/O.
import type { ResourceSchema } from '../../schemas/index';
import { compileFormula } from './formula';
import { formatNumber } from './format';

export interface BuildingContext {
  /** design life y (a) */
  years: number;
  /** gross floor area A (m²) */
  area: number;
  /** the building's grid electricity factor (kgCO2/kWh), for rows without their own electricity factor */
  gridFactor?: number;
}

export interface RowResult {
  id: number;
  /** kgCO2e; null for a row of a method not chosen */
  emission: number | null;
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
}

export type Row = Record<string, unknown> & { id: number };

/** What formulas read of the building besides the row; no stage property may carry these names. */
export const CONTEXT_NAMES = ['designYears', 'buildArea', 'gridFactor'] as const;
const contextScope = (ctx: BuildingContext) => ({ designYears: ctx.years, buildArea: ctx.area, gridFactor: ctx.gridFactor ?? 0 });

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

/** Stage codes a stage's formulas read (stage.<code>), for the calculation order. */
export function stageDependencies(schema: ResourceSchema): string[] {
  return [...new Set(formulaTexts(schema).flatMap((t) => compileFormula(t).stages))];
}

export function calculateStage(schema: ResourceSchema, rows: Row[], ctx: BuildingContext, chosenMethod?: string, stageTotals: Record<string, number> = {}): StageResult {
  const meta = schema['x-stage'];
  if (!meta) throw new Error(`${schema.$id} is not a stage`);
  const method = methodOf(schema, chosenMethod);
  const out: RowResult[] = [];
  const parts: Record<string, number> = {};
  for (const row of rows) {
    const text = formulaOf(schema, method, meta.partField ? String(row[meta.partField] ?? '') : undefined);
    const formula = text ? compileFormula(text) : undefined;
    const counted = formula && (!method || row.method === undefined || row.method === method);
    const emission = counted ? formula.evaluate({ ...row, ...contextScope(ctx) }, stageTotals) : null;
    out.push({ id: row.id, emission });
    if (emission !== null && meta.partField) {
      const part = String(row[meta.partField] ?? '');
      parts[part] = (parts[part] ?? 0) + emission;
    }
  }
  const notes: string[] = [];
  if (meta.renewableParts?.length) limitRenewables(parts, meta.renewableParts, notes);
  const total = meta.partField ? Object.values(parts).reduce((a, b) => a + b, 0) : out.reduce((a, r) => a + (r.emission ?? 0), 0);
  return { code: meta.code, method, total, rows: out, ...(meta.partField ? { parts } : {}), notes };
}

/**
 * GB/T 51366 subtracts on-site renewable output from the energy it replaces but does not say what happens when
 * it exceeds the consumption. Choice: the renewables of a building offset at most its consumption — the
 * operation total never goes below zero — and the renewable parts are scaled down together, with a note.
 */
export function limitRenewables(parts: Record<string, number>, renewable: readonly string[], notes: string[]): void {
  const consumption = Object.entries(parts).filter(([p]) => !renewable.includes(p)).reduce((a, [, v]) => a + v, 0);
  const offset = -Object.entries(parts).filter(([p]) => renewable.includes(p)).reduce((a, [, v]) => a + v, 0);
  if (offset <= consumption || offset <= 0) return;
  const scale = Math.max(consumption, 0) / offset;
  for (const p of renewable) if (parts[p] !== undefined) parts[p] *= scale;
  notes.push(`可再生能源抵减量超过运行能耗，按运行能耗 ${formatNumber(Math.max(consumption, 0) / 1000)} tCO2e 计入抵减`);
}
