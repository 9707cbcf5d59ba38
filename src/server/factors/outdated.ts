// Buildings on an old factor version: which of their factors were superseded, by which current version, and
// where they are used (stage, rows) — what the `因子已更新` flag and the recalculation dialog show.
import { sql } from 'kysely';
import type { FactorUse } from '../../../schemas/answers/factor';
import type { Executor } from '../db/database';
import type { FactorRecord } from '../../../schemas/records';
import { toRecord, type Row } from '../db/record';
import type { Where } from '../db/scope';
import { resourceDef } from '../db/registry';
import { BUILDING, factorUses, usesSql } from './factorUse';
import { LIBRARY } from './versions';

export interface FactorUpdate {
  /** the version the building uses */
  old: FactorRecord;
  /** the lineage's current version (null only if the library lost it) */
  current: FactorRecord | null;
  uses: FactorUse[];
}

const lib = () => sql.table(resourceDef(LIBRARY).table);
const superseded = (f: unknown) => sql`${f} in (select id from ${lib()} where superseded_by is not null)`;

/** The superseded factors the building uses, each with its current version and where it is used. */
export async function outdatedFactors(ex: Executor, projectId: number): Promise<FactorUpdate[]> {
  const counts = await sql<{ factor_id: number; code: string; prop: string; n: number }>`
    select factor_id, code, prop, count(*)::int as n from (${usesSql(superseded, (p) => sql`${p} = ${projectId}`)}) u
    group by factor_id, code, prop order by factor_id, code`.execute(ex);
  if (!counts.rows.length) return [];
  const ids = [...new Set(counts.rows.map((r) => Number(r.factor_id)))];
  const schema = resourceDef(LIBRARY).schema;
  const olds = (await sql<Row>`select * from ${lib()} where id = any(${ids}::int[])`.execute(ex)).rows.map(
    (r) => toRecord(schema, r) as FactorRecord,
  );
  const currents = await sql<Row & { old_id: number }>`
    select c.*, o.id as old_id from ${lib()} o join ${lib()} c on coalesce(c.lineage_id, c.id) = o.lineage_id and c.superseded_by is null
    where o.id = any(${ids}::int[])`.execute(ex);
  const currentOf = new Map(currents.rows.map((r) => [Number(r.old_id), toRecord(schema, r) as FactorRecord]));
  const titles = new Map(factorUses().map((u) => [`${u.code}/${u.prop}`, u.title]));
  return olds.map((old) => ({
    old,
    current: currentOf.get(old.id) ?? null,
    uses: counts.rows
      .filter((r) => Number(r.factor_id) === old.id)
      .map((r) => ({
        code: r.code,
        title: titles.get(`${r.code}/${r.prop}`) ?? r.code,
        prop: r.prop,
        rows: Number(r.n),
      })),
  }));
}

/**
 * Ids of the buildings in `scope` (the caller's read scope) that use a superseded factor and can move to its new
 * version — one statement. A building under review or signed cannot (its rows are locked): it is not offered.
 */
export async function outdatedBuildingIds(ex: Executor, scope: Where | null): Promise<number[]> {
  let q = ex
    .selectFrom(resourceDef(BUILDING).table)
    .select('id')
    .where((eb) => eb.or([eb('review_state', '=', 'draft'), eb('review_state', 'is', null)]))
    .where(sql<boolean>`id in (select project_id from (${usesSql(superseded)}) u)`);
  if (scope) q = q.where(scope);
  return (await q.orderBy('id').execute()).map((r) => Number(r.id));
}

/** Completed buildings using any of the factor ids, with their owner and collaborators (notifications). */
export async function completedBuildingsUsing(ex: Executor, factorIds: number[]) {
  if (!factorIds.length) return [];
  const r = await sql<{
    id: number;
    name: string;
    compute_method: string;
    create_by: number | null;
    user_id: string | null;
  }>`
    select b.id, b.name, b.compute_method, b.create_by, b.user_id from ${sql.table(resourceDef(BUILDING).table)} b
    where b.status = '1' and b.id in (select project_id from (${usesSql((f) => sql`${f} = any(${factorIds}::int[])`)}) u)
    order by b.id`.execute(ex);
  return r.rows;
}
