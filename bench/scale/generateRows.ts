// The scale data set's 建材生产 rows (~5 M) and the result figures that follow from them. Each building gets its
// planned number of rows (an older revision the same rows as the building revised from it, as 新建修订版 copies
// them), materials taken in turn from the seeded library's 建材 factors, each row's emission = quantity × factor
// as the calculation stores it; then each completed building's 建材生产 figure is its rows' sum and the other
// stages follow the demo building it was shaped after, so the result page, 统计分析 and the stage's 合计 agree.
// The six big buildings' rows go in last, as a recent import's do: at the end of the table, far from the first rows;
// every row is stamped when it is written, as an import stamps it (so its create_date index grows at its end).
import type { Raw } from '../lib/raw';
import { step } from './generate';

/** Buildings per insert: the 5 M rows go in ~25 statements, each logged (and each audited as its own statement). */
const CHUNK = 800;
/** A building of this many rows or more is one of the big ones, filled last. */
const BIG = 20_000;

const ROW_COLUMNS = `create_date, update_date, create_by, tenant_id, project_id, material_name, spec, unit, quantity, factor_id, factor_value, factor_unit,
  factor_source, quality, density, emission`;

/**
 * The rows of the buildings `from` ≤ id < `to` of the plan, for the building itself (`older` false) or its older
 * revision.
 */
const rowsSql = (older: boolean) => `
  insert into stage_produce (${ROW_COLUMNS})
  select clock_timestamp(), clock_timestamp(), p.create_by, p.tenant_id, p.id, f.name, f.spec, f.unit, q.quantity, f.id, f.material_co, f.co_unit,
         f.source, 'standard', f.density, q.quantity * f.material_co
    from bench_scale_building b
    join tpf3_project p on p.id = b.id + ${older ? 100000 : 0}
    cross join lateral generate_series(1, b.rows) g
    join factors f on f.n = 1 + (g + b.i) % (select count(*) from factors)
    cross join lateral (select round((1 + (g * 7919 + b.i * 104729) % 5000)::numeric / 10, 1)::float8 as quantity) q
   where b.id >= $1 and b.id < $2 and (b.rows >= ${BIG}) = $3 ${older ? 'and b.revised' : ''}`;

export async function generateRows(raw: Raw, log: (s: string) => void): Promise<void> {
  const [{ lo, hi, total }] = await raw.query<{ lo: number; hi: number; total: string }>(
    `select min(id)::int as lo, max(id)::int as hi, (sum(rows) + sum(rows) filter (where revised))::bigint as total from bench_scale_building`,
  );
  const t0 = performance.now();
  let done = 0;
  const chunks = [
    ...Array.from(
      { length: Math.ceil((hi - lo + 1) / CHUNK) },
      (_, c) => [lo + c * CHUNK, lo + (c + 1) * CHUNK, false] as const,
    ),
    [lo, hi + 1, true] as const,
  ];
  for (const [from, to, big] of chunks) {
    await step(
      raw,
      () => {},
      '',
      async (q) => {
        await q.query(`create temp table factors on commit drop as
        select row_number() over (order by id) as n, * from tpf3_build_material where type = '建材' and tenant_id is null and superseded_by is null`);
        await q.query(rowsSql(false), [from, to, big]);
        await q.query(rowsSql(true), [from, to, big]);
      },
    );
    const [{ n }] = await raw.query<{ n: string }>(
      `select coalesce(sum(rows) + coalesce(sum(rows) filter (where revised), 0), 0)::bigint as n from bench_scale_building where id >= $1 and id < $2 and (rows >= ${BIG}) = $3`,
      [from, to, big],
    );
    done += Number(n);
    const s = (performance.now() - t0) / 1000;
    log(`    建材生产 rows: ${(done / 1e6).toFixed(2)} M of ${(Number(total) / 1e6).toFixed(2)} M, ${s.toFixed(0)} s`);
  }
  await step(raw, log, 'result figures from the rows', async (q) => {
    // a completed building's figures: 建材生产 its rows' sum (kg → t), the other stages in the demo's proportions;
    // its result marked as calculated after its last audit entry (not stale), but one in 50 changed since (stale)
    await q.query(`
      update tpf3_project p set
        produce = s.t,
        trans = s.t * coalesce(d.trans / nullif(d.produce, 0), 0), build = s.t * coalesce(d.build / nullif(d.produce, 0), 0),
        remove = s.t * coalesce(d.remove / nullif(d.produce, 0), 0), runtime_total = s.t * coalesce(d.runtime_total / nullif(d.produce, 0), 0),
        runtime_change = 0, waste = s.t * coalesce(d.waste / nullif(d.produce, 0), 0), green = s.t * coalesce(d.green / nullif(d.produce, 0), 0),
        total = s.t * coalesce(d.total / nullif(d.produce, 0), 1),
        streng3 = s.t * coalesce(d.total / nullif(d.produce, 0), 1) * 1000 / (p.build_area * p.use_date_limit),
        result_input_id = case when b.i % 50 = 49 then 0 else (select max(a.id) from tpf3_audit a where a.project_id = p.id) end
      from (select project_id, sum(emission) / 1000 as t from stage_produce group by project_id) s, bench_scale_building b, tpf3_project d
      where s.project_id = p.id and b.id = p.id - case when p.id >= 100000 then 100000 else 0 end and d.id = b.demo and p.status = '1'`);
  });
}
