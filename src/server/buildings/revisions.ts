// A building signed and then revised is one building with several revisions: A, then B made from A (revision_of),
// then C from B. The database lets a revision have one successor at most (a unique index), so a chain is a line and
// its last revision is the current one. Lists, totals, percentiles and pickers count the current revision only;
// the older ones are 历史修订版, read through the chain.
import type { Caller } from '../db/caller';
import type { Executor } from '../db/database';
import type { BuildingRecord } from '../../../schemas/records';
import type { Where } from '../db/scope';
import { repo } from '../db/repo';
import type { Db } from '../db/database';
import { resourceDef } from '../db/registry';

const table = () => resourceDef('tpf3Project').table;

/**
 * The building rows (of `table` as named in the query, unaliased) no later revision was made of, among a tenant's
 * (null: every tenant's). The revisions made are few, so the database reads them once into a hash that each row is
 * checked against; a probe of the successor index per row doubled the cost of a tenant's sums. A revision is made in
 * its source's tenant, so a tenant's list needs only its own.
 */
export const currentRevision =
  (tenantId: number | null): Where =>
  (eb) => {
    let made = eb
      .selectFrom(`${table()} as successor`)
      .select('successor.revision_of')
      .where('successor.revision_of', 'is not', null);
    if (tenantId != null) made = made.where('successor.tenant_id', '=', tenantId);
    return eb(`${table()}.id`, 'not in', made);
  };

/** The current revisions among the buildings `caller` may read (a super admin reads every tenant's). */
export const currentRevisionFor = (caller: Caller): Where => currentRevision(caller.isAdmin ? null : caller.tenantId);

/** The ids among `ids` that a later revision was made of. */
export async function supersededIds(ex: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ex.selectFrom(table()).select('revision_of').where('revision_of', 'in', ids).execute();
  return new Set(rows.map((r) => Number(r.revision_of)));
}

/** The successor made of a revision, if any. */
export async function successorOf(ex: Executor, id: number): Promise<{ id: number; revision: string } | undefined> {
  const r = await ex.selectFrom(table()).select(['id', 'revision']).where('revision_of', '=', id).executeTakeFirst();
  return r && { id: Number(r.id), revision: String(r.revision || 'A') };
}

/** Every revision of the building's chain, the first (A) first, as the caller may read them. */
export async function revisionChain(db: Db, caller: Caller, projectId: number): Promise<BuildingRecord[]> {
  const buildings = repo(db, 'tpf3Project');
  const start = await buildings.get(caller, projectId);
  const ids: number[] = [start.id];
  // back to the first revision, then forward to the current one (a chain is a line: one successor each)
  for (let at = start.revisionOf ?? null; at != null && ids.length < 100;) {
    ids.unshift(at);
    const r = await db.selectFrom(table()).select('revision_of').where('id', '=', at).executeTakeFirst();
    at = r?.revision_of == null ? null : Number(r.revision_of);
  }
  for (let next = await successorOf(db, start.id); next && ids.length < 100; next = await successorOf(db, next.id))
    ids.push(next.id);
  const out: BuildingRecord[] = [];
  for (const id of ids) {
    const b = await buildings.get(caller, id).catch(() => null);
    if (b) out.push(b);
  }
  return out;
}
