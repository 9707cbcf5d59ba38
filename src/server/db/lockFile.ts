// PGlite does not lock its folder, and two processes on one data dir lose writes.
// One server process per data dir: an exclusive lock file holding the owner's pid. A stale lock (its pid is
// no longer running) is taken over; a live one stops the start with a clear message.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(`数据目录已被进程 ${pid} 占用 (${lockPath})。同一数据目录只能运行一个服务进程；请先停止该进程。`);
  }
}

/** Whether a process with this id runs (EPERM: it runs as another user). */
export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Take the lock or throw DataDirLockedError; returns the release function. */
export function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) rmSync(lockPath, { force: true });
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let pid = NaN;
      try {
        pid = Number(readFileSync(lockPath, 'utf8').trim());
      } catch {
        /* vanished meanwhile: retry */
      }
      if (pid === process.pid || alive(pid)) throw new DataDirLockedError(lockPath, pid);
      rmSync(lockPath, { force: true }); // stale: its owner is dead
    }
  }
  throw new Error(`无法获取数据目录锁 ${lockPath}`);
}
