// Calculate a building: its wizard stages' rows through src/calc, each row's emission (one statement per stage)
// and the building's result fields stored, in the caller's transaction. Only the stages of the building's menus count
// (estimate: its
// wizard drops trans, build and remove — its produce stage covers them).
import { stageOfRole } from '../../../schemas/stageMeta';
import { OUTSIDE_BOUNDARY, splitMenus, wizardStages, type StandardCode } from '../../../schemas/standards';
import type { DataQuality } from '../../../schemas/factors/kinds';
import { calculateBuilding, round, runtimeBreakdown, type BuildingResult } from '../../calc/building';
import { accountingContext } from '../../calc/intensity';
import type { BuildingContext, Row as CalcRow, RowResult, StageResult } from '../../calc/stage';
import { sql } from 'kysely';
import type { Db, Executor, Tx } from '../db/database';
import { afterBulkWrite } from '../db/upkeep';
import type { Progress } from '../jobs/index';
import { columnName } from '../db/naming';
import { insertRows, newIds } from '../db/createMany';
import { jsonRows, type BulkColumn } from '../db/bulkInsert';
import { insertedRecords, setStoredValue, toRecord, type ApiRecord, type Row } from '../db/record';
import { resourceDef, resources, type ResourceDef } from '../db/registry';
import { flagWarning } from '../../calc/plausibility';
import { plausibilityOf, type CalculatedBuilding } from '../plausibility/review';
import { lastEntry, libraryVersion, RESULT_INPUT } from '../buildings/stale';

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

/** New rows of stage tables by resource name, checked (Repo.prepareMany) and not yet written. */
export type NewRows = Map<string, Row[]>;

export interface CalculateOptions {
  progress?: Progress;
  /** rows to add (a batch save, a BIM import): calculated with the stored ones, then inserted with their figures */
  adding?: NewRows;
}

/**
 * Calculates and stores; `building` is the stored record (the caller's right to write it checked before). New rows
 * (`adding`) get their ids first, count in the calculation, and are inserted once with their emission and trace —
 * not inserted, read back and updated. With the result, each stage's rows as they are now stored, so an answer
 * that lists them needs no second read.
 */
export async function calculateAndStore(
  trx: Tx,
  building: ApiRecord,
  { progress, adding }: CalculateOptions = {},
): Promise<CalculatedBuilding & { storedRows: Map<string, ApiRecord[]> }> {
  const added = await withNewIds(trx, adding);
  const inputs = await stageInputs(building, async (def) => {
    const stored = await stageRows(trx, def, building.id);
    const fresh = added.get(def.name);
    return fresh ? [...stored, ...fresh.records].sort((a, b) => a.id - b.id) : stored;
  });
  const rowCount = inputs.reduce((n, x) => n + x.rows.length, 0);
  progress?.(0, rowCount);
  const result = calculateBuilding(inputs, await calcContext(trx, building, inputs));
  let done = 0;
  const storedRows = new Map<string, ApiRecord[]>();
  for (const stage of result.stages) {
    const input = inputs.find((x) => x.schema['x-stage']!.code === stage.code)!;
    const { def } = input;
    const records = input.rows as ApiRecord[];
    storedRows.set(
      stage.code,
      'emission' in def.schema.properties
        ? await storeEmissions(trx, def, records, stage.rows, added.get(def.name)?.byId)
        : records,
    );
    progress?.((done += stage.rows.length), rowCount);
  }
  for (const { def, rows } of added.values()) await insertRows(trx, def, rows);
  // 合理性检查: the figures against 参考值库's ranges; flags are 提示, no figure changes
  const plausibility = await plausibilityOf(trx, building, inputs, result);
  const outside = OUTSIDE_BOUNDARY[building.standard as StandardCode] ?? {};
  const stages = Object.fromEntries(
    result.stages.map((s) => [
      s.code,
      {
        total: round(s.total / 1000, 4), // as the result fields are stored
        method: s.method ?? null,
        rows: s.rows.length,
        notes: s.notes,
        warnings: s.warnings,
        defaults: s.defaults,
        quality: Object.fromEntries(Object.entries(s.quality).map(([q, kg]) => [q, round(kg / 1000, 4)])),
        ...(outside[s.code] && s.rows.length ? { outsideBoundary: outside[s.code] } : {}),
      },
    ]),
  );
  const detail = {
    calculatedAt: new Date().toISOString(),
    factorLibrary: await libraryVersion(trx), // the library as it stood: printed beside a signature
    parts: result.parts,
    breakdown: runtimeBreakdown(
      result.parts,
      building.runtimeType as string | undefined,
      String(building.computeMethod),
    ),
    basis: result.basis, // what streng3 and every per-area, per-year figure divides by (src/calc/intensity.ts)
    stages,
    quality: result.quality,
    qualityShares: result.qualityShares,
    grade: result.grade,
    warnings: resultWarnings(result), // the stages' own (the review's flags are kept below, not repeated here)
    plausibility,
  };
  await trx
    .updateTable(resourceDef('tpf3Project').table)
    .set({
      ...Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [columnName(k), v])),
      total: result.total,
      streng3: result.streng3,
      result_detail: JSON.stringify(detail),
      // what this result was calculated from: the rows' and fields' changes recorded up to now (buildings/stale.ts)
      [RESULT_INPUT]: lastEntry(building.id),
      update_date: new Date(),
    })
    .where('id', '=', building.id)
    .execute();
  return { ...result, plausibility, storedRows };
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
 * Every stage's warnings named by its stage ('建筑拆除：…'), then the 合理性检查 flags of a reviewed result
 * ('合理性检查：…'): answered by calculate and counted by its message. The result detail keeps the stages' only.
 */
