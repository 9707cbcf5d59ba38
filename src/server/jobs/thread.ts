// A pool thread (threadPool.ts): runs one task at a time — imports the task's module (kept for the next task) and
// answers its default export's result. Bytes are transferred, not copied; a failure answers its message.
import { parentPort } from 'node:worker_threads';

type TaskModule = { default: (data: unknown) => unknown };
const modules = new Map<string, Promise<TaskModule>>();

/** A Uint8Array that owns its whole ArrayBuffer, so the buffer can be transferred (a pooled Buffer shares one). */
const own = (v: Uint8Array) => (v.byteOffset === 0 && v.byteLength === v.buffer.byteLength ? v : new Uint8Array(v));

parentPort!.on('message', async ({ module, data }: { module: string; data: unknown }) => {
  try {
    let m = modules.get(module);
    if (!m) modules.set(module, (m = import(module) as Promise<TaskModule>));
    m.catch(() => modules.delete(module)); // a module that failed to load is tried again next time
    const value = await (await m).default(data);
    if (value instanceof Uint8Array) {
      const bytes = own(value);
      parentPort!.postMessage({ value: bytes }, [bytes.buffer as ArrayBuffer]);
    } else parentPort!.postMessage({ value });
  } catch (err) {
    parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
