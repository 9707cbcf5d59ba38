// Uncertainty at 估算 and 概预算: which inputs each row depends on is found by running the engine again
// with each input moved by 10 % (grid factor, design life, every transport distance) — elasticity ln(E'/E) / ln 1.1 —
// so no formula is re-implemented here; then src/calc/decide/montecarlo.ts draws. A row on the building's grid factor
// takes the grid range, not its data-quality band (one uncertainty per number).
// This file reads the rows and writes the answer; the engine runs and the draws (seconds of CPU for a large building)
// run in a pool thread (uncertaintyTask.ts), so other requests are answered meanwhile. The rows are read a page at a
// time (rowsInPages): on the embedded database a query runs on the request loop itself.
import { DATA_QUALITY, QUALITY_VALUES, type DataQuality } from '../../../schemas/factors/kinds';
import { DISTANCE_BAND, LIFE_BAND, QUALITY_BANDS } from '../../calc/decide/montecarlo';
import type { StageInput } from '../../calc/building';
import { formatNumber } from '../../calc/format';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { columnName, SYSTEM_COLUMNS } from '../db/naming';
import { storedColumns } from '../db/resourceColumns';
import { toRecord, type ApiRecord, type Row } from '../db/record';
import { badRequest } from '../errors';
import { threadPool } from '../jobs/threadPool';
import { resourceDef, type ResourceDef } from '../db/registry';
import { calcContext, stageInputs } from '../stages/calculate';
import { gridRange } from './gridRange';
import { pctText, type UncertaintyJob, type UncertaintyResult } from './uncertaintyTask';
import type { UncertaintyAnswer } from '../../calc/decide/types';

export const UNCERTAINTY_MSG = {
  accounting: '核算模块基于实际发生数据，不做不确定性分析',
  notCalculated: '请先完成计算',
} as const;
const QUALITY_LABEL = Object.fromEntries(DATA_QUALITY) as Record<DataQuality, string>;

const draw = (job: UncertaintyJob) =>
  threadPool.run<UncertaintyResult>(new URL('./uncertaintyTask.ts', import.meta.url), job);

export async function uncertainty(
  db: Db,
  building: ApiRecord,
  opts: { draws?: number; seed?: number } = {},
): Promise<UncertaintyAnswer> {
  if (building.computeMethod === 'accounting') throw badRequest(UNCERTAINTY_MSG.accounting);
  if (building.total == null) throw badRequest(UNCERTAINTY_MSG.notCalculated);
  const draws = opts.draws ?? 2000;
  const seed = opts.seed ?? 1;
  const inputs = await stageInputs(building, (def) => rowsInPages(db, def, building.id));
  const ctx = await calcContext(db, building);
  const factorNames = await names(db, inputs);
  // (read before the thread knows whether a row depends on the grid factor: none can without one)
  const range = ctx.gridFactor ? await gridRange(db, building) : null;
  const job: UncertaintyJob = {
    inputs: inputs.map((s) => ({ schema: s.schema, rows: s.rows, method: s.method })),
    ctx,
    factorNames,
    gridTri: range?.tri ?? null,
    draws,
    seed,
  };
  const { sim, grid, distance, elapsedMs } = await draw(job);
  const y = ctx.years;
  const inputsText = [
    ...(grid && range ? [{ label: '电网排放因子', distribution: range.text }] : []),
    {
      label: '设计使用年限',
      distribution: `三角分布 ${formatNumber(y * (1 - LIFE_BAND))}–${formatNumber(y)}–${formatNumber(y * (1 + LIFE_BAND))} 年（${pctText(LIFE_BAND)}）`,
    },
    ...(distance
      ? [{ label: '运输距离', distribution: `各运输行独立取三角分布，填写值 ${pctText(DISTANCE_BAND)}` }]
      : []),
    ...QUALITY_VALUES.map((q) => ({
      label: `因子数据质量：${QUALITY_LABEL[q]}`,
      distribution: `三角分布 ${pctText(QUALITY_BANDS[q])}（同一因子各行共用一次抽样）`,
    })),
  ];
  const notes = [
    `蒙特卡洛模拟 ${draws} 次（随机种子 ${seed}，结果可复现）；P10–P90 为 80% 的模拟结果所在区间。`,
    '各输入相互独立；电网因子与设计使用年限每次抽样全楼共用一个值。使用建筑电网因子的用电行只计电网因子的不确定性。',
  ];
  return {
    draws,
    seed,
    total: sim.total,
    intensity: sim.intensity,
    histogram: sim.histogram,
    tornado: sim.tornado,
    inputs: inputsText,
    notes,
    elapsedMs,
  };
}

/** Rows read at once at most: ~1 000 rows are tens of ms of the embedded database's time on the request loop. */
const PAGE = 1000;

/**
 * A building's rows of a stage, ordered by id, read a page at a time with the loop free between pages (10 000 rows
 * read at once held every other request for half a second). The ids first, then each page by its ids (the primary
 * key), so no page scans the building's rows again. Not in one transaction, which on the embedded database would
 * hold its one connection across the pauses: a row changed meanwhile is read as it is then.
 */
async function rowsInPages(db: Db, def: ResourceDef, projectId: number): Promise<ApiRecord[]> {
  // every column but the stored trace: the engine's own output, often the largest part of a row
  const columns = [
    ...Object.values(SYSTEM_COLUMNS),
    ...storedColumns(def.schema)
      .filter((c) => c.prop !== 'trace')
      .map((c) => c.column),
  ];
  const ids = (
    await db.selectFrom(def.table).select('id').where(columnName('projectId'), '=', projectId).orderBy('id').execute()
  ).map((r) => Number(r.id));
  const rows: ApiRecord[] = [];
  for (let i = 0; i < ids.length; i += PAGE) {
    if (i) await new Promise((resolve) => setImmediate(resolve));
    // (one array parameter, not a thousand: each parameter costs the embedded database's protocol)
    const page = (await db
      .selectFrom(def.table)
      .select(columns)
      .where(sql<boolean>`id = any(${ids.slice(i, i + PAGE)}::int[])`)
      .orderBy('id')
      .execute()) as Row[];
    for (const r of page) rows.push(toRecord(def.schema, r));
  }
  return rows;
}

async function names(db: Db, inputs: StageInput[]): Promise<Map<number, string>> {
  const ids = [
    ...new Set(inputs.flatMap((s) => s.rows.map((r) => r.factorId).filter((x): x is number => typeof x === 'number'))),
  ];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom(resourceDef('tpf3BuildMaterial').table)
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}
