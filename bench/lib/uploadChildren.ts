// The child processes of bench/uploadMemory.ts, each a fork of that script with a role: the server (the real app of
// a checkout on PGlite), one parse alone, web-ifc alone. Apart from the measuring parent so that what runs in the
// children, and how they are forked and asked, reads in one place.
import { fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RssSampler } from './rss';

/** The script every child runs (with its role as the first argument). */
const SCRIPT = resolve(import.meta.dirname, '../uploadMemory.ts');
/** The seeded accounts' passwords: the server seeds them, the parent logs in with one. (As lib/target.ts, not
 * imported from there: the server child would load this checkout's app beside --root's.) */
export const PASSWORDS = {
  admin: 'Bench-Admin-Pass-1',
  demo_admin: 'Bench-Demo-Admin-1',
  demo_user: 'Bench-Demo-User-1',
  demo_trial: 'Bench-Demo-Trial-1',
};
/** What the server child answers to 'mem'. */
export type Mem = NodeJS.MemoryUsage & { pglite: number };

// ---- child: the server ------------------------------------------------------------------------------------------
export async function serve(root: string, dir: string): Promise<void> {
  const imp = (p: string) => import(pathToFileURL(join(root, p)).href);
  const { openPGlite } = await imp('src/server/db/database.ts');
  const { migrate } = await imp('src/server/db/migrate.ts');
  const { seed } = await imp('src/server/seed/seed.ts');
  const { buildApp } = await imp('src/server/app.ts');
  const database = await openPGlite({ dataDir: join(dir, 'db') });
  await migrate(database.db);
  await seed(database.db, { adminPassword: PASSWORDS.admin, passwords: PASSWORDS, print: () => {} });
  const app = await buildApp({ db: database.db, logger: false, clientDir: join(dir, 'no-client'), dataDir: dir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: app.server.address().port });
  process.on('message', async (m) => {
    if (m === 'gc') return (globalThis as { gc?: () => void }).gc?.();
    // (what the process holds: V8's heaps, buffers outside them, and PGlite's WASM memory, which never shrinks)
    if (m === 'mem')
      return process.send!({ ...process.memoryUsage(), pglite: database.pglite?.mod?.HEAPU8?.byteLength ?? 0 });
    if (m !== 'stop') return;
    await app.close();
    await database.close();
    process.exit(0);
  });
}

// ---- child: one parse alone, or web-ifc alone -------------------------------------------------------------------
export async function parseAlone(path: string): Promise<void> {
  const { parseIfc } = await import('../../src/server/bim/parse/run');
  const rss = new RssSampler();
  const m = await rss.measure(() => parseIfc(path, () => undefined));
  process.send!({ growth: m.growth, ms: m.ms, elements: m.value.summary.counts.elements });
  await rss.close();
}

export async function floorAlone(path: string): Promise<void> {
  const { settleOnce, tsProcess } = await import('../../src/server/jobs/tsProcess');
  const { MEMORY_LIMIT } = await import('../../src/server/bim/parse/run');
  const rss = new RssSampler();
  const m = await rss.measure(
    () =>
      new Promise((res, rej) => {
        const worker = tsProcess(new URL('./ifcFloorWorker.ts', import.meta.url), {
          path,
          memoryLimit: MEMORY_LIMIT,
        });
        const end = settleOnce(worker);
        worker.on('message', (a) => end(() => res(a)));
        worker.on('error', (e) => end(() => rej(e)));
      }),
  );
  process.send!({ growth: m.growth, ms: m.ms });
  await rss.close();
}

// ---- the fork --------------------------------------------------------------------------------------------------
export interface Child<T> {
  pid: number;
  first: Promise<T>;
  send(m: string): void;
  ask<A>(m: string): Promise<A>;
  exited: Promise<void>;
}

export function child<T>(args: string[]): Child<T> {
  const c = fork(SCRIPT, args, {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    pid: c.pid!,
    first: new Promise((res, rej) => c.once('message', (m) => res(m as T)).once('error', rej)),
    send: (m) => c.send(m),
    ask: <A>(m: string) => new Promise<A>((res) => (c.once('message', (a) => res(a as A)), c.send(m))),
    exited: new Promise((res) => c.once('exit', () => res())),
  };
}
