// What a calculation reads: the building's stages with their rows and methods, and what the formulas read of the
// building (src/calc BuildingContext). Nothing here writes (calculate.ts stores, storeFigures.ts keeps the figures).
import { stageOfRole } from '../../../schemas/stageMeta';
import { splitMenus, wizardStages } from '../../../schemas/standards';
import type { DataQuality } from '../../../schemas/factors/kinds';
import { accountingContext } from '../../calc/intensity';
import type { BuildingContext, Row as CalcRow } from '../../calc/stage';
import type { Executor, Tx } from '../db/database';
import { columnName } from '../db/naming';
import { toRecord, type ApiRecord, type Row } from '../db/record';
import { resourceDef, resources, type ResourceDef } from '../db/registry';

/** The stage resource of a stage code. */
export function stageDef(code: string): ResourceDef | undefined {
  return resources.find((r) => r.schema['x-stage']?.code === code);
}

export async function stageRows(trx: Tx, def: ResourceDef, projectId: number): Promise<ApiRecord[]> {
  const rows = (await trx
    .selectFrom(def.table)
    .selectAll()
    .where(columnName('projectId'), '=', projectId)
    .orderBy('id')
    .execute()) as Row[];
  return rows.map((r) => toRecord(def.schema, r));
}

/**
 * The stages of the building's menus with their rows (from the live tables, or a variant's snapshot) and chosen
 * methods.
 */
export async function stageInputs(
  building: ApiRecord,
  rowsOf: (def: ResourceDef) => Promise<ApiRecord[]> | ApiRecord[],
) {
  const methods = (building.stageMethods ?? {}) as Record<string, string>;
  const inputs = [];
  for (const code of wizardStages(String(building.computeMethod), splitMenus(building.menus as string))) {
    const def = stageDef(code);
    if (!def) continue;
    inputs.push({ def, schema: def.schema, rows: (await rowsOf(def)) as CalcRow[], method: methods[code] });
  }
  return inputs;
}

/** Stage titles by code, for traces and warnings ('建筑拆除：…'). */
export const STAGE_TITLES: Record<string, string> = Object.fromEntries(
  resources.filter((r) => r.schema['x-stage']).map((r) => [r.schema['x-stage']!.code, r.schema['x-stage']!.title]),
);

/**
 * What the formulas read of the building (src/calc BuildingContext). An accounting building's area and operating
 * years come from its 核算信息补充 row: the one among `inputs` (a variant's snapshot), else the stored one.
 */
export async function calcContext(
  ex: Executor,
  building: ApiRecord,
  inputs?: { schema: { 'x-stage'?: { code: string } }; rows: unknown[] }[],
): Promise<BuildingContext> {
  const module = String(building.computeMethod);
  const supplement = module === 'accounting' ? await supplementRow(ex, building.id, inputs) : undefined;
  const acc = accountingContext(module, supplement, Number(building.buildArea) || 0);
  return {
    years: Number(building.useDateLimit) || 0,
    area: acc.area,
    areaSource: acc.areaSource,
    ...(acc.operatingYears ? { operatingYears: acc.operatingYears } : {}),
    gridFactor: Number(building.gridFactorValue) || 0,
    gridFactorSource: String(building.gridFactorSource ?? ''),
    gridQuality: await gridQuality(ex, building.gridFactorId),
    stageTitles: STAGE_TITLES,
  };
}

/** The building's 核算信息补充 (one record per building: the first). */
async function supplementRow(
  ex: Executor,
  projectId: number,
  inputs?: { schema: { 'x-stage'?: { code: string } }; rows: unknown[] }[],
): Promise<Record<string, unknown> | undefined> {
  const code = stageOfRole('accountingInfo');
  const given = inputs?.find((s) => s.schema['x-stage']?.code === code);
  if (given) return [...(given.rows as Row[])].sort((a, b) => Number(a.id) - Number(b.id))[0];
  const def = code ? stageDef(code) : undefined;
  if (!def) return undefined;
  const row = (await ex
    .selectFrom(def.table)
    .selectAll()
    .where(columnName('projectId'), '=', projectId)
    .orderBy('id')
    .executeTakeFirst()) as Row | undefined;
  return row && toRecord(def.schema, row);
}

/** The data-quality class of the building's grid factor (rows on it take it). */
async function gridQuality(ex: Executor, id: unknown): Promise<DataQuality | undefined> {
  if (typeof id !== 'number') return undefined;
  const row = await ex
    .selectFrom(resourceDef('tpf3BuildMaterial').table)
    .select('quality')
    .where('id', '=', id)
    .executeTakeFirst();
  return (row?.quality as DataQuality | null) ?? undefined;
}
