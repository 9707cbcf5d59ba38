// The stored models (one per parse job, the uploader's own, kept 7 days) and the tenant's confirmed mappings
// (IFC material → factor, by the material's normalised name, proposed first on the next import, with the density
// the user confirmed for a volume-only material, offered again with it).
import { sql } from 'kysely';
import type { Caller } from '../db/caller';
import { bytesOf, bytesValue, fromBase64 } from '../db/bytes';
import type { Db, Executor } from '../db/database';
import type { BimUnits, MaterialTotal } from './model';
import type { Density } from './quantities';
import { normaliseName } from './match/names';
import { type Detail, type Summary, unpackDetail } from './detail';
import type { BimProblem, Preflight } from '../../../schemas/bim';

const KEEP_DAYS = 7;

/** A stored model: the pre-flight answer's fields, with every problem (the answer pages them) and the materials' totals. */
export type StoredModel = Omit<Preflight, 'modelId' | 'problems' | 'materials'> & { id: number; problems: BimProblem[]; materials: MaterialTotal[] };

const json = (v: unknown) => JSON.stringify(v);

export async function saveModel(db: Db, caller: Caller, m: { jobId: number; projectId: number; fileName: string; schema: string; units: BimUnits; summary: Summary; detail: Uint8Array }): Promise<number> {
  await db.deleteFrom('tpf3_bim_model').where('user_id', '=', caller.userId).where('create_date', '<', sql<Date>`now() - ${`${KEEP_DAYS} days`}::interval`).execute();
  const { counts, groups, notes, floorArea } = m.summary;
  const row = await db
    .insertInto('tpf3_bim_model')
    .values({ job_id: m.jobId, user_id: caller.userId, tenant_id: caller.tenantId, project_id: m.projectId, file_name: m.fileName, schema_name: m.schema, units: json(m.units), counts: json(counts), groups: json(groups), problems: '[]', materials: '[]', detail: bytesValue(m.detail), review: json({ notes, floorArea }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The caller's own model of a parse job (another user's is not found). */
export async function findModel(ex: Executor, caller: Caller, jobId: number): Promise<StoredModel | undefined> {
  const r = await ex
    .selectFrom('tpf3_bim_model')
    .select(['id', 'job_id', 'project_id', 'file_name', 'schema_name', 'units', 'counts', 'groups', 'problems', 'materials', 'review', bytesOf('detail').as('detail')])
    .where('job_id', '=', jobId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!r) return undefined;
  // (rows written before the `detail` column have theirs in the jsonb columns)
  const detail: Detail = r.detail ? await unpackDetail(fromBase64(r.detail)) : { problems: r.problems, materials: r.materials };
  return { id: Number(r.id), jobId: Number(r.job_id), projectId: Number(r.project_id), fileName: r.file_name, schema: r.schema_name, units: r.units, counts: r.counts, groups: r.groups, ...detail, notes: r.review?.notes ?? [], floorArea: r.review?.floorArea ?? null };
}

const tenantKey = (caller: Caller) => caller.tenantId ?? 0;
export const mappingKey = (ifcMaterial: string) => normaliseName(ifcMaterial) || ifcMaterial.trim();

/** A confirmed mapping: its factor and the density (t/m³) the user confirmed for the material, with its source. */
export interface SavedChoice {
  factorId: number;
  density: Density | null;
}

/** The tenant's confirmed mappings by normalised IFC name (or only those of `keys`), with the density confirmed for each (if any). */
export async function savedChoices(ex: Executor, caller: Caller, keys?: string | string[]): Promise<Map<string, SavedChoice>> {
  let q = ex.selectFrom('tpf3_bim_mapping').select(['ifc_key', 'factor_id', 'density', 'density_source']).where('tenant_key', '=', tenantKey(caller));
  if (keys !== undefined) {
    if (![keys].flat().length) return new Map();
    q = q.where('ifc_key', 'in', [keys].flat());
  }
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.ifc_key as string, { factorId: Number(r.factor_id), density: r.density == null ? null : { value: Number(r.density), source: r.density_source ?? '' } }]));
}

/** The tenant's confirmed mappings: normalised IFC name → factor id. */
export async function savedMappings(ex: Executor, caller: Caller): Promise<Map<string, number>> {
  return new Map([...(await savedChoices(ex, caller))].map(([key, c]) => [key, c.factorId]));
}

/**
 * Remembers the mappings of an import for the tenant (one statement; the latest choice wins). A density is the
 * material's, not the factor's: a mapping saved without one (its factor needed none, or the budget file's) keeps
 * the density confirmed before.
 */
export async function saveMappings(ex: Executor, caller: Caller, mappings: { ifcMaterial: string; factorId: number; density?: Density | null }[]): Promise<void> {
  const byKey = new Map(mappings.map((m) => [mappingKey(m.ifcMaterial), m]));
  if (!byKey.size) return;
  await ex
    .insertInto('tpf3_bim_mapping')
    .values([...byKey].map(([key, m]) => ({ tenant_key: tenantKey(caller), ifc_key: key, ifc_material: m.ifcMaterial, factor_id: m.factorId, user_id: caller.userId, density: m.density?.value ?? null, density_source: m.density?.source ?? null })))
    .onConflict((oc) =>
      oc.columns(['tenant_key', 'ifc_key']).doUpdateSet({
        factor_id: sql`excluded.factor_id`,
        ifc_material: sql`excluded.ifc_material`,
        user_id: sql`excluded.user_id`,
        update_date: sql`now()`,
        density: sql`coalesce(excluded.density, tpf3_bim_mapping.density)`,
        density_source: sql`case when excluded.density is null then tpf3_bim_mapping.density_source else excluded.density_source end`,
      }),
    )
    .execute();
}
