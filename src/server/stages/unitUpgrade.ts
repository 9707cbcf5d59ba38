// Rows saved before densities had units and fuels their own calorific values (once per database, marker below):
// - a density copied from the library keeps the library's meaning, t per the factor's unit (1.9 t/m3 for a brick
//   counted in m³). A brick row in 千块 that took it as t per brick is then refused by the next calculation, which
//   names what it needs (its size or its own density), instead of weighing 1 000 times too much;
// - a density the user typed without a unit was t per the base of the row's unit (t per 块 on a row in 千块, t per m³
//   on a row in L); it is now read as t per the unit as written, so such rows are given that old unit explicitly —
//   their figures stay, and the trace now shows what was assumed;
// - a row on a library fuel gets that fuel's own calorific value (coke 28.435 MJ/kg, not raw coal's 20.908).
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { AUDIT_TABLE } from '../db/audit';
import { passLock } from '../db/lock';
import { resourceDef } from '../db/registry';
import { stageDef } from './calculate';
import { baseText, bridgeable } from '../../calc/bridges';
import { parseUnit } from '../../calc/units';

export const ROW_UNITS_MARKER = 'stage_rows_v3_units';

export async function upgradeRowUnits(trx: Tx): Promise<void> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', ROW_UNITS_MARKER).executeTakeFirst())
    return;
  await passLock(trx);
  const lib = sql.table(resourceDef('tpf3BuildMaterial').table);
  const buildings = sql.table(resourceDef('tpf3Project').table);
  const audit = sql.table(AUDIT_TABLE);
  const since = async () =>
    Number((await sql<{ n: number }>`select coalesce(max(id), 0) as n from ${audit}`.execute(trx)).rows[0].n);
  // a density typed without its unit is given the unit it was read as: nothing a result depends on changes, so the
  // building's audit trail (and with it the freshness of its result) is left as it was
  const before = await since();
  for (const code of ['produce', 'trans']) {
    const t = sql.table(stageDef(code)!.table);
    const units = await sql<{
      unit: string;
    }>`select distinct r.unit from ${t} r where r.density is not null and coalesce(r.density_unit, '') = ''`.execute(
      trx,
    );
    for (const { unit } of units.rows) {
      const u = parseUnit(unit);
      if (!u || u.scale === 1 || !bridgeable(u.dims)) continue;
      await sql`update ${t} r set density_unit = ${`t/${baseText(u.dims)}`}
        where r.unit = ${unit} and r.density is not null and coalesce(r.density_unit, '') = ''
          and not exists (select 1 from ${lib} l where l.id in (r.${sql.ref(code === 'trans' ? 'material_id' : 'factor_id')}) and l.density = r.density)`.execute(
        trx,
      );
    }
  }
  await sql`delete from ${audit} where id > ${before}`.execute(trx);
  // the library's density and the fuel's calorific value do change what a row makes: an open building's result is
  // then 结果已过期 until recalculated; a building under review or signed keeps its signed result unmarked, and its
  // next revision calculates with them
  const after = await since();
  for (const [code, pick] of [
    ['produce', 'factor_id'],
    ['trans', 'material_id'],
  ] as const) {
    await sql`update ${sql.table(stageDef(code)!.table)} r set density_unit = l.density_unit
      from ${lib} l where l.id = r.${sql.ref(pick)} and r.density = l.density and coalesce(r.density_unit, '') = '' and coalesce(l.density_unit, '') <> ''`.execute(
      trx,
    );
  }
  for (const code of ['build', 'remove', 'removeChange', 'runtime']) {
    await sql`update ${sql.table(stageDef(code)!.table)} r set ncv = l.ncv, ncv_unit = l.ncv_unit, ncv_source = l.ncv_source
      from ${lib} l where l.id = r.factor_id and r.ncv is null and l.ncv is not null`.execute(trx);
  }
  await sql`delete from ${audit} a where a.id > ${after} and exists (select 1 from ${buildings} p where p.id = a.project_id and coalesce(p.review_state, 'draft') <> 'draft')`.execute(
    trx,
  );
  await trx.insertInto('schema_migrations').values({ id: ROW_UNITS_MARKER }).execute();
}