export const resultWarnings = (result: CalculatedBuilding) => [
  ...result.stages.flatMap((s) => s.warnings.map((w) => `${STAGE_TITLES[s.code] ?? s.code}：${w}`)),
  ...(result.plausibility?.flags ?? []).map(flagWarning),
];

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

/** A row's emission as stored: a number, or null (not counted, or no finite figure). */
const storedEmission = (r: RowResult) => (r.emission == null || !Number.isFinite(r.emission) ? null : r.emission);

/** The new rows with their ids and times (createMany.ts newIds), and the records they read back as. */
async function withNewIds(trx: Tx, adding: NewRows | undefined) {
  const out = new Map<string, { def: ResourceDef; rows: Row[]; records: ApiRecord[]; byId: Map<number, Row> }>();
  const sets = [...(adding ?? [])]
    .filter(([, rows]) => rows.length)
    .map(([name, rows]) => ({ def: resourceDef(name), rows }));
  if (!sets.length) return out;
  const { ids, at } = await newIds(
    trx,
    sets.map(({ def, rows }) => ({ table: def.table, n: rows.length })),
  );
  sets.forEach(({ def, rows }, k) => {
    rows.forEach((row, i) => (row.id = ids[k][i]));
    out.set(def.name, {
      def,
      rows,
      records: insertedRecords(def.schema, rows, at),
      byId: new Map(rows.map((row) => [row.id as number, row])),
    });
  });
  return out;
}

/**
 * A stage's figures kept: each new row (`fresh`, by id) gets its emission and trace before its insert; the stored
 * rows whose figures changed are updated in ONE statement (set-based writes) — rows already holding the
 * same values are left alone, so a recalculation that changes nothing writes nothing. Answers the stage's records
 * as now stored. (calculateStage answers one result per row, in the rows' order.)
 */
async function storeEmissions(
  trx: Tx,
  def: ResourceDef,
  records: ApiRecord[],
  results: RowResult[],
  fresh?: Map<number, Row>,
): Promise<ApiRecord[]> {
  const withTrace = 'trace' in def.schema.properties;
  const [emissionColumn, traceColumn] = [columnName('emission'), columnName('trace')];
  const changed: RowResult[] = [];
  records.forEach((rec, i) => {
    const r = results[i];
    const emission = storedEmission(r);
    const row = fresh?.get(rec.id);
    if (row) {
      row[emissionColumn] = emission;
      if (withTrace) row[traceColumn] = r.trace ? JSON.stringify(r.trace) : null;
    } else if (
      (rec.emission ?? null) !== emission ||
      (withTrace && JSON.stringify(rec.trace ?? null) !== JSON.stringify(r.trace))
    )
      changed.push(r);
    setStoredValue(def.schema, rec, 'emission', emission);
    if (withTrace) setStoredValue(def.schema, rec, 'trace', r.trace);
  });
  if (changed.length) await updateEmissions(trx, def.table, changed, withTrace);
  return records;
}

/** The changed rows' emission (and trace) in ONE statement. */
async function updateEmissions(trx: Tx, table: string, rows: RowResult[], withTrace: boolean): Promise<void> {
  const columns: BulkColumn[] = [
    { column: 'id', kind: 'integer' },
    { column: 'emission', kind: 'double precision' },
    ...(withTrace ? [{ column: 'trace', kind: 'jsonb' as const }] : []),
  ];
  const { from, value } = jsonRows(
    rows.map((r) => ({ id: r.id, emission: storedEmission(r), trace: r.trace ? JSON.stringify(r.trace) : null })),
    columns,
  );
  const [id, emission, trace] = columns.map(value);
  // (a trace read back from jsonb may order its keys differently than JS wrote them: the database compares them)
  if (!withTrace) {
    await sql`update ${sql.table(table)} as t set emission = ${emission} from ${from}
      where t.id = ${id} and t.emission is distinct from ${emission}`.execute(trx);
    return;
  }
  await sql`update ${sql.table(table)} as t set emission = ${emission}, trace = ${trace} from ${from}
    where t.id = ${id} and (t.emission is distinct from ${emission} or t.trace is distinct from ${trace})`.execute(trx);
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
