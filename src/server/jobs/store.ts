// Long work, all on one path: this folder owns the jobs — a row in sys_job per import or
// recalculation (state, rows done / total, result or failure, owner), run off the request, polled by the client.
// Because the row is in the database, any replica answers for it. This file: the rows.
import { sql } from 'kysely';
import type { FieldError } from '../../../schemas/validation';
import type { Job, JobKind, JobState } from '../../../schemas/jobs';
import type { Caller } from '../db/caller';
import type { Db, Executor } from '../db/database';

export type { Job, JobKind, JobState };

/** A running job not touched for this long lost its process (a restart): it is reported failed. */
export const STALE_MS = 120_000;
export const INTERRUPTED = '任务已中断（服务器已重启），请重新操作';
/** Finished jobs are kept this long for their owners to read. */
const KEEP_DAYS = 7;

type JobRow = Omit<Job, 'createDate' | 'updateDate'> & { create_date: Date; update_date: Date };

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toJob(r: JobRow, now = Date.now()): Job {
  const stale = r.state === 'running' && now - new Date(r.update_date).getTime() > STALE_MS;
  return {
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    state: stale ? 'failed' : r.state,
    done: Number(r.done),
    total: r.total == null ? null : Number(r.total),
    result: r.result ?? null,
    message: stale ? INTERRUPTED : r.message,
    errors: r.errors ?? null,
    createDate: iso(r.create_date),
    updateDate: iso(r.update_date),
  };
}

export async function insertJob(db: Db, caller: Caller, kind: JobKind, title: string): Promise<Job> {
  await db
    .deleteFrom('sys_job')
    .where('user_id', '=', caller.userId)
    .where('update_date', '<', sql<Date>`now() - ${`${KEEP_DAYS} days`}::interval`)
    .execute();
  const row = (await db
    .insertInto('sys_job')
    .values({ kind, title, state: 'running', done: 0, user_id: caller.userId, tenant_id: caller.tenantId })
    .returningAll()
    .executeTakeFirstOrThrow()) as JobRow;
  return toJob(row);
}

export interface JobChange {
  state?: JobState;
  done?: number;
  total?: number | null;
  result?: unknown;
  message?: string | null;
  errors?: FieldError[] | null;
}

export async function updateJob(ex: Executor, id: number, c: JobChange): Promise<void> {
  const set: Record<string, unknown> = { update_date: sql`now()` };
  if (c.state !== undefined) set.state = c.state;
  if (c.done !== undefined) set.done = c.done;
  if (c.total !== undefined) set.total = c.total;
  if (c.result !== undefined) set.result = JSON.stringify(c.result);
  if (c.message !== undefined) set.message = c.message;
  if (c.errors !== undefined) set.errors = c.errors === null ? null : JSON.stringify(c.errors);
  await ex.updateTable('sys_job').set(set).where('id', '=', id).execute();
}

/**
 * The newest job of a kind and title, whoever started it: work that others follow too (a signed report's drawing,
 * on its building's review page). Not an answer of GET job/{id}, which stays the owner's.
 */
export async function latestJob(ex: Executor, kind: JobKind, title: string): Promise<Job | undefined> {
  const row = (await ex
    .selectFrom('sys_job')
    .selectAll()
    .where('kind', '=', kind)
    .where('title', '=', title)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()) as JobRow | undefined;
  return row && toJob(row);
}

/** The caller's own job, or undefined (another user's is not found). */
export async function findJob(db: Db, caller: Caller, id: number): Promise<Job | undefined> {
  const row = (await db
    .selectFrom('sys_job')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst()) as JobRow | undefined;
  return row && toJob(row);
}
