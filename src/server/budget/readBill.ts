// Reading an uploaded budget file off the request loop: readTask.ts runs in a worker thread started for this one
// read, with its bounds — the rows SheetJS reads stop past the limit (readGrids.ts), the thread's heap is capped and
// the read is stopped after a time. A thread of its own rather than the shared pool (jobs/threadPool.ts): a read
// past its time is ended with terminate(), which would also end a report being drawn on a pooled thread, and a
// thread that ran out of memory is not one to reuse. Its heap is given back when it ends. At most READS.size reads
// run at once (one per core the request loop leaves free): each takes a core and up to its heap; the others queue.
import { ApiError, badRequest } from '../errors';
import { JobSlots } from '../jobs/slots';
import { poolSize, startWorker } from '../jobs/threadPool';
import type { FloorArea } from '../bim/model';
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

/** The pre-flight of the file `content`, packed (refused as the reader refuses it, or past its time or memory). */
export function readBill(content: Buffer, floor: FloorArea | null, limits: ReadLimits = BUDGET_READ_LIMITS): Promise<ReadBill> {
  const data: ReadData = { content, floor };
  const worker = startWorker(TASK, { workerData: data, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb } });
  return new Promise<ReadBill>((resolve, reject) => {
    let settled = false;
    const end = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => end(() => reject(badRequest(READ_LIMIT_MESSAGES.timeout(limits.timeoutMs)))), limits.timeoutMs);
    worker.on('message', (m: ReadAnswer) =>
      end(() => {
        if ('value' in m) resolve(m.value);
        else if ('refused' in m) reject(new ApiError(m.refused.status, m.refused.code, m.refused.message, m.refused.data));
        else reject(new Error(`budget read failed: ${m.error}`));
      }),
    );
    worker.on('error', (err: Error & { code?: string }) => end(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(READ_LIMIT_MESSAGES.memory(limits.heapMb)) : err)));
    worker.on('exit', (code) => end(() => reject(new Error(`budget read thread exited (code ${code})`))));
  });
}
