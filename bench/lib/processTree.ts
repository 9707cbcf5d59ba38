// A started process and everything under it, read from /proc: resident memory (VmRSS) and CPU time (utime +
// stime) summed over the tree — what `npm start` costs the machine, not only the server's own process.
import { readFileSync } from 'node:fs';

const read = (p: string) => {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return '';
  }
};
const TICKS_PER_S = 100; // USER_HZ on Linux

const children = (pid: number): number[] =>
  read(`/proc/${pid}/task/${pid}/children`).split(/\s+/).filter(Boolean).map(Number);

export const tree = (pid: number): number[] => [pid, ...children(pid).flatMap(tree)];

/** Resident memory of the tree (MiB). */
export const treeRssMiB = (pid: number) =>
  tree(pid).reduce((a, p) => a + Number(/VmRSS:\s+(\d+) kB/.exec(read(`/proc/${p}/status`))?.[1] ?? 0) / 1024, 0);

/** CPU time the tree's living processes have used (ms). */
export const treeCpuMs = (pid: number) =>
  tree(pid).reduce((a, p) => {
    const fields = read(`/proc/${p}/stat`)
      .replace(/^.*\) /, '')
      .split(' '); // after "pid (comm) "
    return a + ((Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 1000) / TICKS_PER_S;
  }, 0);
