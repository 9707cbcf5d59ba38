// A zip read from disk (the spooled .ifczip): the central directory from the file's end, one entry
// inflated as a stream (node:zlib) into a file — never the archive or the entry whole in memory. The bounds are
// zipBounds.ts's: the declared sizes first (assertDeclaredBounds), then the bytes actually inflated are counted
// and stop at what the entry declared (a lying header). Entries that are not extracted are never inflated.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { receive, type ReceiveOptions } from './spool';
import { centralEntries, zipEnd, ZipRefused, type ZipEntry } from './zipBounds';

/** A central directory larger than this is refused (an ifczip holds a handful of entries). */
const MAX_DIRECTORY = 1024 * 1024;
const LOCAL = 0x04034b50;

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const f = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await f.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await f.close();
  }
}

/** The entries of the zip at `path` (throws ZipRefused). */
export async function zipFileEntries(path: string, fileSize: number): Promise<ZipEntry[]> {
  const tailAt = Math.max(0, fileSize - 22 - 0xffff);
  const end = zipEnd(await readAt(path, tailAt, fileSize - tailAt));
  if (end.size > MAX_DIRECTORY) throw new ZipRefused('tooLarge');
  if (end.offset + end.size > fileSize) throw new ZipRefused('notZip');
  return centralEntries(await readAt(path, end.offset, end.size), 0, end.count);
}

/**
 * Inflates `entry` of the zip at `path` into `dest` (see spool.ts `receive` for `inspect`): answers the verdict.
 * More bytes than declared → tooLarge; fewer, broken data or an unknown method → notZip.
 */
export async function extractEntry<T>(
  path: string,
  entry: ZipEntry,
  dest: string,
  opts: Pick<ReceiveOptions<T>, 'inspect' | 'headBytes'>,
): Promise<T> {
  const local = await readAt(path, entry.offset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) throw new ZipRefused('notZip');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipRefused('notZip');
  if (entry.method === 0 && entry.compressedSize !== entry.size) throw new ZipRefused('tooLarge');
  const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  // (`end` is inclusive)
  const raw = () => createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  const data =
    entry.compressedSize === 0
      ? Readable.from([])
      : entry.method === 8
        ? pipeline(raw(), createInflateRaw(), () => undefined)
        : raw();
  try {
    const { verdict, size } = await receive(data, dest, {
      ...opts,
      max: entry.size,
      tooLarge: () => new ZipRefused('tooLarge'),
      onRefusal: 'stop',
    });
    if (size !== entry.size) throw new ZipRefused('notZip');
    return verdict;
  } catch (err) {
    // (zlib's own errors: broken or cut data)
    const code = (err as { code?: unknown })?.code;
    if (typeof code === 'string' && code.startsWith('Z_')) throw new ZipRefused('notZip');
    throw err;
  }
}
