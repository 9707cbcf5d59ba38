// Zip containers from users (xlsx, later ifczip) are bounded before anything opens them: the central directory's
// declared sizes must stay within the limits, and each entry is then inflated once into nothing, counting bytes, so
// an entry that inflates past what it declared (a lying header) is caught too — without ever holding more than a
// small entry or one small chunk of a large one. A 467 KB file that would inflate to 450 MB is refused by the
// declared sizes at once; a liar after at most its declared size of inflating.
import { inflateRawSync } from 'node:zlib';
import { Inflate } from 'fflate';

export interface ZipLimits {
  /** all entries together, uncompressed */
  maxTotal: number;
  /** any one entry, uncompressed */
  maxEntry: number;
  /** uncompressed ÷ compressed for an entry above `ratioFrom` bytes */
  maxRatio: number;
  ratioFrom: number;
  /** per-entry limits by name (e.g. the shared strings part, which a streaming reader keeps in memory) */
  entryLimits?: Record<string, number>;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** where its local header starts */
  offset: number;
  /** where its central directory record starts, and that record's length */
  central: number;
  centralLength: number;
}

/** Why a container is refused: not a zip at all, or bigger than the limits once inflated. */
export class ZipRefused extends Error {
  constructor(readonly reason: 'notZip' | 'tooLarge') {
    super(reason);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The end record: how many entries, where the central directory starts and its size (throws notZip without one). */
export function zipEnd(buf: Buffer): { count: number; offset: number; size: number } {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) !== EOCD) continue;
    const end = { count: buf.readUInt16LE(i + 10), size: buf.readUInt32LE(i + 12), offset: buf.readUInt32LE(i + 16) };
    // zip64 markers: an xlsx of at most 6 MB (an ifczip of at most 200 MB) never needs them
    if (end.count === 0xffff || end.offset === 0xffffffff) throw new ZipRefused('tooLarge');
    return end;
  }
  throw new ZipRefused('notZip');
}

/** The `count` entries of a central directory that starts at `p` in `buf` (throws notZip when it is broken). */
export function centralEntries(buf: Buffer, p: number, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new ZipRefused('notZip');
    const nameLen = buf.readUInt16LE(p + 28);
    const centralLength = 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    const entry = {
      central: p,
      centralLength,
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw new ZipRefused('tooLarge');
    entries.push(entry);
    p += centralLength;
  }
  return entries;
}

/** The entries listed by the central directory (throws notZip when there is none or it is broken). */
export function zipEntries(buf: Buffer): ZipEntry[] {
  const end = zipEnd(buf);
  return centralEntries(buf, end.offset, end.count);
}

/** Throws ZipRefused unless every entry's declared size is within the limits. */
export function assertDeclaredBounds(entries: ZipEntry[], limits: ZipLimits): void {
  let total = 0;
  for (const e of entries) {
    total += e.size;
    const own = limits.entryLimits?.[e.name] ?? limits.maxEntry;
    if (e.size > own || total > limits.maxTotal) throw new ZipRefused('tooLarge');
    if (e.size > limits.ratioFrom && e.size > e.compressedSize * limits.maxRatio) throw new ZipRefused('tooLarge');
  }
}

/** Throws ZipRefused unless every entry (declared and actual) is within the limits; answers the entries. */
export function assertZipBounds(buf: Buffer, limits: ZipLimits): ZipEntry[] {
  const entries = zipEntries(buf);
  assertDeclaredBounds(entries, limits);
  for (const e of entries) inflatedSize(buf, e);
  return entries;
}

const SLICE = 4096;
/**
 * Entries declared up to this size are inflated by zlib at once (4× faster), capped at their declared size + 1 byte.
 */
const AT_ONCE = 8 * 1024 * 1024;

/** Inflates one entry into nothing; more bytes than declared → tooLarge. */
function inflatedSize(buf: Buffer, e: ZipEntry): void {
  if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== LOCAL) throw new ZipRefused('notZip');
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  const data = buf.subarray(start, start + e.compressedSize);
  if (data.length < e.compressedSize) throw new ZipRefused('notZip');
  if (e.method === 0) {
    if (e.compressedSize !== e.size) throw new ZipRefused('tooLarge');
    return;
  }
  if (e.method !== 8) throw new ZipRefused('notZip');
  if (e.size <= AT_ONCE) {
    let out: Buffer;
    try {
      out = inflateRawSync(data, { maxOutputLength: e.size + 1 });
    } catch (err) {
      throw new ZipRefused((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'tooLarge' : 'notZip');
    }
    if (out.length !== e.size) throw new ZipRefused(out.length > e.size ? 'tooLarge' : 'notZip');
    return;
  }
  let out = 0;
  const inflate = new Inflate((chunk) => {
    out += chunk.length;
  });
  try {
    // small slices: one push can inflate to at most ~1000× its size
    for (let i = 0; i < data.length; i += SLICE) {
      inflate.push(data.subarray(i, i + SLICE), i + SLICE >= data.length);
      if (out > e.size) throw new ZipRefused('tooLarge');
    }
  } catch (err) {
    if (err instanceof ZipRefused) throw err;
    throw new ZipRefused('notZip');
  }
  if (out !== e.size) throw new ZipRefused(out > e.size ? 'tooLarge' : 'notZip');
}
