// The grid electricity factor a new building starts with: the current official average of its
// site's province — the newest 生态环境部/国家统计局 provincial dataset (MEE_NBS_<year>_province) — else the
// newest national average, current factor versions only (factors/versions.ts). Baseline (OM/BM) factors are never
// chosen (and refused when picked, factorCopy.ts).
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { loadCities } from '../db/seed/dictionaries';
import { resourceDef } from '../db/registry';

const SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

let provinceByCity: Map<string, string> | undefined;

/** '南京市' → '江苏' (the short province name the grid tables use). */
export function provinceOf(city: string): string | undefined {
  provinceByCity ??= new Map(
    loadCities().flatMap((p) => p.cities.map((c) => [c.name, p.name.replace(SUFFIX, '')] as const)),
  );
  return provinceByCity.get(city);
}

export async function defaultGridFactorId(ex: Executor, site: string): Promise<number | undefined> {
  const t = resourceDef('tpf3BuildMaterial').table;
  const base = () =>
    ex
      .selectFrom(t)
      .select('id')
      .where('type', '=', '能源')
      .where('small_type', '=', '电力')
      .where('tenant_id', 'is', null)
      .where('superseded_by', 'is', null);
  const province = provinceOf(site);
  const own = province
    ? await base()
        .where('name', '=', province)
        .where('spec', 'like', 'MEE\\_NBS\\_%\\_province')
        .orderBy('spec', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const national =
    own ??
    (await base()
      .where('name', '=', '全国')
      .where('spec', 'like', 'MEE\\_NBS\\_%')
      .where(sql<boolean>`spec not like '%province'`)
      .orderBy('spec', 'desc')
      .limit(1)
      .executeTakeFirst());
  return national ? Number(national.id) : undefined;
}
