// Calculate a building: its wizard stages' rows through src/calc, each row's emission (one statement per stage)
// and the building's result fields stored, in the caller's transaction. Only the stages of the building's menus count
// (estimate: its wizard drops trans, build and remove — its produce stage covers them).
import { OUTSIDE_BOUNDARY, type StandardCode } from '../../../schemas/standards';
import { calculateBuilding, round, runtimeBreakdown, type BuildingResult } from '../../calc/building';
import type { StageResult } from '../../calc/stage';
import type { Db, Tx } from '../db/database';
import { afterBulkWrite } from '../db/upkeep';
import type { Progress } from '../jobs/index';
import { columnName } from '../db/naming';
import { insertRows } from '../db/createMany';
import type { ApiRecord } from '../db/record';
import { resourceDef } from '../db/registry';
import { flagWarning } from '../../calc/plausibility';
import { plausibilityOf, type CalculatedBuilding } from '../plausibility/review';
import { lastEntry, libraryVersion, RESULT_INPUT } from '../buildings/stale';
import { calcContext, STAGE_TITLES, stageDef, stageInputs, stageRows } from './context';
import { storeEmissions, withNewIds, type NewRows } from './storeFigures';
import { reviewEpds } from '../epd/inUse';
import { moduleView } from '../../calc/modules';
import { chinaDay } from '../../calc/chinaTime';

// (what a calculation reads: context.ts; how its figures are kept: storeFigures.ts. `building` stays an ApiRecord, not
// the typed BuildingRecord: the review and the variants hand over records they read or changed themselves)
export { calcContext, STAGE_TITLES, stageDef, stageInputs, stageRows } from './context';
export type { NewRows } from './storeFigures';

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
  // EPD factors: an expired one flagged on its rows and stages before they are stored; module D for the module view
  const d = await reviewEpds(trx, inputs, result, chinaDay(new Date()));
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
    // the EN 15978 view: its lines are the stage totals above, its module D is kept here, outside the total
    modules: moduleView(stages, result.total, STAGE_TITLES, d),
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
 * Every stage's warnings named by its stage ('建筑拆除：…'), then the 合理性检查 flags of a reviewed result
 * ('合理性检查：…'): answered by calculate and counted by its message. The result detail keeps the stages' only.
 */
export const resultWarnings = (result: CalculatedBuilding) => [
  ...result.stages.flatMap((s) => s.warnings.map((w) => `${STAGE_TITLES[s.code] ?? s.code}：${w}`)),
  ...(result.plausibility?.flags ?? []).map(flagWarning),
];

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
