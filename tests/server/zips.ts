// Zips written by hand for the bounds checks: parts that lie about their size, bombs that never exist whole.
import { createDeflateRaw } from 'node:zlib';

/**
 * A zip of deflated parts, written by hand (local headers, central directory, end record; CRCs are left 0 —
 * the bounds check never inflates to compare them). `declared` overrides a part's uncompressed size.
 */
export function zipOf(parts: { name: string; data: Buffer; size: number; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(p.data.length, 18);
    head.writeUInt32LE(p.declared ?? p.size, 22);
    head.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(p.data.length, 20);
    dir.writeUInt32LE(p.declared ?? p.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(head, name, p.data);
    central.push(dir, name);
    offset += 30 + name.length + p.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** `mb` MB of one repeated sheet row, deflated by zlib in 1 MB pieces (never held whole). */
export async function deflated(
  mb: number,
  text = '<row><c t="inlineStr"><is><t>x</t></is></c></row>',
): Promise<{ data: Buffer; size: number }> {
  const piece = Buffer.from(text.repeat(Math.ceil((1024 * 1024) / text.length))).subarray(0, 1024 * 1024);
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((r) => z.on('end', r));
  for (let i = 0; i < mb; i++) if (!z.write(piece)) await new Promise((r) => z.once('drain', r));
  z.end();
  await ended;
  return { data: Buffer.concat(out), size: mb * 1024 * 1024 };
}
