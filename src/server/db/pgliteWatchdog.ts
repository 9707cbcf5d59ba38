// The last resort on a full disk. When PGlite cannot grow its WAL it may spin for ever inside one
// statement (seen: XLogFlush at COMMIT, on the main thread, with no error first): the event loop is blocked, so no
// request, timer or signal handler runs again. A worker thread watches the statement that runs; past the limit it
// prints one line, removes the data dir's lock file and kills the process, so a supervisor (or the operator)
// restarts it — the start then says whether the disk is still full, and PGlite recovers from its WAL.
import { Worker } from 'node:worker_threads';
import { statementClock } from './pgliteDialect';

export const STATEMENT_LIMIT_MS = 120_000;

// (plain JavaScript: the worker is evaluated by node itself)
const WATCHER = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { started, limitMs, lockPath, pid, message } = workerData;
setInterval(() => {
  const at = Number(Atomics.load(started, 0));
  if (!at || Date.now() - at < limitMs) return;
  try { fs.writeSync(2, message + '\\n'); } catch {}
  try { if (lockPath && fs.readFileSync(lockPath, 'utf8').trim() === String(pid)) fs.rmSync(lockPath, { force: true }); } catch {}
  process.kill(pid, 'SIGKILL');
}, Math.max(50, Math.min(5000, limitMs / 4)));
`;

/** Starts the watchdog for this process's PGlite; answers the function that stops it. */
export function watchPGlite(opts: { dataDir: string; lockPath?: string; limitMs?: number }): () => Promise<void> {
  const limitMs = opts.limitMs ?? STATEMENT_LIMIT_MS;
  const started = new BigInt64Array(new SharedArrayBuffer(8)); // ms since the epoch; 0 while no statement runs
  const message =
    `[碳算] 嵌入式数据库的一条语句运行超过 ${limitMs >= 1000 ? `${Math.round(limitMs / 1000)} 秒` : `${limitMs} 毫秒`}仍未结束，服务进程已强制退出` +
    `（磁盘将满时 PGlite 会卡死在写 WAL 上）。请检查 ${opts.dataDir} 所在磁盘的剩余空间后重启服务。`;
  // (execArgv []: not the parent's --import tsx or --input-type, so WATCHER stays a CommonJS script)
  const worker = new Worker(WATCHER, {
    eval: true,
    execArgv: [],
    workerData: { started, limitMs, lockPath: opts.lockPath, pid: process.pid, message },
  });
  worker.on('error', () => {}); // a broken watchdog must not take the server down
  worker.unref();
  statementClock.begin = () => void Atomics.store(started, 0, BigInt(Date.now()));
  statementClock.end = () => void Atomics.store(started, 0, 0n);
  return async () => {
    statementClock.begin = statementClock.end = () => {};
    await worker.terminate();
  };
}
