// A building's data as a variant keeps it: every row of every resource the building owns (stage rows,
// extended data) as records with their ids, and its chosen stage methods. Restoring puts the rows back with the SAME
// ids — only one variant is live at a time and ids come from each table's sequence, so they never collide — which is
// what lets two variants be compared row by row. A snapshot is calculated with the live engine, without storing.
import { calculateBuilding, type BuildingResult } from '../../calc/building';
import type { Executor, Tx } from '../db/database';
import { columnName } from '../db/naming';
import { recordColumns, toRecord, type ApiRecord, type Row } from '../db/record';
import type { ResourceDef } from '../db/registry';
import { projectOwned } from '../buildings/buildingHooks';
import { calcContext, stageInputs } from '../stages/calculate';

/** Records by resource name. */
export type SnapshotData = Record<string, ApiRecord[]>;

export interface Snapshot {
  data: SnapshotData;
  stageMethods: Record<string, string>;
}

export async function takeSnapshot(ex: Executor, building: ApiRecord): Promise<Snapshot> {
  const data: SnapshotData = {};
  for (const def of projectOwned()) {
    const rows = (await ex
      .selectFrom(def.table)
      .selectAll()
      .where(columnName('projectId'), '=', building.id)
      .orderBy('id')
      .execute()) as Row[];
    if (rows.length) data[def.name] = rows.map((r) => toRecord(def.schema, r));
  }
  return { data, stageMethods: (building.stageMethods ?? {}) as Record<string, string> };
}

export const rowCount = (data: SnapshotData) => Object.values(data).reduce((n, rows) => n + rows.length, 0);

/** Replaces the building's live rows by the snapshot's (one INSERT per table). */
export async function restoreSnapshot(trx: Tx, building: ApiRecord, snap: Snapshot): Promise<void> {
  for (const def of projectOwned()) {
    await trx.deleteFrom(def.table).where(columnName('projectId'), '=', building.id).execute();
    const rows = snap.data[def.name] ?? [];
    if (!rows.length) continue;
    const values = rows.map((r) => ({
      ...recordColumns(def.schema, { ...r, projectId: building.id }),
      id: r.id,
      tenant_id: building.tenantId ?? null,
      create_by: r.createBy ?? null,
      create_date: r.createDate ?? new Date().toISOString(),
    }));
    for (let i = 0; i < values.length; i += 1000)
      await trx
        .insertInto(def.table)
        .values(values.slice(i, i + 1000))
        .execute();
  }
  await trx
    .updateTable('tpf3_project')
    .set({ stage_methods: JSON.stringify(snap.stageMethods ?? {}), update_date: new Date() })
    .where('id', '=', building.id)
    .execute();
}

/** The rows of one resource in a snapshot, in id order (as the live calculation reads them). */
export const snapshotRows = (snap: Snapshot, def: ResourceDef) =>
  [...(snap.data[def.name] ?? [])].sort((a, b) => a.id - b.id);

/**
 * The snapshot calculated as the building would be (its menus, area, life, grid factor); each row's emission written
 * into the snapshot.
 */
export async function calculateSnapshot(ex: Executor, building: ApiRecord, snap: Snapshot): Promise<BuildingResult> {
  const b = { ...building, stageMethods: snap.stageMethods };
  const inputs = await stageInputs(b, (def) => snapshotRows(snap, def));
  const result = calculateBuilding(inputs, await calcContext(ex, b, inputs));
  for (const stage of result.stages) {
    const def = inputs.find((x) => x.schema['x-stage']!.code === stage.code)!.def;
    const byId = new Map(stage.rows.map((r) => [r.id, r.emission]));
    for (const rec of snap.data[def.name] ?? []) if (byId.has(rec.id)) rec.emission = byId.get(rec.id) ?? null;
  }
  return result;
}
