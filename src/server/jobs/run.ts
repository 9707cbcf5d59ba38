// Running a job: the work starts at once with a progress reporter; if it ends within the request's wait the
// route answers as it always did (result or error), otherwise it answers { job } and the work goes on. Progress
// is written behind the work, never awaited by it: on the embedded database a transaction holds the one
// connection, and a write awaited inside it would wait for itself. A job of bounded kind (`slots`) first waits for
// its turn (slots.ts).
import type { FieldError } from '../../../schemas/validation';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { ApiError, MESSAGES } from '../errors';
import { lockedError } from '../db/lock';
import { isConnectionLost } from '../db/connectionLost';
import { isDiskFull } from '../db/diskSpace';
import { onShutdown } from '../http/shutdown';
import { QUEUED, type JobSlots } from './slots';
import { insertJob, STALE_MS, updateJob, type Job, type JobChange, type JobKind } from './store';

/** Reports rows done (and the total once known); throws JobAborted when the server is stopping. */
export type Progress = (done: number, total?: number | null) => void;

/** How long a request waits for its job before answering with it (ms): JOB_WAIT_MS, else 1.5 s; `?wait=` overrides. */
export const DEFAULT_WAIT_MS = Number(process.env.JOB_WAIT_MS) || 1500;
const WRITE_EVERY_MS = 300;
export const STOPPING = '服务器正在停止，任务已取消，请稍后重试';

export class JobAborted extends ApiError {
  constructor() {
    super(503, 0, STOPPING);
  }
}

const running = new Set<{ controller: AbortController; settled: Promise<unknown> }>();

/** Progress of one job, written at most every WRITE_EVERY_MS, one write in flight, the last value kept. */
class Reporter {
  private pending: JobChange | null = null;
  private writing: Promise<void> | null = null;
  private notes: Promise<void> = Promise.resolve();
  private lastWrite = 0;

  constructor(
    private readonly db: Db,
    readonly job: Job,
    private readonly signal: AbortSignal,
  ) {}

  readonly progress: Progress = (done, total) => {
    if (this.signal.aborted) throw new JobAborted();
    this.job.done = done;
    if (total !== undefined) this.job.total = total;
    this.pending = { done: this.job.done, total: this.job.total };
    if (!this.writing && Date.now() - this.lastWrite >= WRITE_EVERY_MS) this.flush();
  };

  private flush(): void {
    const change = this.pending;
    if (!change) return;
    this.pending = null;
    this.lastWrite = Date.now();
    this.writing = updateJob(this.db, this.job.id, change)
      .catch(() => undefined) // progress is best effort; the final state is not
      .finally(() => {
        this.writing = null;
      });
  }

  /** Writes `change` now, after the notes before it (best effort, like progress). */
  private note(change: JobChange): void {
    Object.assign(this.job, change);
    this.notes = this.notes.then(() => updateJob(this.db, this.job.id, change)).catch(() => undefined);
  }

  /** Waits for a slot, the row saying the place meanwhile and kept fresh; answers the slot's release. */
  async turn(slots: JobSlots): Promise<() => void> {
    let heartbeat: NodeJS.Timeout | undefined;
    try {
      return await slots.acquire((place) => {
        this.note({ message: QUEUED(place) });
        heartbeat ??= setInterval(() => this.note({}), STALE_MS / 4).unref();
      }, this.signal);
    } catch (err) {
      throw this.signal.aborted ? new JobAborted() : err;
    } finally {
      if (heartbeat) {
        clearInterval(heartbeat);
        this.note({ message: null });
      }
    }
  }

  async finish(change: JobChange): Promise<void> {
    Object.assign(this.job, change);
    this.pending = null;
    await this.writing;
    await this.notes;
    await updateJob(this.db, this.job.id, change);
  }
}

const failure = (err: unknown): JobChange => ({
  state: 'failed',
  message:
    err instanceof ApiError
      ? err.message
      : (lockedError(err)?.message ?? isDiskFull(err))
        ? MESSAGES.diskFull
        : isConnectionLost(err)
          ? MESSAGES.dbDown
          : MESSAGES.server,
  errors: err instanceof ApiError && err.code === 2 && Array.isArray(err.data) ? (err.data as FieldError[]) : null,
});

export interface JobSpec {
  kind: JobKind;
  title: string;
  waitMs: number;
  /** bounded kind: the work starts once a slot is free (a job cancelled while it waits never runs it) */
  slots?: JobSlots;
  /** runs when the job ends however it ends, before its end is written (e.g. removes the upload it worked on) */
  ended?: () => Promise<void>;
}

/**
 * Runs `work` as a job of the caller. Ends within `waitMs` → `{ result }` (or the work's error is thrown, as a
 * direct answer). Still running → `{ job }` (its state now), and the work goes on; its end is written to the row.
 */
export async function runJob<T>(
  db: Db,
  caller: Caller,
  spec: JobSpec,
  work: (progress: Progress, job: Job) => Promise<T>,
): Promise<{ result: T } | { job: Job }> {
  const job = await insertJob(db, caller, spec.kind, spec.title);
  const controller = new AbortController();
  const reporter = new Reporter(db, job, controller.signal);
  const outcome = (async () => {
    try {
      let result: T;
      try {
        const release = spec.slots ? await reporter.turn(spec.slots) : undefined;
        try {
          result = await work(reporter.progress, job);
        } finally {
          release?.();
        }
      } finally {
        await spec.ended?.();
      }
      await reporter.finish({ state: 'done', done: Math.max(job.done, job.total ?? 0), result });
      return { result };
    } catch (error) {
      await reporter.finish(failure(error)).catch(() => undefined);
      return { error };
    }
  })();
  const entry = { controller, settled: outcome };
  running.add(entry);
  void outcome.finally(() => running.delete(entry));

  // (wait 0: the job at once — on PGlite a short job may finish in microtasks before any timer fires)
  if (spec.waitMs <= 0) return { job: { ...job } };
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    outcome,
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), spec.waitMs))),
  ]);
  clearTimeout(timer);
  if (!waited) return { job: { ...job } };
  if ('error' in waited) throw waited.error;
  return { result: waited.result };
}

// (registered once: the server's shutdown cancels running jobs before it closes the database)
onShutdown(() => stopJobs());

/** Server stopping: every running job is cancelled at its next progress report (its transaction rolls back). */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  for (const j of running) j.controller.abort();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([...running].map((j) => j.settled)),
    new Promise((r) => (timer = setTimeout(r, timeoutMs))),
  ]);
  clearTimeout(timer);
}

export const RUNNING = '正在后台处理';

/** The route's answer: the result with its usual message, or the running job. */
export const jobAnswer = <T>(o: { result: T } | { job: Job }, message: string) =>
  'job' in o ? ok({ job: o.job }, RUNNING) : ok(o.result, message);

/** `?wait=` of a long route: how many ms to wait for the work before answering with the job. */
export const waitProperty = { type: 'integer', title: '等待毫秒数', minimum: 0, maximum: 600000 } as const;
