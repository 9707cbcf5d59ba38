// What the stage screens read from a stage schema (schemas/stages/*.ts, listed in schemas/standards.ts
// STAGE_SCHEMAS): the registry resource of a stage code, its mode, methods, list columns and the form fields the
// screen fills itself. Nothing here names a stage: a new stage schema gets its screen from these alone.
import type { FactorKeyword, PropertySchema, ResourceSchema } from '../../../schemas/index';
import { STAGE_SCHEMAS } from '../../../schemas/standards';
import type { StageMeta } from '../../../schemas/types';
import { methodOf } from '../../calc/stage';
import { clientResource } from '../registry';

export interface StageDef {
  /** Registry name (stageProduce, …): the resource name of the data provider and of ImportButtons. */
  name: string;
  code: string;
  schema: ResourceSchema;
  meta: StageMeta;
  /** API path below /api: tpf/v1/tpf/stage/<code>. */
  path: string;
  title: string;
}

const DEFS: StageDef[] = Object.keys(STAGE_SCHEMAS).map((name) => {
  const r = clientResource(name);
  const meta = r.schema['x-stage']!;
  return { name, code: meta.code, schema: r.schema, meta, path: r.path, title: meta.title };
});

/** The stage of a code (undefined for a menu without a schema). */
export const stageDef = (code: string): StageDef | undefined => DEFS.find((d) => d.code === code);

/** The method property of rows of a stage with methods (x-stage.methods). */
export const METHOD_FIELD = 'method';
export const PROJECT_FIELD = 'projectId';
/** The row emission written by the calculation (kgCO2e); the column that gets the 合计. */
export const EMISSION_FIELD = 'emission';

export const hasMethods = (d: StageDef) => !!d.meta.methods?.length && METHOD_FIELD in d.schema.properties;

/** The method the building uses for the stage: stageMethods[code], else the method property's default. */
export const chosenMethod = (d: StageDef, stageMethods: unknown): string | undefined =>
  hasMethods(d) ? methodOf(d.schema, (stageMethods as Record<string, string> | null | undefined)?.[d.code]) : undefined;

export const hasEmission = (d: StageDef) => EMISSION_FIELD in d.schema.properties;

/** `x-factor` as the server reads it (src/server/stages/factorCopy.ts): type, prefix, copy and fill maps. */
export type { FactorKeyword };

export const factorKeyword = (p: PropertySchema): FactorKeyword | undefined => p['x-factor'];

export interface FactorPick {
  field: string;
  factor: FactorKeyword;
  /** Where the factor's value, unit and source go (<prefix>Value/Unit/Source; absent from some schemas). */
  value: string;
  unit: string;
  source: string;
  /** The schema's first pick: the row's own material or energy, whose name and unit the row takes. */
  primary: boolean;
}

/** The factor-library picks of a schema, each with the fields its factor's value, unit and source go to. */
export function factorPicks(schema: ResourceSchema): FactorPick[] {
  return Object.entries(schema.properties)
    .filter(([, p]) => factorKeyword(p))
    .map(([field, p], i) => {
      const factor = factorKeyword(p)!;
      const prefix = factor.prefix ?? 'factor';
      return {
        field,
        factor,
        value: `${prefix}Value`,
        unit: `${prefix}Unit`,
        source: `${prefix}Source`,
        primary: i === 0,
      };
    });
}

/** The row's name field: materialName where the schema has one, else name. */
export const rowNameField = (schema: ResourceSchema): string | undefined =>
  ['materialName', 'name'].find((f) => f in schema.properties);

/**
 * Whether the row's quantity is counted in its factor's unit, so the row's unit follows the picked factor: not
 * when the method's formula reads an energy per machine shift (the quantity is then a number of shifts).
 */
export function unitFollowsFactor(d: StageDef, method: unknown): boolean {
  const formula = d.schema['x-formula'];
  const own =
    typeof formula === 'string' ? formula : formula && typeof method === 'string' ? formula[method] : undefined;
  return !(typeof own === 'string' && own.includes('energyPerShift'));
}

/** Whether the method calculates part by part (x-formula per part: 各用能系统), which the lookup tables feed. */
export function isPartMethod(d: StageDef, method: unknown): boolean {
  const formula = d.schema['x-formula'];
  if (!d.meta.partField || !formula || typeof formula === 'string') return false;
  if (typeof method !== 'string') return false;
  return typeof formula[method] === 'object';
}

export interface StageDataItem {
  title?: string;
  /** tCO2e, null before the first calculation */
  total?: number | null;
  rows?: number;
  method?: string | null;
  notes?: string[];
}

export type StageDataMap = Record<string, StageDataItem>;

/** The item of a stage in the stage/data map, when the answer has one. */
export function stageItem(data: unknown, code: string): StageDataItem | undefined {
  const item = data && typeof data === 'object' ? (data as Record<string, unknown>)[code] : undefined;
  return item && typeof item === 'object' ? (item as StageDataItem) : undefined;
}

/**
 * The warnings of a stage's `x-stage.limits` with the current totals (stage/data, tCO2e): its total above a
 * share of another stage's (e.g. transport above 6 % of production).
 */
export function limitWarnings(code: string, data: unknown): string[] {
  const out: string[] = [];
  const schema = Object.values(STAGE_SCHEMAS as unknown as Record<string, ResourceSchema>).find(
    (s) => s['x-stage']?.code === code,
  );
  for (const rule of schema?.['x-stage']?.limits ?? []) {
    const own = Number(stageItem(data, code)?.total ?? 0);
    const base = stageItem(data, rule.base);
    if (!base) continue;
    if (own > 0 && own > rule.ratio * Number(base.total ?? 0)) out.push(rule.message);
  }
  return out;
}
