// Parsing an IFC file in a worker thread (issue 12 §2, DESIGN §10 "one path for long work"): the bytes are moved
// to the worker, its progress goes to the job, its answer is the ParsedModel or a refusal the user reads. A job
// cancelled (the server stopping) terminates the worker.
import { badRequest } from '../../errors';
import { settleOnce, tsWorker } from '../../jobs/tsWorker';
import type { ParsedModel, WorkerMessage } from '../model';

/** web-ifc's own memory cap for the model's lines (bytes). */
export const MEMORY_LIMIT = 3 * 1024 ** 3;

export function parseIfc(bytes: Uint8Array, progress: (done: number, total: number) => void): Promise<ParsedModel> {
  // (a Buffer may share its memory with others: move a copy of exactly its bytes)
  const own = new Uint8Array(bytes);
  const worker = tsWorker(new URL('./worker.ts', import.meta.url), {
    workerData: { bytes: own, memoryLimit: MEMORY_LIMIT },
    transferList: [own.buffer],
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  return new Promise<ParsedModel>((resolve, reject) => {
    const end = settleOnce(worker);
    worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'progress') {
        try {
          progress(m.done, m.total);
        } catch (err) {
          end(() => reject(err));
        }
      } else if (m.kind === 'done') end(() => resolve(m.model));
      else end(() => reject(badRequest(m.message)));
    });
    worker.on('error', (err) => end(() => reject(badRequest(`模型解析失败：${err.message}`))));
    worker.on('exit', (code) => end(() => reject(badRequest(`模型解析中断（退出码 ${code}），文件可能过大或已损坏`))));
  });
}
