// Worker threads for CPU-heavy steps: a report's drawing, the manual's. The event loop that answers
// requests must not stall for seconds while pdfmake lays out 66 pages, so such a step runs in a pool thread and
// the main thread only waits for its bytes. A task names a module — written `new URL('./x.ts', import.meta.url)` so
// that scripts/build-server.mjs makes it an entry — whose default export takes the data and answers the result;
// only data crosses (structured clone in, bytes transferred out). Threads start on demand, are reused, and end
// after IDLE_MS idle: their memory is the server's RSS (a thread that drew the manual holds ~170 MB, handed back
// when it ends), so they end soon — tasks that follow one another closely still share one. A thread that throws or
// dies rejects that one task; the next task starts a new thread. close() (app onClose) ends them all, so tests and
// SIGTERM end cleanly. A pool may cap its threads' heap, and a task its time: a thread past either is ended (its
// task rejected) and not reused.
import { availableParallelism } from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const THREAD = new URL('./thread.ts', import.meta.url);
const IDLE_MS = 10_000;

/** One thread per core the request loop leaves free, at least 1, at most 2. */
export const poolSize = () => Math.min(2, Math.max(1, availableParallelism() - 1));

interface Task {
  module: string;
  data: unknown;
  timeoutMs?: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  idle?: NodeJS.Timeout;
  /** the running task's time limit */
  limit?: NodeJS.Timeout;
}

/** A task ended for running past its time limit. */
export class TaskTimedOut extends Error {
  constructor(readonly ms: number) {
    super(`task timed out after ${ms} ms`);
  }
}

/** A task rejected because the pool was closed (the server stopping): nothing went wrong with the task. */
export class PoolClosed extends Error {
  constructor() {
    super('thread pool closed');
  }
}

/**
 * The thread's entry. A TypeScript one (tests, `npm run dev`) is loaded through tsx registered inside the thread:
 * Node 20 does not apply `--import tsx` given in a worker's execArgv to the worker's entry. `options` (workerData,
 * resourceLimits) are the Worker's own.
 */
function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const api = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`,
    { ...options, eval: true },
  );
}

/** Bytes come back as a Uint8Array over a transferred ArrayBuffer: answered as a Buffer on it (no copy). */
const asBuffer = (v: unknown) =>
  v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;

export class ThreadPool {
  private readonly threads = new Set<Thread>();
  private queue: Task[] = [];

  constructor(
    readonly size = poolSize(),
    private readonly idleMs = IDLE_MS,
    /**
     * the threads' own options: a heap limit (resourceLimits), past which the thread ends with ERR_WORKER_OUT_OF_MEMORY
     */
    private readonly workerOptions: Pick<WorkerOptions, 'resourceLimits'> = {},
  ) {}

  /**
   * Runs `module`'s default export on `data` in a thread; a failure there rejects with its message. Past
   * `timeoutMs` the thread is ended and the task rejected with TaskTimedOut.
   */
  run<T>(module: URL, data: unknown, { timeoutMs }: { timeoutMs?: number } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ module: module.href, data, timeoutMs, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Ends every thread; queued and running tasks are rejected. The pool starts new threads if used again. */
  async close(): Promise<void> {
    const queued = this.queue;
    this.queue = [];
    for (const task of queued) task.reject(new PoolClosed());
    await Promise.all([...this.threads].map((t) => this.end(t, new PoolClosed())));
  }

  /** Threads running now (tests). */
  get running(): number {
    return this.threads.size;
  }

  private pump(): void {
    while (this.queue.length) {
      let thread = [...this.threads].find((t) => !t.task);
      if (!thread) {
        if (this.threads.size >= this.size) return;
        thread = this.start();
      }
      this.give(thread, this.queue.shift()!);
    }
  }

  private start(): Thread {
    const t: Thread = { worker: startWorker(THREAD, this.workerOptions), task: null };
    t.worker.unref(); // an idle thread keeps no process alive; a busy one is ref'd (give)
    t.worker.on('message', (m: { value?: unknown; error?: string }) => {
      const task = t.task;
      t.task = null;
      clearTimeout(t.limit);
      t.worker.unref();
      t.idle = setTimeout(() => void this.end(t), this.idleMs).unref();
      if (m.error !== undefined) task?.reject(new Error(m.error));
      else task?.resolve(asBuffer(m.value));
      this.pump();
    });
    t.worker.on('error', (err) => void this.end(t, err));
    t.worker.on('exit', (code) => void this.end(t, new Error(`thread exited (code ${code})`)));
    this.threads.add(t);
    return t;
  }

  private give(t: Thread, task: Task): void {
    clearTimeout(t.idle);
    t.task = task;
    if (task.timeoutMs !== undefined)
      t.limit = setTimeout(() => void this.end(t, new TaskTimedOut(task.timeoutMs!)), task.timeoutMs);
    t.worker.ref();
    t.worker.postMessage({ module: task.module, data: task.data });
  }

  /** Drops the thread (its task, if any, rejected with `err`) and starts queued work on another. */
  private async end(t: Thread, err = new Error('thread ended')): Promise<void> {
    if (!this.threads.delete(t)) return;
    clearTimeout(t.idle);
    clearTimeout(t.limit);
    t.task?.reject(err);
    t.task = null;
    await t.worker.terminate();
    this.pump();
  }
}

/** The server's pool (closed in app onClose). */
export const threadPool = new ThreadPool();
