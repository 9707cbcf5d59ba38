// Factor-library materials added to the seed after a database was seeded (issue 22 §6: ./data/
// supplementary_materials.csv, materials real models carry that GB/T 51366 附录D lacks) reach that database once, at
// start (marker below): the seed rows not already there as system rows (same type, name, spec and unit) are
// inserted with their details. A fresh database has them from the first seed; a row an administrator deletes later
// is not brought back.
import { resourceDef } from '../../registry';
import type { Tx } from '../database';
import { toColumns } from '../record';
import type { SeedFactor } from './factors';

export const SUPPLEMENT_MARKER = 'seed_v4_supplementary_materials';

export async function upgradeSupplementMaterials(trx: Tx, load: () => SeedFactor[]): Promise<number> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', SUPPLEMENT_MARKER).executeTakeFirst()) return 0;
  const def = resourceDef('tpf3BuildMaterial');
  const rows = load();
  const key = (t: unknown, n: unknown, s: unknown, u: unknown) => `${t}|${n}|${s ?? ''}|${u}`;
  const have = await trx
    .selectFrom(def.table)
    .select(['type', 'name', 'spec', 'unit'])
    .where('tenant_id', 'is', null)
    .where('name', 'in', rows.map((r) => r.name))
    .execute();
  const known = new Set(have.map((r) => key(r.type, r.name, r.spec, r.unit)));
  const missing = rows.filter((r) => !known.has(key(r.type, r.name, r.spec, r.unit)));
  if (missing.length) await trx.insertInto(def.table).values(missing.map((r) => ({ ...toColumns(def.schema, { ...r }, false), tenant_id: null }))).execute();
  await trx.insertInto('schema_migrations').values({ id: SUPPLEMENT_MARKER }).execute();
  return missing.length;
}
