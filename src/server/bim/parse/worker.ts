// The parsing process (off the request thread; run.ts forks it): opens the spooled IFC file with
// web-ifc, extracts the model and sends it back. web-ifc's WASM memory lives and dies with this process, so a
// huge or hostile model cannot grow the server's memory, and the server can kill it. The file is handed to web-ifc in
// chunks read from disk (OpenModelFromCallback): it is never one buffer in this thread's memory.
import { IfcAPI, LogLevel } from 'web-ifc';
import { jobData, toParent } from '../../jobs/tsProcess';
import type { WorkerMessage } from '../model';
import { packReport } from '../detail';
import { preflight } from '../preflight';
import { extractModel, ModelRefused } from './extract';
import { openIfcFile } from './openFile';
import { UnitsUnreadable } from './units';

export const UNREADABLE = '文件内容无法解析为 IFC 模型，请确认文件完整后重新导出';

const post = (m: WorkerMessage): void => void toParent(m);

async function main(): Promise<void> {
  const { path, memoryLimit } = jobData<{ path: string; memoryLimit: number }>();
  const api = new IfcAPI();
  await api.Init();
  api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
  const { model, omitted } = openIfcFile(api, path, { COORDINATE_TO_ORIGIN: false, MEMORY_LIMIT: memoryLimit }, true);
  if (model < 0) return post({ kind: 'failed', message: UNREADABLE });
  try {
    const parsed = extractModel(api, model, (done, total) => post({ kind: 'progress', done, total }), { omitted });
    // (the report here, not in the server: it then never holds every element of a big model)
    post({ kind: 'done', parsed: { schema: parsed.schema, units: parsed.units, ...packReport(preflight(parsed)) } });
  } catch (err) {
    const known = err instanceof ModelRefused || err instanceof UnitsUnreadable;
    post({ kind: 'failed', message: known ? err.message : `${UNREADABLE}（${(err as Error)?.message ?? err}）` });
  } finally {
    api.CloseModel(model);
  }
}

void main();
