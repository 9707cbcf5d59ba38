// Reading an uploaded budget file off the request loop: readTask.ts runs in a reader thread with its bounds — the rows
// SheetJS reads stop past the limit (readGrids.ts), the thread's heap is capped and the read is stopped after a time.
// Reader threads are a pool of their own, not the shared one (jobs/threadPool.ts): a read past its time or memory ends
// its thread, which must never be one drawing a report. They are kept a while between reads (a new thread spends a
// quarter of a second loading SheetJS and the reader) and end when idle, giving their heap back. At most one read per
// core the request loop leaves free runs at once (the pool's size and the route's job slots); the others queue.
import { ApiError, badRequest } from '../errors';
import { JobSlots } from '../jobs/slots';
import { poolSize, TaskTimedOut, ThreadPool } from '../jobs/threadPool';
import type { FloorArea } from '../../../schemas/bim';
import type { ReadAnswer, ReadBill, ReadData } from './readTask';

export type { ReadBill };

export interface ReadLimits {
  timeoutMs: number;
  /** the thread's V8 old-generation heap: a 49 900-line, 10-column bill reads within 128 MB, 64 is too few */
  heapMb: number;
}

/** The limits of a read (an object the tests can change for a moment). */
export const BUDGET_READ_LIMITS: ReadLimits = { timeoutMs: 60_000, heapMb: 1024 };

export const READ_LIMIT_MESSAGES = {
  timeout: (ms: number) => `读取预算文件超时（${ms / 1000} 秒），请拆分后上传`,
  memory: (mb: number) => `读取预算文件所需内存超过 ${mb} MB，请拆分后上传`,
} as const;

/** Reads at once (the upload route's job slots). */
export const READS = new JobSlots(poolSize());

const TASK = new URL('./readTask.ts', import.meta.url);
const IDLE_MS = 30_000;

/** The reader pools by heap limit (one in the server; the tests try a small one). */
const pools = new Map<number, ThreadPool>();
const poolOf = (heapMb: number) => {
  let pool = pools.get(heapMb);
  if (!pool)
    pools.set(
      heapMb,
      (pool = new ThreadPool(poolSize(), IDLE_MS, { resourceLimits: { maxOldGenerationSizeMb: heapMb } })),
    );
  return pool;
};

/** Ends the reader threads (app onClose). */
export const closeReaders = () => Promise.all([...pools.values()].map((p) => p.close()));

/** The pre-flight of the file `content`, packed (refused as the reader refuses it, or past its time or memory). */
export async function readBill(
  content: Buffer,
  floor: FloorArea | null,
  limits: ReadLimits = BUDGET_READ_LIMITS,
): Promise<ReadBill> {
  const data: ReadData = { content, floor };
  let answer: ReadAnswer;
  try {
    answer = await poolOf(limits.heapMb).run<ReadAnswer>(TASK, data, { timeoutMs: limits.timeoutMs });
  } catch (err) {
    if (err instanceof TaskTimedOut) throw badRequest(READ_LIMIT_MESSAGES.timeout(limits.timeoutMs));
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw badRequest(READ_LIMIT_MESSAGES.memory(limits.heapMb));
    throw err;
  }
  if ('refused' in answer)
    throw new ApiError(answer.refused.status, answer.refused.code, answer.refused.message, answer.refused.data);
  return answer.value;
}
