// Transport rows saved when mortar was carried 40 km like concrete (once per database, marker below; a fresh seed
// sets it): GB/T 51366-2019 第6.3.2条 gives 40 km to concrete only, every other material 500 km. A row of an open
// building that copied 40 as its default distance from a system mortar factor (or, without a library material, was
// given 40 for a mortar name by the rule of the earlier calculation) and has no distance typed by its user takes 500.
// The change is recorded in the building's audit trail like any edit, so its result shows 结果已过期 until
// recalculated. A building under review or signed is left as it is: its signed result stays what was signed, and a
// row of its next revision copies the library's 500 when saved.
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { CONCRETE_KM, OTHER_KM } from '../db/seed/factorDetails';
import { MORTAR_FACTOR } from '../db/seed/standardUpgrade';
import { resourceDef } from '../db/registry';
import { stageDef } from './calculate';

export const ROW_DISTANCE_MARKER = 'stage_rows_v4_mortar_distance';

/** Answers how many rows changed. */
export async function upgradeRowDistances(trx: Tx): Promise<number> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', ROW_DISTANCE_MARKER).executeTakeFirst())
    return 0;
  const lib = sql.table(resourceDef('tpf3BuildMaterial').table);
  const buildings = sql.table(resourceDef('tpf3Project').table);
  const trans = sql.table(stageDef('trans')!.table);
  const result = await sql`update ${trans} r set default_distance = ${OTHER_KM}
    from ${buildings} p
    where p.id = r.project_id and coalesce(p.review_state, 'draft') = 'draft'
      and r.distance is null and r.default_distance = ${CONCRETE_KM}
      and (exists (select 1 from ${lib} l where l.id = r.material_id and l.tenant_id is null and ${MORTAR_FACTOR})
        or (r.material_id is null and r.material_name like '%砂浆%' and r.material_name not like '%混凝土%'))`.execute(
    trx,
  );
  await trx.insertInto('schema_migrations').values({ id: ROW_DISTANCE_MARKER }).execute();
  return Number(result.numAffectedRows ?? 0);
}
