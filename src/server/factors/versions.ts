// Factor versions. This folder owns the factor library's domain rules; this file the rule that a
// factor is never changed in place once it may have been calculated with. An update that changes anything but
// the remark leaves the stored row as it is and writes the new values to a new row — version + 1, the same
// lineageId (the first version's id) — and marks the old row supersededBy = the new id; the update answers the
// new record. Stage rows and buildings keep the id, so the version, they were calculated with: a stored result
// never moves by itself. outdated.ts finds the buildings on an old version, recalc.ts moves them on request,
// notify/factorChanged.ts tells the owners of completed ones.
// Why "anything but the remark" rather than a list of the fields a calculation reads: a field added to the
// library later (as density and energy were) is versioned without anyone remembering to add it here.
// Lists and an import's lookup by name offer current versions only; every version stays readable by id.
// Deleting the current version makes the one before it current again (an edit undone), so every lineage keeps
// a current version that rows can move to.
import { sql } from 'kysely';
import type { ResourceSchema } from '../../../schemas/index';
import type { Tx } from '../db/database';
import { registerHooks } from '../db/hooks';
import type { ApiRecord } from '../db/record';
import { storedColumns } from '../db/resourceColumns';
import { ApiError } from '../errors';
import { resourceDef } from '../db/registry';

export const LIBRARY = 'tpf3BuildMaterial';
/** Properties changed in place: they say nothing a calculation or a row's copy uses. */
const IN_PLACE = new Set(['remarks']);
const VERSION_COLUMNS = new Set(['version', 'lineage_id', 'superseded_by']);

export const OLD_VERSION_REFUSED = '这是该因子的历史版本，不能修改；请修改当前版本';

const norm = (v: unknown): unknown => {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
};

/** Whether the body changes a property that makes a new version (not x-readonly, not the remark). */
export function changesVersion(schema: ResourceSchema, existing: ApiRecord, body: Record<string, unknown>): boolean {
  return Object.entries(schema.properties).some(([k, p]) => {
    if (IN_PLACE.has(k) || p['x-readonly'] || p['x-virtual'] || p['x-secret']) return false;
    return norm(existing[k]) !== norm(body[k]);
  });
}

/** The stored row copied as the next version (the repository then writes the body's values onto it). */
async function newVersion(trx: Tx, existing: ApiRecord, createBy: number | null): Promise<number> {
  const def = resourceDef(LIBRARY);
  const t = sql.table(def.table);
  // (locked, then read again: two admins saving the same version at once make one new version, not two)
  const locked = await sql<{
    superseded_by: number | null;
  }>`select superseded_by from ${t} where id = ${existing.id} for update`.execute(trx);
  if (locked.rows[0]?.superseded_by != null) throw new ApiError(409, 0, OLD_VERSION_REFUSED);
  const cols = storedColumns(def.schema)
    .map((c) => c.column)
    .filter((c) => !VERSION_COLUMNS.has(c));
  const list = sql.join(cols.map((c) => sql.ref(c)));
  const lineage = Number(existing.lineageId ?? existing.id);
  const version = (Number(existing.version) || 1) + 1;
  const inserted = await sql<{ id: number }>`
    insert into ${t} (tenant_id, create_by, version, lineage_id, superseded_by, ${list})
    select tenant_id, ${createBy}::integer, ${version}::integer, ${lineage}::integer, null, ${list} from ${t} where id = ${existing.id}
    returning id`.execute(trx);
  const id = Number(inserted.rows[0].id);
  await sql`update ${t} set superseded_by = ${id}, lineage_id = ${lineage}, version = coalesce(version, 1) where id = ${existing.id}`.execute(
    trx,
  );
  return id;
}

registerHooks(LIBRARY, {
  listWhere: () => (eb) => eb('superseded_by', 'is', null),
  async updateTarget({ trx, def, caller, body, existing }) {
    if (!existing) return undefined;
    if (existing.supersededBy != null) throw new ApiError(409, 0, OLD_VERSION_REFUSED);
    if (!changesVersion(def.schema, existing, body)) return undefined;
    return newVersion(trx, existing, caller.userId || null);
  },
  async beforeDelete({ trx, ids }) {
    // a version superseded by a deleted one is superseded by what the deleted one was superseded by — null for
    // a deleted current version: the one before it is current again. One pass skips one deleted link.
    const t = sql.table(resourceDef(LIBRARY).table);
    for (let pass = 0; pass <= ids.length; pass++) {
      const r = await sql`update ${t} o set superseded_by = d.superseded_by from ${t} d
        where o.superseded_by = d.id and d.id = any(${ids}::int[]) and not (o.id = any(${ids}::int[]))`.execute(trx);
      if (!Number(r.numAffectedRows ?? 0)) break;
    }
  },
});
