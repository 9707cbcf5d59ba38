// Two corrections of the library to GB/T 51366-2019, for a database seeded before them (once, marker below; a fresh
// seed has them already and sets the marker):
// - 第6.3.2条 gives concrete 40 km and every other material 500 km. Mortar was once carried 40 km like concrete: the
//   system's mortar factors (a 砂浆 name outside the 混凝土 group) still at 40 now say 500. A value an administrator
//   set otherwise stays. The change moves the library's version (update_date), which a signed result names.
// - water drawn on site is counted in 建筑建造 by energy kind, which needs a 能源 factor of kind water: the seed's
//   自来水 energy row (附录D's number) is added when no system row of that type, name, specification and unit exists.
// The rows of open buildings that copied the old 40 are brought along by ../../stages/distanceUpgrade.ts.
import { sql } from 'kysely';
import { resourceDef } from '../registry';
import type { Tx } from '../database';
import { toColumns } from '../record';
import { CONCRETE_KM, OTHER_KM } from './factorDetails';
import type { SeedFactor } from './factors';

export const STANDARD_LIBRARY_MARKER = 'seed_v7_mortar_distance_water';

/** The system's mortar factors, as SQL over the library aliased `l` (the rows part names the same ones). */
export const MORTAR_FACTOR = sql`l.type = '建材' and l.name like '%砂浆%' and coalesce(l.small_type, '') <> '混凝土'`;

/** `water` gives the seed's water energy rows with their details (seed.ts: from loadSeedFactors). */
export async function upgradeLibraryStandard(
  trx: Tx,
  water: () => SeedFactor[],
): Promise<{ mortar: number; water: number }> {
  if (
    await trx.selectFrom('schema_migrations').select('id').where('id', '=', STANDARD_LIBRARY_MARKER).executeTakeFirst()
  )
    return { mortar: 0, water: 0 };
  const def = resourceDef('tpf3BuildMaterial');
  const lib = sql.table(def.table);
  const mortar = await sql`update ${lib} as l set default_distance = ${OTHER_KM}, update_date = now()
    where l.tenant_id is null and l.superseded_by is null and ${MORTAR_FACTOR} and l.default_distance = ${CONCRETE_KM}`.execute(
    trx,
  );
  const rows = water();
  const have = rows.length
    ? await trx
        .selectFrom(def.table)
        .select(['type', 'name', 'spec', 'unit'])
        .where('tenant_id', 'is', null)
        .where(
          'name',
          'in',
          rows.map((r) => r.name),
        )
        .execute()
    : [];
  const key = (r: { type: unknown; name: unknown; spec: unknown; unit: unknown }) =>
    `${r.type}|${r.name}|${r.spec ?? ''}|${r.unit}`;
  const known = new Set(have.map(key));
  const missing = rows.filter((r) => !known.has(key(r)));
  if (missing.length)
    await trx
      .insertInto(def.table)
      .values(missing.map((r) => ({ ...toColumns(def.schema, { ...r }, false), tenant_id: null })))
      .execute();
  await trx.insertInto('schema_migrations').values({ id: STANDARD_LIBRARY_MARKER }).execute();
  return { mortar: Number(mortar.numAffectedRows ?? 0), water: missing.length };
}
