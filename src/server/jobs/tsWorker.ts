// Worker threads for CPU-heavy job work (DESIGN §10): the entry is a TypeScript file, loaded through tsx as the
// server itself is (also under the test runner and the bench), and the caller settles once — the first of its
// answer, an error or the thread's exit wins, and the thread is terminated then.
import { Worker, type WorkerOptions } from 'node:worker_threads';

const BOOT = `const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ tsImport }) => tsImport(workerData.entry, workerData.entry));`;

/** Starts `entry` in a worker thread; its workerData gets `entry` added (the boot code reads it). */
export function tsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> & { workerData: Record<string, unknown> }): Worker {
  return new Worker(BOOT, { ...options, eval: true, workerData: { ...options.workerData, entry: entry.href } });
}

/** `end(fn)` runs fn only the first time, then terminates the worker. */
export function settleOnce(worker: Worker): (fn: () => void) => void {
  let settled = false;
  return (fn) => {
    if (settled) return;
    settled = true;
    fn();
    void worker.terminate();
  };
}
