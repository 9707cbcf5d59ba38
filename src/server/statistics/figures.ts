// 统计分析's figures, summed by the database over the buildings the caller may read (each by its current revision):
// per compute method the sum of each result field over its completed buildings, with how many were summed, how
// many are not completed (and so not counted) and how many of the summed have a result older than their rows;
// and the engineering projects' totals. Only these figures travel, however many buildings there are.
import { sql, type RawBuilder } from 'kysely';
import { resultFields } from '../../../schemas/results';
import type { EngineeringTotals, MethodFigures, Statistics } from '../../../schemas/statistics';
import { MODULES } from '../../../schemas/standards';
import { staleSql } from '../buildings/stale';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { columnName } from '../db/naming';
import { repo } from '../db/repo';
import { resourceDef } from '../db/registry';

const completed = sql<boolean>`status = '1'`;
const f8 = (e: RawBuilder<unknown>) => sql<number>`coalesce(${e}, 0)::float8`;

/** A sink is shown as a reduction whatever sign it was stored with (as on the result page). */
const summed = (field: string, sink: boolean) =>
  f8(
    sink
      ? sql`sum(-abs(${sql.ref(columnName(field))})) filter (where ${completed})`
      : sql`sum(${sql.ref(columnName(field))}) filter (where ${completed})`,
  );

export async function methodFigures(db: Db, caller: Caller): Promise<MethodFigures[]> {
  const fields = resultFields();
  const rows = (await repo(db, 'tpf3Project')
    .readable(caller)
    .select([
      'compute_method',
      sql<number>`(count(*) filter (where ${completed}))::int`.as('completed'),
      sql<number>`(count(*) filter (where status is distinct from '1'))::int`.as('incomplete'),
      sql<number>`(count(*) filter (where ${completed} and ${staleSql()}))::int`.as('stale'),
      ...fields.map((f) => summed(f.field, f.sink).as(f.field)),
    ])
    .groupBy('compute_method')
    .execute()) as Record<string, unknown>[];
  const byMethod = new Map(rows.map((r) => [String(r.compute_method), r]));
  return MODULES.map((m) => {
    const r = byMethod.get(m.code);
    return {
      code: m.code,
      label: m.label,
      completed: Number(r?.completed ?? 0),
      incomplete: Number(r?.incomplete ?? 0),
      stale: Number(r?.stale ?? 0),
      sums: Object.fromEntries(fields.map((f) => [f.field, Number(r?.[f.field] ?? 0)])),
    };
  });
}

/** The figures of the 项目统计 table's 合计 row: every project's, whichever page of them is shown. */
export async function engineeringTotals(db: Db, caller: Caller): Promise<EngineeringTotals> {
  const projects = repo(db, 'tpf3Engineering').readable(caller);
  const [count, sums] = await Promise.all([
    projects.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    repo(db, 'tpf3Project')
      .readable(caller)
      .where('engineering_id', 'in', projects.select(`${resourceDef('tpf3Engineering').table}.id`))
      .select([
        sql<number>`count(*)::int`.as('buildings'),
        sql<number>`(count(*) filter (where ${completed}))::int`.as('completed'),
        f8(sql`sum(total) filter (where ${completed})`).as('total'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(count.n),
    buildings: Number(sums.buildings),
    completed: Number(sums.completed),
    total: Number(sums.total),
  };
}

export async function statistics(db: Db, caller: Caller): Promise<Statistics> {
  const [methods, engineerings] = await Promise.all([methodFigures(db, caller), engineeringTotals(db, caller)]);
  return { methods, engineerings };
}
