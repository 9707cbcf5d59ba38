// The stored models: one per parse job, the uploader's own, kept 7 days. (The tenant's confirmed mappings, which
// every import source shares, are imports/mappings.ts.)
import { sql } from 'kysely';
import type { Caller } from '../db/caller';
import { bytesOf, bytesValue, fromBase64 } from '../db/bytes';
import type { Db, Executor } from '../db/database';
import type { BimUnits, MaterialTotal } from './model';
import { type Detail, type Summary, unpackDetail } from './detail';
import type { BimProblem, Preflight } from '../../../schemas/bim';

const KEEP_DAYS = 7;

/**
 * A stored model: the pre-flight answer's fields, with every problem (the answer pages them) and the materials' totals.
 */
export type StoredModel = Omit<Preflight, 'modelId' | 'problems' | 'materials'> & {
  id: number;
  problems: BimProblem[];
  materials: MaterialTotal[];
};

const json = (v: unknown) => JSON.stringify(v);

export async function saveModel(
  db: Db,
  caller: Caller,
  m: {
    jobId: number;
    projectId: number;
    fileName: string;
    schema: string;
    units: BimUnits;
    summary: Summary;
    detail: Uint8Array;
  },
): Promise<number> {
  await db
    .deleteFrom('tpf3_bim_model')
    .where('user_id', '=', caller.userId)
    .where('create_date', '<', sql<Date>`now() - ${`${KEEP_DAYS} days`}::interval`)
    .execute();
  const { counts, groups, notes, floorArea } = m.summary;
  const row = await db
    .insertInto('tpf3_bim_model')
    .values({
      job_id: m.jobId,
      user_id: caller.userId,
      tenant_id: caller.tenantId,
      project_id: m.projectId,
      file_name: m.fileName,
      schema_name: m.schema,
      units: json(m.units),
      counts: json(counts),
      groups: json(groups),
      problems: '[]',
      materials: '[]',
      detail: bytesValue(m.detail),
      review: json({ notes, floorArea }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The caller's own model of a parse job (another user's is not found). */
export async function findModel(ex: Executor, caller: Caller, jobId: number): Promise<StoredModel | undefined> {
  const r = await ex
    .selectFrom('tpf3_bim_model')
    .select([
      'id',
      'job_id',
      'project_id',
      'file_name',
      'schema_name',
      'units',
      'counts',
      'groups',
      'problems',
      'materials',
      'review',
      bytesOf('detail').as('detail'),
    ])
    .where('job_id', '=', jobId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!r) return undefined;
  // (rows written before the `detail` column have theirs in the jsonb columns)
  const detail: Detail = r.detail
    ? await unpackDetail(fromBase64(r.detail))
    : { problems: r.problems, materials: r.materials };
  return {
    id: Number(r.id),
    jobId: Number(r.job_id),
    projectId: Number(r.project_id),
    fileName: r.file_name,
    schema: r.schema_name,
    units: r.units,
    counts: r.counts,
    groups: r.groups,
    ...detail,
    notes: r.review?.notes ?? [],
    floorArea: r.review?.floorArea ?? null,
  };
}
