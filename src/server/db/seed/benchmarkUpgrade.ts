// Reference lines added to the seed after a database was seeded (合理性检查's material quantities per m²,
// metrics concrete and steel of 参考值库) reach that database once, at start (marker below): the seed lines of
// those metrics not already there (same metric, name and type, system rows) are inserted, and the metric
// dictionary benchmarkMetric gets the items it lacks (items an administrator edited stay as they are). A fresh
// database already has them from the first seed; a line an administrator deletes later is not brought back.
import { BENCHMARK_METRICS, MATERIAL_BENCHMARK_METRICS } from '../../../../schemas/factors/tpf3Benchmark';
import { resourceDef } from '../registry';
import type { Tx } from '../database';
import { toColumns } from '../record';
import { loadSeedBenchmarks } from './benchmarks';

export const MATERIAL_LINES_MARKER = 'seed_v3_material_benchmarks';

export async function upgradeBenchmarks(trx: Tx): Promise<void> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', MATERIAL_LINES_MARKER).executeTakeFirst())
    return;
  const def = resourceDef('tpf3Benchmark');
  const metrics: readonly string[] = MATERIAL_BENCHMARK_METRICS;
  const have = await trx
    .selectFrom(def.table)
    .select(['metric', 'name', 'build_type'])
    .where('tenant_id', 'is', null)
    .where('metric', 'in', [...metrics])
    .execute();
  const key = (m: unknown, n: unknown, t: unknown) => `${m}|${n}|${t}`;
  const known = new Set(have.map((r) => key(r.metric, r.name, r.build_type)));
  const missing = loadSeedBenchmarks().filter(
    (b) => metrics.includes(b.metric) && !known.has(key(b.metric, b.name, b.buildType)),
  );
  if (missing.length)
    await trx
      .insertInto(def.table)
      .values(missing.map((b) => ({ ...toColumns(def.schema, { ...b }, false), tenant_id: null })))
      .execute();

  const dict = await trx
    .selectFrom('sys_dict')
    .select(['id', 'items'])
    .where('dict_code', '=', 'benchmarkMetric')
    .executeTakeFirst();
  if (dict) {
    const items = (typeof dict.items === 'string' ? JSON.parse(dict.items) : (dict.items ?? [])) as {
      value: string;
      label: string;
    }[];
    const values = new Set(items.map((i) => i.value));
    const add = BENCHMARK_METRICS.filter(([v]) => !values.has(v)).map(([value, label]) => ({ value, label }));
    if (add.length)
      await trx
        .updateTable('sys_dict')
        .set({ items: JSON.stringify([...items, ...add]) })
        .where('id', '=', dict.id)
        .execute();
  }
  await trx.insertInto('schema_migrations').values({ id: MATERIAL_LINES_MARKER }).execute();
}
