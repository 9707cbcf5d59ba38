// A stored result knows what it was computed from. The audit trail (db/audit.ts) records every write to a
// building's rows and fields, whatever route, import or job made it; the calculation stores the building's last
// audit entry beside its result (result_input_id). The result is stale when a later entry changed an input: a row
// of a table the building owns, or a building field its calculation reads (not its name, signers or states — the
// schema's audit.notInputs). Variants' names and flags are not inputs; applying one rewrites the rows, which are.
// Stale is a comparison, never a guess: every page, report, export and total asks this one place. A result also
// records the factor library's version it was calculated with.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { AUDIT_TABLE } from '../db/audit';
import type { Executor } from '../db/database';
import { columnName } from '../db/naming';
import { resourceDef } from '../db/registry';

/** The column of tpf3_project holding the audit entry its stored result was calculated after. */
export const RESULT_INPUT = 'result_input_id';

export const STALE_TEXT = '结果已过期';
export const STALE_HINT = '单体数据在上次计算后已修改，当前显示的结果不是按现有数据计算的，请重新计算。';

const building = () => resourceDef('tpf3Project');
const notInputs = () => (building().schema['x-resource'].audit?.notInputs ?? []).map(columnName);

/** The building's latest audit entry (0 when none): what a calculation stores as its input mark. */
export const lastEntry = (projectId: Expression<number> | number): RawBuilder<number> =>
  sql<number>`(select coalesce(max(a.id), 0) from ${sql.table(AUDIT_TABLE)} a where a.project_id = ${projectId})`;

/**
 * Whether the building row aliased `p` has a result its inputs changed after. (An update of the building records
 * only its changed fields, so it is an input change when one of them is not in notInputs.) Each building is looked
 * up in its own entries by (project_id, id): `offset 0` keeps the planner from turning the test into a join over
 * the whole audit trail, which it did now and then for a list's page of ten buildings after bulk writes (a hash of
 * every entry: 80 ms instead of 0.1). The later-than test is written on the pair so that only that index can
 * answer it; on `a.id` alone the planner sometimes walked the trail's primary key from the result's mark on,
 * every later entry of every building.
 */
export function staleSql(p = building().table): RawBuilder<SqlBool> {
  const ignored = notInputs();
  return sql<SqlBool>`(${sql.ref(`${p}.result_detail`)} is not null and exists (
    select 1 from ${sql.table(AUDIT_TABLE)} a
    where a.project_id = ${sql.ref(`${p}.id`)}
      and (a.project_id, a.id) > (${sql.ref(`${p}.id`)}, coalesce(${sql.ref(`${p}.${RESULT_INPUT}`)}, 0))
      and a.resource <> 'tpf3_variant'
      and (a.resource <> ${building().table} or a.action <> 'update'
           or exists (select 1 from jsonb_object_keys(a.after) k where k <> all(${sql.val(ignored)}::text[])))
    offset 0))`;
}

/** The query of staleIds (`ids` not empty). */
export const staleQuery = (ex: Executor, ids: number[]) =>
  ex.selectFrom(`${building().table} as p`).select('p.id').where('p.id', 'in', ids).where(staleSql('p'));

/** The ids among `ids` whose stored result is stale. */
export async function staleIds(ex: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await staleQuery(ex, ids).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Marks the building's stored result as calculated from its inputs as they are now (a copy of a current result). */
export async function markCurrent(ex: Executor, projectId: number): Promise<void> {
  await ex
    .updateTable(building().table)
    .set({ [RESULT_INPUT]: lastEntry(projectId) })
    .where('id', '=', projectId)
    .execute();
}

/**
 * The factor library's version as a result records it: the time of the library's last change (a factor added,
 * versioned or deleted anywhere in it; each factor is versioned on its own). A signed result names the library as
 * it stood when it was calculated. ISO time, or null for an empty library.
 */
export async function libraryVersion(ex: Executor): Promise<string | null> {
  const r = await sql<{
    at: Date | string | null;
  }>`select max(update_date) as at from ${sql.table(resourceDef('tpf3BuildMaterial').table)}`.execute(ex);
  const at = r.rows[0]?.at;
  return at == null ? null : new Date(at).toISOString();
}
