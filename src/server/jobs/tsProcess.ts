// Child processes for job work whose memory must not be the server's: web-ifc holds
// several times a model's size while it parses, and a worker thread's memory is the server's own RSS (three
// 150 MB uploads took it up by 2–3 GiB, and much of it stayed). A process hands all of it back when it exits and
// cannot take the server down if it runs out. The entry is a TypeScript file run through tsx (tests, bench,
// `npm run dev`) or, in the server `npm start` runs, the JavaScript scripts/build-server.mjs made of it (the build
// points `new URL('./worker.ts', import.meta.url)` there). Its data comes as JSON in argv, its messages over IPC
// with the structured clone; it exits when the server goes (the IPC channel closes). The caller settles once — the
// first of its answer, an error or the exit wins — and the process is killed then.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TSX = import.meta.resolve('tsx');

/** Starts `entry` in a child process with `data` (read by jobData()) and at most `heapMb` of V8 heap. */
export function tsProcess(entry: URL, data: Record<string, unknown>, heapMb = 4096): ChildProcess {
  const loader = entry.pathname.endsWith('.ts') ? ['--import', TSX] : [];
  return fork(fileURLToPath(entry), [JSON.stringify(data)], {
    execArgv: [...loader, `--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** In the child: the data its parent gave; the child leaves when its parent does. */
export function jobData<T>(): T {
  process.once('disconnect', () => process.exit(1));
  return JSON.parse(process.argv[2] ?? '{}') as T;
}

/** In the child: a message to the parent. */
export const toParent = (m: unknown) => process.send?.(m);

/** `end(fn)` runs fn only the first time, then kills the process. */
export function settleOnce(child: ChildProcess): (fn: () => void) => void {
  let settled = false;
  return (fn) => {
    if (settled) return;
    settled = true;
    fn();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
}
