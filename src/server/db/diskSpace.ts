// A full disk: what is measured and how a failure is recognised. Every request that fails on it answers
// 507 `服务器存储空间不足` (http/errorHandler.ts); on the embedded database a write request is refused before it starts
// when the data dir's file system is low (http/diskGuard.ts), and the PGlite dialect refuses write statements.
//
// Why refuse early (observed with PGlite 0.5 on a 64 MB tmpfs): a table that cannot grow fails cleanly
// (ERROR 53100 `could not extend file …: No space left on device`, the transaction rolls back, the instance goes
// on), but WAL that cannot grow is a PANIC (53100 `could not write to file "pg_wal/xlogtemp.N"`), after which
// the next statement spins for ever in XLogFlush on the main thread — every request hangs, even once space is
// freed; only a restart recovers (the data is consistent). A new WAL segment takes 16 MB, so the reserve keeps
// room for it and for the largest ordinary write. What writes is decided by the route flag `config.writes`, not
// the HTTP verb (a GET calculates or exports too); behind it, the PGlite dialect refuses any write statement below
// the reserve, and stops using the instance after a PANIC.
import { statfs } from 'node:fs/promises';

/** Below this much free space the embedded database takes no more write requests. */
export const DISK_RESERVE_BYTES = 64 * 1024 * 1024;

const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const NO_SPACE_TEXT = /no space left on device|disk quota exceeded/i;

/**
 * A failure caused by a full disk: a node file error (ENOSPC, EDQUOT), PostgreSQL's or PGlite's SQLSTATE 53100
 * (disk_full), or a PGlite file error that says so; also when wrapped as the `cause` of another error.
 */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && NO_SPACE_CODES.has(code)) return true;
    if (typeof message === 'string' && NO_SPACE_TEXT.test(message)) return true;
  }
  return false;
}

/** Bytes an unprivileged process may still write on the file system of `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return Number(s.bavail) * Number(s.bsize);
}

/** An error that answers 507 (for work outside requests too, e.g. background jobs). */
export function diskFullError(dir: string, free: number): Error {
  return Object.assign(new Error(`ENOSPC: ${Math.floor(free / 1048576)} MB free on the file system of ${dir}`), {
    code: 'ENOSPC',
  });
}

/** Throws diskFullError when `dir` has less than `reserveBytes` free; a file system that cannot be asked passes. */
export async function assertDiskSpace(dir: string, reserveBytes = DISK_RESERVE_BYTES): Promise<void> {
  let free: number;
  try {
    free = await freeBytes(dir);
  } catch {
    return;
  }
  if (free < reserveBytes) throw diskFullError(dir, free);
}

const MEASURE_EVERY_MS = 1000;

/**
 * The free space of one directory's file system, asked at most once a second (it is read per request and per
 * statement).
 */
export class FreeSpace {
  private at = -Infinity;
  private value = Infinity;
  private pending: Promise<number> | undefined;

  constructor(
    readonly dir: string,
    private readonly measure: (dir: string) => Promise<number> = freeBytes,
    private readonly maxAgeMs = MEASURE_EVERY_MS,
  ) {}

  /** Bytes free; Infinity when the file system cannot be asked (it passes). */
  bytes(): Promise<number> {
    if (Date.now() - this.at < this.maxAgeMs) return Promise.resolve(this.value);
    this.pending ??= this.measure(this.dir)
      .catch(() => Infinity)
      .then((v) => {
        this.value = v;
        this.at = Date.now();
        this.pending = undefined;
        return v;
      });
    return this.pending;
  }
}

const shared = new Map<string, FreeSpace>();

/** The one measurement of `dir` in this process (the request guard and the PGlite dialect share it). */
export function freeSpaceOf(dir: string): FreeSpace {
  let f = shared.get(dir);
  if (!f) shared.set(dir, (f = new FreeSpace(dir)));
  return f;
}
