// A zip bomb shaped as the import template: every part of the real template, with the data sheet's XML replaced
// by a header row and ~450 MB of highly compressible XML (an empty row element every 4 KiB of blanks), deflated
// by fflate a chunk at a time so the bench never holds the inflated text. The zip is written the way Excel
// writes one: sizes and CRC in each local header and in the central directory.
import { writeFileSync } from 'node:fs';
import zlib, { constants as zlibConstants, inflateRawSync } from 'node:zlib';
import { Deflate, deflateSync, unzipSync } from 'fflate';
import type { Template } from './workbook';

// zlib.crc32 from Node 20.15 on; a table-driven one before
const nodeCrc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(data: Uint8Array, crc = 0): number {
  if (nodeCrc32) return nodeCrc32(data, crc);
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

interface Entry {
  name: string;
  crc: number;
  size: number;
  compressed: Uint8Array[];
  compressedSize: number;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) =>
  i < 26
    ? String.fromCharCode(65 + i)
    : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26));

/** The path of the data sheet's XML inside the template (workbook.xml → its relationship). */
function sheetPath(files: Record<string, Uint8Array>, sheet: string): string {
  const text = (p: string) => new TextDecoder().decode(files[p]);
  const wb = text('xl/workbook.xml');
  const m =
    new RegExp(`<sheet [^>]*name="${xmlEscape(sheet)}"[^>]*r:id="([^"]+)"`).exec(wb) ??
    /<sheet [^>]*r:id="([^"]+)"/.exec(wb);
  if (!m) throw new Error('zip bomb: no sheet in the template');
  const rel =
    new RegExp(`<Relationship [^>]*Id="${m[1]}"[^>]*Target="([^"]+)"`).exec(text('xl/_rels/workbook.xml.rels')) ??
    new RegExp(`<Relationship [^>]*Target="([^"]+)"[^>]*Id="${m[1]}"`).exec(text('xl/_rels/workbook.xml.rels'));
  if (!rel) throw new Error('zip bomb: no relationship for the sheet');
  return rel[1].startsWith('/') ? rel[1].slice(1) : `xl/${rel[1]}`;
}

/** Writes the bomb to `file` (about 600 KB for 450 MB); answers its size and the inflated size of its sheet. */
export function writeZipBomb(
  file: string,
  template: Template,
  inflatedBytes = 450 * 10 ** 6,
): { size: number; inflated: number } {
  const files = unzipSync(new Uint8Array(template.bytes));
  const target = sheetPath(files, template.sheet);
  const entries: Entry[] = [];

  // the sheet, streamed
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetData>' +
    `<row r="1">${template.titles.map((t, i) => `<c r="${column(i)}1" t="inlineStr"><is><t>${xmlEscape(t)}</t></is></c>`).join('')}</row>`;
  const tail = '</sheetData></worksheet>';
  const unit = '<row r="2" spans="1:1"/>';
  const block = Buffer.from((unit + ' '.repeat(4096 - unit.length)).repeat(256)); // 1 MiB
  // One DEFLATE stream made of pieces that each start on a byte boundary: the head as a stored block, the 1 MiB
  // block deflated once by fflate and ended with a sync flush (so its bytes may be repeated: it refers to nothing
  // before it), and the tail as the final stored block.
  const stored = (data: Uint8Array, final: boolean) => {
    if (data.length > 0xffff) throw new Error('zip bomb: stored piece too long');
    const h = Buffer.alloc(5);
    h[0] = final ? 1 : 0;
    h.writeUInt16LE(data.length, 1);
    h.writeUInt16LE(~data.length & 0xffff, 3);
    return Buffer.concat([h, data]);
  };
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk.slice())); // (fflate may reuse its buffer)
  deflate.push(block);
  deflate.flush(true);
  const blockZ = Buffer.concat(parts);
  if (inflateRawSync(blockZ, { finishFlush: zlibConstants.Z_SYNC_FLUSH }).length !== block.length)
    throw new Error('zip bomb: the deflated block does not inflate back');
  const blocks = Math.max(1, Math.round(inflatedBytes / block.length));
  const headBytes = Buffer.from(head);
  const tailBytes = Buffer.from(tail);
  let crc = crc32(headBytes);
  for (let i = 0; i < blocks; i++) crc = crc32(block, crc);
  crc = crc32(tailBytes, crc);
  const compressed = [
    stored(headBytes, false),
    ...Array.from({ length: blocks }, () => blockZ),
    stored(tailBytes, true),
  ];
  const sheet: Entry = {
    name: target,
    crc,
    size: headBytes.length + blocks * block.length + tailBytes.length,
    compressed,
    compressedSize: compressed.reduce((n, c) => n + c.length, 0),
  };
  // every part of the template in its order, the data sheet replaced
  for (const [name, data] of Object.entries(files)) {
    if (name === target) entries.push(sheet);
    else {
      const c = deflateSync(data, { level: 9 });
      entries.push({ name, crc: crc32(data), size: data.length, compressed: [c], compressedSize: c.length });
    }
  }

  // the archive
  const out: Uint8Array[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.compressedSize, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    out.push(local, name, ...e.compressed);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(0, 12);
    cd.writeUInt32LE(e.crc, 16);
    cd.writeUInt32LE(e.compressedSize, 20);
    cd.writeUInt32LE(e.size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += local.length + name.length + e.compressedSize;
  }
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  const bytes = Buffer.concat([...out, ...central, end]);
  writeFileSync(file, bytes);
  return { size: bytes.length, inflated: sheet.size };
}
