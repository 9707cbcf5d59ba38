// Applying a substitute never edits the building: it creates a variant whose copy of the row takes the
// new factor (copied into the row as a save would, its data-quality class the new factor's) and calculates it.
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { writableBuilding } from '../buildings/writable';
import { invalid, notFound } from '../errors';
import { resourceDef } from '../db/registry';
import { stageDef } from '../stages/calculate';
import { copyFactor } from '../stages/factorCopy';
import { substitutesFor, SUBSTITUTE_STAGE } from './hotspots';
import { createVariant } from './variants';
import { variantRows } from './variantStore';

export const SUBSTITUTE_MSG = {
  stage: '仅建材生产阶段的材料可以替代',
  row: '该行数据不存在或没有因子库中的因子',
  factor: '所选因子不是该材料的更低碳同类因子',
} as const;

export interface SubstituteBody {
  stage: string;
  rowId: number;
  factorId: number;
  name?: string;
}

/** '替代-<材料>' within 20 characters; '-2', '-3' … when taken. */
function variantName(label: string, taken: Set<string>): string {
  for (let i = 1; ; i++) {
    const suffix = i === 1 ? '' : `-${i}`;
    const name = [...`替代-${label}`].slice(0, 20 - suffix.length).join('') + suffix;
    if (!taken.has(name)) return name;
  }
}

export async function applySubstitute(
  db: Db,
  caller: Caller,
  projectId: number,
  body: SubstituteBody,
): Promise<number> {
  if (body.stage !== SUBSTITUTE_STAGE) throw invalid([{ field: 'stage', errorMsg: SUBSTITUTE_MSG.stage }]);
  const def = stageDef(SUBSTITUTE_STAGE)!;
  const building = await db.transaction().execute((trx) => writableBuilding(db, caller, projectId, trx));
  const row = (await db
    .selectFrom(def.table)
    .selectAll()
    .where('id', '=', body.rowId)
    .where('project_id', '=', projectId)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row || typeof row.factor_id !== 'number' || typeof row.emission !== 'number')
    throw invalid([{ field: 'rowId', errorMsg: SUBSTITUTE_MSG.row }]);
  const library = resourceDef('tpf3BuildMaterial');
  const ownRow = await db.selectFrom(library.table).selectAll().where('id', '=', row.factor_id).executeTakeFirst();
  if (!ownRow) throw notFound();
  const own = {
    id: Number(ownRow.id),
    type: ownRow.type,
    unit: ownRow.unit,
    smallType: ownRow.small_type,
    name: ownRow.name,
    spec: ownRow.spec,
  } as ApiRecord;
  const label = String(row.material_name ?? '');
  const offered = await substitutesFor(
    db,
    building,
    { emission: row.emission, factorValue: Number(row.factor_value), label },
    own,
  );
  const chosen = offered.find((s) => s.factorId === body.factorId);
  if (!chosen) throw invalid([{ field: 'factorId', errorMsg: SUBSTITUTE_MSG.factor }]);
  const taken = new Set((await variantRows(db, projectId)).map((v) => v.name));
  const name = body.name?.trim() || variantName(label, taken);
  const f = await repo(db, 'tpf3BuildMaterial').get(caller, body.factorId);
  return createVariant(db, caller, projectId, name, `替代：${label} → ${chosen.name}`.slice(0, 200), async (snap) => {
    const target = snap.data[def.name]?.find((r) => r.id === body.rowId);
    if (!target) throw invalid([{ field: 'rowId', errorMsg: SUBSTITUTE_MSG.row }]);
    const keyword = def.schema.properties.factorId['x-factor']!;
    target.factorId = body.factorId;
    delete target.quality;
    delete target.qualityRef;
    copyFactor(def.schema, keyword, f, target, keyword.prefix ?? 'factor');
  });
}
