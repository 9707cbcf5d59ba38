// src/client/jobs/ owns the client side of long work that the server runs as a job: an Excel import or a stage
// calculation that does not end within the route's `wait` answers `{ data: { job } }` instead of its direct data.
// The folder holds the job calls and the polling
// (this file), the `useJob` hook (useJob.ts), the bar `已处理 {done} / {total} 行` (JobProgress.tsx) and the
// dialog around it with 后台运行 (JobDialog.tsx). Callers: admin/ImportButtons.tsx and stages/ (计算, recalculate).
// This file: the Job type, GET sys/v1/job/{id}, telling a job answer from a direct one, polling until the job
// ends, and turning an ended job back into what the route would have answered directly.
import { HttpError } from 'ra-core';
import { MSG } from '../constants';
import type { Job } from '../../../schemas/jobs';
import { apiFetch, apiUrl, validationError } from '../providers/httpClient';

// (a long route's answer while its work goes on: schemas/jobs.ts jobAnswer)
export type { Job, JobAnswer } from '../../../schemas/jobs';

/** The job is polled this often. */
export const JOB_POLL_MS = 500;

/** GET sys/v1/job/{id} — only the owner's jobs (another's id → 404). */
export const getJob = (id: number, signal?: AbortSignal) =>
  apiFetch<Job>(apiUrl(`sys/v1/job/${encodeURIComponent(String(id))}`), { signal });

/** The job of a long route's answer, or null for a direct answer. */
export function jobOf(answer: unknown): Job | null {
  if (!answer || typeof answer !== 'object' || !('job' in answer)) return null;
  const job = (answer as { job: unknown }).job;
  return job && typeof job === 'object' && typeof (job as Job).id === 'number' ? (job as Job) : null;
}

/**
 * An ended job as the direct answer: done → its result (what apiFetch would have returned); failed → throws the
 * error apiFetch would have thrown (a code-2 answer with the field errors, or a code-0 answer with the message).
 */
export function jobOutcome<T = unknown>(job: Job): T {
  if (job.state === 'done') return job.result as T;
  const message = job.message ?? '';
  if (job.errors?.length) throw validationError({ code: 2, message, data: job.errors });
  throw new HttpError(message || MSG.otherStatus, 400, { code: 0, message, data: null });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal?.aborted) return aborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      aborted();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface PollOptions {
  /** Stops the polling (the promise then rejects with the abort reason). */
  signal?: AbortSignal;
  /** Every state read while the job runs, and the last one. */
  onProgress?: (job: Job) => void;
  intervalMs?: number;
}

/** Reads the job every JOB_POLL_MS until it is done or failed; answers the ended job. A failing read rejects. */
export async function pollJob(
  start: Job,
  { signal, onProgress, intervalMs = JOB_POLL_MS }: PollOptions = {},
): Promise<Job> {
  let job = start;
  while (job.state === 'running') {
    await sleep(intervalMs, signal);
    job = await getJob(job.id, signal);
    if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    onProgress?.(job);
  }
  return job;
}
