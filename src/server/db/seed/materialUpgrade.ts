// Factor-library materials added to the seed after a database was seeded reach that database once per file, at
// start (one marker each): ./data/supplementary_materials.csv (materials real models carry that GB/T 51366 附录D
// lacks, international database values) and ./data/cn_materials.csv (the same families from Chinese sources). The
// seed rows not already there as system rows (same type, name, spec and unit) are inserted with their details. A
// fresh database has them from the first seed; a row an administrator deletes later is not brought back.
import { resourceDef } from '../registry';
import type { Tx } from '../database';
import { toColumns } from '../record';
import { FACTOR_FILES, type SeedFactor } from './factors';

export const SUPPLEMENT_MARKER = 'seed_v4_supplementary_materials';
export const CN_MATERIALS_MARKER = 'seed_v5_cn_materials';

/** Each materials file beyond App. D with the marker of the step that brings it, in seeding order. */
export const MATERIAL_UPGRADES: ReadonlyArray<{ marker: string; file: string }> = [
  { marker: SUPPLEMENT_MARKER, file: FACTOR_FILES.supplement },
  { marker: CN_MATERIALS_MARKER, file: FACTOR_FILES.cn },
];

/** Runs every step whose marker is missing; `load(file)` gives that file's seed rows with their details. */
export async function upgradeSupplementMaterials(trx: Tx, load: (file: string) => SeedFactor[]): Promise<number> {
  let inserted = 0;
  for (const { marker, file } of MATERIAL_UPGRADES) inserted += await upgradeOnce(trx, marker, () => load(file));
  return inserted;
}

async function upgradeOnce(trx: Tx, marker: string, load: () => SeedFactor[]): Promise<number> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', marker).executeTakeFirst()) return 0;
  const def = resourceDef('tpf3BuildMaterial');
  const rows = load();
  const key = (t: unknown, n: unknown, s: unknown, u: unknown) => `${t}|${n}|${s ?? ''}|${u}`;
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
  const known = new Set(have.map((r) => key(r.type, r.name, r.spec, r.unit)));
  const missing = rows.filter((r) => !known.has(key(r.type, r.name, r.spec, r.unit)));
  if (missing.length)
    await trx
      .insertInto(def.table)
      .values(missing.map((r) => ({ ...toColumns(def.schema, { ...r }, false), tenant_id: null })))
      .execute();
  await trx.insertInto('schema_migrations').values({ id: marker }).execute();
  return missing.length;
}
