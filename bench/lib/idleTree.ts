// A started process left idle, as a server sits between users: spawned (spawnServer), IDLE_MS after its first
// answer the RSS of its whole process tree and of each process in it, then stopped — waiting until every process of
// the tree has ended, so that the next start on the same data dir finds its lock gone.
import { existsSync, readFileSync } from 'node:fs';
import { tree, treeRssMiB } from './processTree';
import { pause, spawnServer } from './spawnServer';

/** How long after the first answer a server counts as at rest. */
export const IDLE_MS = 45_000;

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const nameOf = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter(Boolean)
    .map((a) => a.split('/').pop())
    .slice(0, 2)
    .join(' ');

export interface Idle {
  rssMiB: number;
  /** each process of the tree: its command and RSS (MiB) */
  parts: string;
  /** spawn to the first answer */
  ms: number;
}

/** Starts `node <args>` on `env`, waits IDLE_MS after its first answer, reads the tree's RSS and stops it. */
export async function idleTree(args: string[], env: NodeJS.ProcessEnv, limitMs?: number): Promise<Idle> {
  const server = await spawnServer(args, env, limitMs);
  const pids = tree(server.child.pid!);
  try {
    await pause(IDLE_MS);
    const now = tree(server.child.pid!);
    pids.push(...now.filter((p) => !pids.includes(p)));
    return {
      rssMiB: treeRssMiB(server.child.pid!),
      parts: now.map((p) => `${nameOf(p)} ${rssOf(p).toFixed(0)}`).join(', '),
      ms: server.ms,
    };
  } finally {
    await server.stop();
    // (npm may end before the server it started)
    for (const end = performance.now() + 60_000; pids.some((p) => existsSync(`/proc/${p}`)) && performance.now() < end;)
      await pause(100);
  }
}
