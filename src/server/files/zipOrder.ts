// A zip with its entries in another order, their bytes untouched (nothing is inflated): each entry's local record
// (header, data, data descriptor) is copied in the new order and the central directory is written anew with the
// new offsets. For the streaming xlsx reader (excel/readImport.ts), which reads a workbook in file order: a sheet
// that comes before the workbook part and the shared strings is kept in a temporary file and read back at the end,
// and a workbook written by exceljs (our own templates, re-saved or not) puts workbook.xml last — so its sheets all
// went through temporary files, and under load the reader once ended without the workbook part (a TypeError on
// `this.model.sheets`, the import refused as 文件格式不正确). In the order below every sheet is read as it streams.
import type { ZipEntry } from './zipBounds';

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const EOCD = 0x06054b50;
/** general purpose flag bit 3: sizes and CRC follow the data in a data descriptor */
const HAS_DESCRIPTOR = 0x08;

/** The bytes of an entry's local record: header, name, extra field, data and its descriptor if it has one. */
function localRecord(buf: Buffer, e: ZipEntry): Buffer {
  if (buf.readUInt32LE(e.offset) !== LOCAL) throw new Error(`zip entry ${e.name}: no local header`);
  let end = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28) + e.compressedSize;
  if (buf.readUInt16LE(e.offset + 6) & HAS_DESCRIPTOR)
    end += end + 4 <= buf.length && buf.readUInt32LE(end) === DESCRIPTOR ? 16 : 12;
  if (end > buf.length) throw new Error(`zip entry ${e.name}: cut short`);
  return buf.subarray(e.offset, end);
}

/**
 * `buf` (whose central directory lists `entries`, as assertZipBounds answers them) with the entries sorted by
 * `rank` (lower first; equal ranks keep their order).
 */
export function reorderZip(buf: Buffer, entries: readonly ZipEntry[], rank: (name: string) => number): Buffer {
  const sorted = entries.map((e, i) => ({ e, i, r: rank(e.name) })).sort((a, b) => a.r - b.r || a.i - b.i);
  if (sorted.every((s, i) => s.i === i)) return buf;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let at = 0;
  for (const { e } of sorted) {
    const local = localRecord(buf, e);
    const central = Buffer.from(buf.subarray(e.central, e.central + e.centralLength));
    central.writeUInt32LE(at, 42);
    locals.push(local);
    centrals.push(central);
    at += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(sorted.length, 8);
  end.writeUInt16LE(sorted.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The order an xlsx is best streamed in: the package parts, the workbook and its relations, styles and shared strings,
 * then the sheets, the rest last.
 */
export function xlsxRank(name: string): number {
  if (name === '[Content_Types].xml' || name === '_rels/.rels') return 0;
  if (name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels') return 1;
  if (name === 'xl/styles.xml' || name === 'xl/sharedStrings.xml') return 2;
  if (/^xl\/worksheets\//.test(name)) return 3;
  return 4;
}
