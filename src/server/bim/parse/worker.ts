// The parsing worker (issue 12 §2: off the request thread): opens the IFC bytes with web-ifc, extracts the
// model and posts it back. web-ifc's WASM memory lives and dies with this thread, so a huge or hostile model
// cannot grow the server's own heap, and the server can terminate it.
import { parentPort, workerData } from 'node:worker_threads';
import { IfcAPI, LogLevel } from 'web-ifc';
import type { WorkerMessage } from '../model';
import { extractModel, ModelRefused } from './extract';
import { UnitsUnreadable } from './units';

export const UNREADABLE = '文件内容无法解析为 IFC 模型，请确认文件完整后重新导出';

const post = (m: WorkerMessage) => parentPort!.postMessage(m);

async function main(): Promise<void> {
  const { bytes, memoryLimit } = workerData as { bytes: Uint8Array; memoryLimit: number };
  const api = new IfcAPI();
  await api.Init();
  api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
  let model = -1;
  try {
    model = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false, MEMORY_LIMIT: memoryLimit });
  } catch {
    model = -1; // (web-ifc throws a TypeError on some non-IFC text instead of answering -1)
  }
  if (model < 0) return post({ kind: 'failed', message: UNREADABLE });
  try {
    post({ kind: 'done', model: extractModel(api, model, (done, total) => post({ kind: 'progress', done, total })) });
  } catch (err) {
    const known = err instanceof ModelRefused || err instanceof UnitsUnreadable;
    post({ kind: 'failed', message: known ? err.message : `${UNREADABLE}（${(err as Error)?.message ?? err}）` });
  } finally {
    api.CloseModel(model);
  }
}

void main();
