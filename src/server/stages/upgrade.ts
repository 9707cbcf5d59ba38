// Older rows (once per database, marker 'stage_rows_v2'): they carry no energy, no data-quality
// class and, for transport, no default distance. They are given what the old calculation assumed — so a stored
// result does not move by itself — and from now on the trace shows it as 默认值 with its source:
// - energy: the library factor's energy; a row without a factor was priced with the grid factor → electricity;
//   a hand-typed factor per kWh → electricity, any other → other (it keeps its own factor);
// - quality: the library factor's class where the row uses one (others stay empty: 估算);
// - transport default distance: the library material of the same name, else the old rule (40 km for a name
//   containing 混凝土 or 砂浆, 500 km otherwise). A row in m³ without a density is not guessed: the next
//   calculation counts it 0 and names it.
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { resourceDef } from '../db/registry';
import { stageDef } from './calculate';

export const STAGE_ROWS_MARKER = 'stage_rows_v2';

export async function upgradeStageRows(trx: Tx): Promise<void> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', STAGE_ROWS_MARKER).executeTakeFirst())
    return;
  const lib = sql.table(resourceDef('tpf3BuildMaterial').table);
  for (const code of ['build', 'remove', 'removeChange', 'runtime']) {
    const t = sql.table(stageDef(code)!.table);
    const notRatio = code === 'remove' ? sql`and (r.method is null or r.method <> 'ratio')` : sql``;
    await sql`update ${t} r set energy = coalesce(l.energy, case when l.small_type = '电力' then 'electricity' else 'other' end)
      from ${lib} l where l.id = r.factor_id and r.energy is null ${notRatio}`.execute(trx);
    await sql`update ${t} r set energy = case when r.factor_value is null or r.factor_unit ilike '%kWh%' then 'electricity' else 'other' end
      where r.energy is null ${notRatio}`.execute(trx);
  }
  for (const code of [
    'produce',
    'trans',
    'build',
    'remove',
    'removeChange',
    'runtime',
    'runtimeChange',
    'waste',
    'green',
  ]) {
    const t = sql.table(stageDef(code)!.table);
    await sql`update ${t} r set quality = l.quality from ${lib} l where l.id = r.factor_id and r.quality is null and l.quality is not null`.execute(
      trx,
    );
  }
  const trans = sql.table(stageDef('trans')!.table);
  await sql`update ${trans} r set default_distance = l.default_distance
    from ${lib} l where l.type = '建材' and l.tenant_id is null and l.name = r.material_name and r.default_distance is null and l.default_distance is not null`.execute(
    trx,
  );
  await sql`update ${trans} r set default_distance = case when r.material_name like '%混凝土%' or r.material_name like '%砂浆%' then 40 else 500 end
    where r.default_distance is null`.execute(trx);
  await trx.insertInto('schema_migrations').values({ id: STAGE_ROWS_MARKER }).execute();
}
