// Large uploads go to disk, not memory: a spool is a private temp folder of one upload, removed when
// its work ends, on failure, and when the server stops. They live under os.tmpdir() (TMPDIR moves them), not the
// data dir: a spool that fills its disk must not starve the embedded database's WAL (db/diskSpace.ts).
// `receive` writes a stream into a spool file with backpressure, deciding on the first bytes whether to go on.
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { onShutdown } from '../http/shutdown';

const PREFIX = 'tansuan-spool-';
/** This process's spools; one folder so the server's stop (or exit) removes them all at once. */
export const spoolRoot = () => join(tmpdir(), `${PREFIX}${process.pid}`);

let rootReady: Promise<string> | undefined;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The root, made on first use; left-overs of a dead process (and of an earlier one with this pid) go first. */
function root(): Promise<string> {
  rootReady ??= (async () => {
    const dir = spoolRoot();
    await rm(dir, { recursive: true, force: true });
    for (const name of await readdir(tmpdir()).catch(() => [])) {
      const pid = Number(name.slice(PREFIX.length));
      if (name.startsWith(PREFIX) && Number.isInteger(pid) && !alive(pid))
        await rm(join(tmpdir(), name), { recursive: true, force: true }).catch(() => undefined);
    }
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  })();
  return rootReady;
}

/**
 * Removes the root; the next spool makes it again (a shutdown's removal must not break a later upload in this process).
 */
const removeRoot = () => {
  if (!rootReady) return;
  rootReady = undefined;
  rmSync(spoolRoot(), { recursive: true, force: true });
};
onShutdown(removeRoot);
process.once('exit', removeRoot);

export interface Spool {
  readonly dir: string;
  /** Removes the folder and everything in it; safe to call more than once. */
  remove(): Promise<void>;
}

export async function createSpool(): Promise<Spool> {
  const dir = await mkdtemp(join(await root(), 'u-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface ReceiveOptions<T> {
  /**
   * Looks at the first bytes (all of them so far, at most `headBytes`; `complete` when the stream ended): answers a
   * verdict once it can, undefined to see more; throws to refuse.
   */
  inspect(head: Buffer, complete: boolean): T | undefined;
  headBytes: number;
  /** More bytes than this → `tooLarge()` is thrown (a zip entry that inflates past what it declared). */
  max?: number;
  tooLarge?: () => Error;
  /**
   * After a refusal: 'drain' reads the rest and drops it (an upload: the client still sends, and gets its answer,
   * rather than a reset); 'stop' destroys the stream.
   */
  onRefusal: 'drain' | 'stop';
}

/** Writes `source` to `path`; answers the verdict of `inspect` and the size. Rejects at once on a refusal. */
export function receive<T>(
  source: Readable,
  path: string,
  opts: ReceiveOptions<T>,
): Promise<{ verdict: T; size: number }> {
  let refuse!: (err: unknown) => void;
  const refused = new Promise<never>((_, reject) => (refuse = reject));
  const written = (async () => {
    let out: FileHandle | undefined;
    let refusal: unknown; // (set: the rest is read and dropped)
    let size = 0;
    let verdict: T | undefined;
    let head: Buffer[] = [];
    try {
      out = await open(path, 'wx', 0o600);
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (refusal) continue;
        size += chunk.length;
        if (opts.max !== undefined && size > opts.max) throw opts.tooLarge?.() ?? new Error('too large');
        if (verdict === undefined) {
          head.push(chunk);
          const bytes = Buffer.concat(head).subarray(0, opts.headBytes);
          try {
            verdict = opts.inspect(bytes, false) ?? (size >= opts.headBytes ? opts.inspect(bytes, true) : undefined);
          } catch (err) {
            if (opts.onRefusal === 'stop') throw err;
            refuse((refusal = err));
            continue;
          }
          if (verdict !== undefined) head = [];
        }
        await out.write(chunk);
      }
      if (refusal) throw refusal;
      return { verdict: verdict ?? opts.inspect(Buffer.concat(head), true)!, size };
    } catch (err) {
      if (opts.onRefusal === 'drain') source.resume();
      else source.destroy();
      throw err;
    } finally {
      await out?.close();
    }
  })();
  return Promise.race([written, refused]);
}
