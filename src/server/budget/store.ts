// The read budget files (one per upload job, the uploader's own, kept 7 days) — the pre-flight with its items, kept
// for the import that follows; stored gzipped (db/bytes.ts carries the bytes as base64 through both drivers).
import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { Caller } from '../db/caller';
import { bytesOf, bytesValue, fromBase64 } from '../db/bytes';
import type { Db, Executor } from '../db/database';
import type { BudgetPreflight } from './preflight';

const KEEP_DAYS = 7;
// (unpacked on zlib's thread pool: a big file's pre-flight does not hold the server's event loop)
const unpack = promisify(gunzip);

/**
 * A pre-flight as it is stored. Packed where the file is read, in its worker thread (readTask.ts): for a 40 000-line
 * bill, handing the object itself to the request loop and writing its JSON there held every request ~150 ms.
 */
export const packBill = (preflight: BudgetPreflight): Buffer => gzipSync(JSON.stringify(preflight), { level: 1 });

export interface StoredBill {
  id: number;
  jobId: number;
  projectId: number;
  fileName: string;
  preflight: BudgetPreflight;
}

/** Stores a pre-flight packed by packBill. */
export async function saveBill(
  db: Db,
  caller: Caller,
  b: { jobId: number; projectId: number; fileName: string; packed: Uint8Array },
): Promise<number> {
  await db
    .deleteFrom('tpf3_budget_file')
    .where('user_id', '=', caller.userId)
    .where('create_date', '<', sql<Date>`now() - ${`${KEEP_DAYS} days`}::interval`)
    .execute();
  const row = await db
    .insertInto('tpf3_budget_file')
    .values({
      job_id: b.jobId,
      user_id: caller.userId,
      tenant_id: caller.tenantId,
      project_id: b.projectId,
      file_name: b.fileName,
      preflight: bytesValue(b.packed),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The caller's own read file of an upload job (another user's is not found). */
export async function findBill(ex: Executor, caller: Caller, jobId: number): Promise<StoredBill | undefined> {
  const r = await ex
    .selectFrom('tpf3_budget_file')
    .select(['id', 'job_id', 'project_id', 'file_name', bytesOf('preflight').as('preflight')])
    .where('job_id', '=', jobId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!r?.preflight) return undefined;
  const preflight = JSON.parse((await unpack(fromBase64(r.preflight))).toString('utf8')) as BudgetPreflight;
  return {
    id: Number(r.id),
    jobId: Number(r.job_id),
    projectId: Number(r.project_id),
    fileName: r.file_name as string,
    preflight,
  };
}
