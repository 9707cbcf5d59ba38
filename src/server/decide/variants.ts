// Design variants (方案): named snapshots of a building's data. Once a building has variants, exactly
// one is current — its data is the live data the stage screens edit and its result the building's — and one is the
// pinned baseline. Switching is explicit: the live data goes back into the current variant, the chosen one's rows
// come back with their ids, and the building is recalculated. Every change needs the right to change the building.
import type { Caller } from '../db/caller';
import type { Db, Tx } from '../db/database';
import { repo } from '../db/repo';
import { writableBuilding } from '../buildings/writable';
import { badRequest, invalid, notFound } from '../errors';
import { calculateAndStore } from '../stages/calculate';
import { calculateSnapshot, restoreSnapshot, takeSnapshot, type Snapshot } from './snapshot';
import type { VariantList } from '../../calc/decide/types';
import {
  BASELINE_NAME,
  insertVariant,
  liveResult,
  MAX_VARIANTS,
  snapshotOf,
  storeSnapshot,
  toVariant,
  userNames,
  variantRow,
  variantRows,
  type StoredResult,
} from './variantStore';

export const VARIANT_MSG = {
  nameRequired: '请输入方案名称',
  nameTooLong: '方案名称不超过 20 个字符',
  nameTaken: (n: string) => `方案名称「${n}」已存在`,
  tooMany: `每个单体最多保存 ${MAX_VARIANTS} 个方案`,
  deleteCurrent: '当前方案不能删除，请先切换到其他方案',
  deleteBaseline: '基准方案不能删除，请先将其他方案设为基准',
  notCalculated: '该单体尚未计算，请先完成计算后再保存方案',
} as const;

const buildings = (db: Db) => repo(db, 'tpf3Project');

export async function canEdit(db: Db, caller: Caller, projectId: number): Promise<boolean> {
  try {
    await db.transaction().execute((trx) => buildings(db).assertWritable(trx, caller, projectId));
    return true;
  } catch {
    return false;
  }
}

/** The building if the caller may change it (buildings/writable.ts). */
export const writable = writableBuilding;

export async function listVariants(db: Db, caller: Caller, projectId: number): Promise<VariantList> {
  const building = await buildings(db).get(caller, projectId);
  const rows = await variantRows(db, projectId);
  const names = await userNames(db, rows);
  return { variants: rows.map((v) => toVariant(v, building, names)), canEdit: await canEdit(db, caller, projectId) };
}

export function checkName(raw: unknown): string {
  const name = String(raw ?? '').trim();
  if (!name) throw invalid([{ field: 'name', errorMsg: VARIANT_MSG.nameRequired }]);
  if ([...name].length > 20) throw invalid([{ field: 'name', errorMsg: VARIANT_MSG.nameTooLong }]);
  return name;
}

const resultOf = (r: { fields: Record<string, number>; total: number; streng3: number | null }): StoredResult => ({
  fields: { ...r.fields },
  total: r.total,
  streng3: r.streng3,
});

/**
 * A new variant from the live data (changed by `change` first, e.g. a substitute), calculated, not current. The
 * building's first variant also saves the live data as 基准方案 (baseline and current).
 */
export async function createVariant(
  db: Db,
  caller: Caller,
  projectId: number,
  rawName: unknown,
  origin: string,
  change?: (snap: Snapshot, trx: Tx) => Promise<void>,
): Promise<number> {
  const name = checkName(rawName);
  return db.transaction().execute(async (trx) => {
    const building = await writable(db, caller, projectId, trx);
    if (building.total == null) throw badRequest(VARIANT_MSG.notCalculated);
    const existing = await variantRows(trx, projectId);
    if (existing.some((v) => v.name === name) || (!existing.length && name === BASELINE_NAME))
      throw invalid([{ field: 'name', errorMsg: VARIANT_MSG.nameTaken(name) }]);
    if (existing.length + (existing.length ? 1 : 2) > MAX_VARIANTS) throw badRequest(VARIANT_MSG.tooMany);
    const live = await takeSnapshot(trx, building);
    if (!existing.length)
      await insertVariant(trx, {
        building,
        name: BASELINE_NAME,
        origin: '保存当前数据',
        baseline: true,
        current: true,
        snap: live,
        result: liveResult(building),
        userId: caller.userId,
      });
    const snap: Snapshot = structuredClone(live);
    if (change) await change(snap, trx);
    const result = resultOf(await calculateSnapshot(trx, building, snap));
    return insertVariant(trx, {
      building,
      name,
      origin,
      baseline: false,
      current: false,
      snap,
      result,
      userId: caller.userId,
    });
  });
}

async function owned(db: Db, caller: Caller, variantId: number, trx: Tx) {
  const v = await variantRow(trx, variantId);
  if (!v) throw notFound();
  const building = await writable(db, caller, v.project_id, trx);
  return { v, building };
}

/** The live data back into the current variant; the chosen one's data live and calculated. */
export async function switchVariant(db: Db, caller: Caller, variantId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { v, building } = await owned(db, caller, variantId, trx);
    if (v.is_current) return v.project_id;
    const current = (await variantRows(trx, v.project_id)).find((x) => x.is_current);
    if (current) await storeSnapshot(trx, current.id, await takeSnapshot(trx, building), liveResult(building));
    await restoreSnapshot(trx, building, snapshotOf(v));
    await calculateAndStore(trx, { ...building, stageMethods: v.stage_methods ?? {} });
    await trx.updateTable('tpf3_variant').set({ is_current: false }).where('project_id', '=', v.project_id).execute();
    await trx.updateTable('tpf3_variant').set({ is_current: true }).where('id', '=', v.id).execute();
    return v.project_id;
  });
}

/** A current variant is the live building (calculated by the stage screens' 计算); any other from its snapshot. */
export async function calculateVariant(db: Db, caller: Caller, variantId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { v, building } = await owned(db, caller, variantId, trx);
    if (v.is_current) {
      await calculateAndStore(trx, building);
      return v.project_id;
    }
    const snap = snapshotOf(v);
    const result = resultOf(await calculateSnapshot(trx, building, snap));
    await storeSnapshot(trx, v.id, snap, result);
    return v.project_id;
  });
}

export async function updateVariant(
  db: Db,
  caller: Caller,
  variantId: number,
  body: { name?: string; isBaseline?: boolean },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { v } = await owned(db, caller, variantId, trx);
    if (body.name !== undefined) {
      const name = checkName(body.name);
      const taken = (await variantRows(trx, v.project_id)).some((x) => x.name === name && x.id !== v.id);
      if (taken) throw invalid([{ field: 'name', errorMsg: VARIANT_MSG.nameTaken(name) }]);
      await trx.updateTable('tpf3_variant').set({ name }).where('id', '=', v.id).execute();
    }
    if (body.isBaseline) {
      await trx
        .updateTable('tpf3_variant')
        .set({ is_baseline: false })
        .where('project_id', '=', v.project_id)
        .execute();
      await trx.updateTable('tpf3_variant').set({ is_baseline: true }).where('id', '=', v.id).execute();
    }
    return v.project_id;
  });
}

export async function deleteVariant(db: Db, caller: Caller, variantId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { v } = await owned(db, caller, variantId, trx);
    if (v.is_current) throw badRequest(VARIANT_MSG.deleteCurrent);
    if (v.is_baseline) throw badRequest(VARIANT_MSG.deleteBaseline);
    await trx.deleteFrom('tpf3_variant').where('id', '=', v.id).execute();
    return v.project_id;
  });
}
