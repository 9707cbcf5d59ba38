// Calculate a building: its wizard stages' rows through src/calc, each row's emission (one statement per stage)
// and the building's result fields stored, in the caller's transaction. Only the stages of the building's menus count (estimate: its
// wizard drops trans, build and remove — its produce stage covers them).
import { splitMenus, wizardStages } from '../../../schemas/standards';
import { calculateBuilding, runtimeBreakdown, type BuildingResult } from '../../calc/building';
import type { Row as CalcRow, StageResult } from '../../calc/stage';
import { sql } from 'kysely';
import type { Db, Tx } from '../db/database';
import { afterBulkWrite } from '../db/upkeep';
import type { Progress } from '../jobs/index';
import { columnName } from '../db/naming';
import { toRecord, type ApiRecord, type Row } from '../db/record';
import { resourceDef, resources, type ResourceDef } from '../registry';

/** The stage resource of a stage code. */
export function stageDef(code: string): ResourceDef | undefined {
  return resources.find((r) => r.schema['x-stage']?.code === code);
}

export async function stageRows(trx: Tx, def: ResourceDef, projectId: number): Promise<ApiRecord[]> {
  const rows = (await trx.selectFrom(def.table).selectAll().where(columnName('projectId'), '=', projectId).orderBy('id').execute()) as Row[];
  return rows.map((r) => toRecord(def.schema, r));
}

/** Calculates and stores; `building` is the stored record (the caller's right to write it checked before). */
export async function calculateAndStore(trx: Tx, building: ApiRecord, progress?: Progress): Promise<BuildingResult> {
  const methods = (building.stageMethods ?? {}) as Record<string, string>;
  const inputs = [];
  for (const code of wizardStages(String(building.computeMethod), splitMenus(building.menus as string))) {
    const def = stageDef(code);
    if (!def) continue;
    inputs.push({ def, schema: def.schema, rows: (await stageRows(trx, def, building.id)) as CalcRow[], method: methods[code] });
  }
  const rowCount = inputs.reduce((n, x) => n + x.rows.length, 0);
  progress?.(0, rowCount);
  const result = calculateBuilding(inputs, { years: Number(building.useDateLimit) || 0, area: Number(building.buildArea) || 0, gridFactor: Number(building.gridFactorValue) || 0 });
  let done = 0;
  for (const stage of result.stages) {
    const def = inputs.find((x) => x.schema['x-stage']!.code === stage.code)!.def;
    if ('emission' in def.schema.properties) await storeEmissions(trx, def.table, stage.rows);
    progress?.((done += stage.rows.length), rowCount);
  }
  const detail = {
    calculatedAt: new Date().toISOString(),
    parts: result.parts,
    breakdown: runtimeBreakdown(result.parts, building.runtimeType as string | undefined, String(building.computeMethod)),
    stages: Object.fromEntries(result.stages.map((s) => [s.code, { total: s.total / 1000, method: s.method ?? null, rows: s.rows.length, notes: s.notes }])),
  };
  await trx
    .updateTable(resourceDef('tpf3Project').table)
    .set({
      ...Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [columnName(k), v])),
      total: result.total,
      streng3: result.streng3,
      result_detail: JSON.stringify(detail),
      update_date: new Date(),
    })
    .where('id', '=', building.id)
    .execute();
  return result;
}

/**
 * Every row's emission in ONE statement (DESIGN §10: set-based writes); rows whose stored emission is already
 * the same are not touched, so a recalculation that changes nothing leaves no dead rows behind.
 */
async function storeEmissions(trx: Tx, table: string, rows: { id: number; emission: number | null }[]): Promise<void> {
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  const values = rows.map((r) => (r.emission == null || !Number.isFinite(r.emission) ? null : r.emission));
  await sql`update ${sql.table(table)} as t set emission = u.emission
    from unnest(${ids}::int[], ${values}::float8[]) as u(id, emission)
    where t.id = u.id and t.emission is distinct from u.emission`.execute(trx);
}

/** A stage of the result as a route answers it: totals and notes, not every row (a building may have 100 000). */
export function stageSummary(stage: StageResult | undefined) {
  if (!stage) return null;
  const { rows, ...rest } = stage;
  return { ...rest, rowCount: rows.length };
}

/** After the answer: the stage tables a recalculation rewrote in bulk get their upkeep (db/upkeep.ts). */
export function upkeepAfter(db: Db, result: BuildingResult, log: (err: unknown) => void): void {
  for (const stage of result.stages) {
    const def = stageDef(stage.code);
    if (def) afterBulkWrite(db, def.table, stage.rows.length, log);
  }
}
