// Parsing an IFC file in a child process (a job, as all long work; a process, not a thread, so web-ifc's
// memory is never the server's): the child gets the spooled file's path and
// reads it itself, its progress goes to the job, its answer is the model's pre-flight report (made there) or a refusal
// the user reads. A job cancelled (the server stopping) kills the child. At most PARSES.size parses run at once; the
// others queue.
import { badRequest } from '../../errors';
import { JobSlots } from '../../jobs/slots';
import { settleOnce, tsProcess } from '../../jobs/tsProcess';
import type { ParsedFile, WorkerMessage } from '../model';

/** web-ifc's own memory cap for the model's lines (bytes). */
export const MEMORY_LIMIT = 3 * 1024 ** 3;

/** Parses at once: each holds web-ifc's memory for its model (several times the file's size). */
export const PARSES = new JobSlots(2);

export function parseIfc(path: string, progress: (done: number, total: number) => void): Promise<ParsedFile> {
  const child = tsProcess(new URL('./worker.ts', import.meta.url), { path, memoryLimit: MEMORY_LIMIT });
  return new Promise<ParsedFile>((resolve, reject) => {
    const end = settleOnce(child);
    child.on('message', (m: WorkerMessage) => {
      if (m.kind === 'progress') {
        try {
          progress(m.done, m.total);
        } catch (err) {
          end(() => reject(err));
        }
      } else if (m.kind === 'done') end(() => resolve(m.parsed));
      else end(() => reject(badRequest(m.message)));
    });
    child.on('error', (err) => end(() => reject(badRequest(`模型解析失败：${err.message}`))));
    child.on('exit', (code, signal) =>
      end(() => reject(badRequest(`模型解析中断（退出码 ${code ?? signal}），文件可能过大或已损坏`))),
    );
  });
}
