// The fonts the charts are drawn with. resvg reads a font file whole each time it draws a glyph, and Noto Sans SC
// is 10.5 MB, nearly all of it the outlines of 30 000 CJK characters: the sensitivity chart's ~600 glyphs copied
// 6 GB, most of a report's chart time (0.4 s of a 690-row report's, 0.1 s with these copies). The charts of one drawing
// get a copy of each font whose glyph table keeps only the outlines of the CJK characters in their text and every other
// glyph (Latin, symbols, the unencoded forms the layout tables substitute); glyph numbers, metrics and layout tables
// are unchanged, so the PNGs are the same bytes (tests/server/reportChartFonts.test.ts). A file of well under 1 MB, in
// a folder removed after the drawing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FONT_BOLD, FONT_REGULAR } from './fonts';

/** The first code point of the CJK blocks (radicals, kana, ideographs, Hangul …): outlines dropped when unused. */
const CJK_FROM = 0x2e80;

interface Table {
  tag: string;
  data: Buffer;
}

function tables(font: Buffer): Table[] {
  const n = font.readUInt16BE(4);
  return Array.from({ length: n }, (_, i) => {
    const at = 12 + 16 * i;
    const [offset, length] = [font.readUInt32BE(at + 8), font.readUInt32BE(at + 12)];
    return { tag: font.toString('latin1', at, at + 4), data: font.subarray(offset, offset + length) };
  });
}

/**
 * Which glyphs keep their outline (1): those no character maps to, and those of a character before the CJK blocks
 * or in `used`; from the cmap's format 12 subtable (null when it has none: the font is used whole).
 */
function keptGlyphs(cmap: Buffer, count: number, used: Set<number>): Uint8Array | null {
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const sub = cmap.subarray(cmap.readUInt32BE(4 + 8 * i + 4));
    if (sub.readUInt16BE(0) !== 12) continue;
    const [mapped, kept] = [new Uint8Array(count), new Uint8Array(count)];
    for (let g = 0; g < sub.readUInt32BE(12); g++) {
      const at = 16 + 12 * g;
      const [first, last, glyph] = [sub.readUInt32BE(at), sub.readUInt32BE(at + 4), sub.readUInt32BE(at + 8)];
      for (let cp = first; cp <= last; cp++) {
        mapped[glyph + cp - first] = 1;
        if (cp < CJK_FROM || used.has(cp)) kept[glyph + cp - first] = 1;
      }
    }
    return kept.map((k, g) => (k || !mapped[g] ? 1 : 0));
  }
  return null;
}

const sum = (b: Buffer) => {
  let s = 0;
  for (let i = 0; i < b.length; i += 4)
    s =
      (s +
        (i + 4 <= b.length ? b.readUInt32BE(i) : Buffer.concat([b.subarray(i), Buffer.alloc(4)]).readUInt32BE(0))) >>>
      0;
  return s;
};

/** The font file with the outlines of the unused CJK characters left out; null when it cannot be (used whole). */
export function reducedFont(font: Buffer, text: string): Buffer | null {
  const all = tables(font);
  const find = (tag: string) => all.find((t) => t.tag === tag)?.data;
  const [head, loca, glyf, cmap] = [find('head'), find('loca'), find('glyf'), find('cmap')];
  if (!head || !loca || !glyf || !cmap) return null;
  const long = head.readInt16BE(50) === 1;
  const count = loca.length / (long ? 4 : 2) - 1;
  const kept = keptGlyphs(cmap, count, new Set([...text].map((c) => c.codePointAt(0)!)));
  if (!kept) return null;
  const offset = (g: number) => (long ? loca.readUInt32BE(4 * g) : loca.readUInt16BE(2 * g) * 2);
  const parts: Buffer[] = [];
  const offsets: number[] = [0];
  for (let g = 0; g < count; g++) {
    const outline = kept[g] ? glyf.subarray(offset(g), offset(g + 1)) : glyf.subarray(0, 0);
    // (a composite glyph names others by number: such a font is used whole)
    if (outline.length && outline.readInt16BE(0) < 0) return null;
    parts.push(outline);
    offsets.push(offsets[g] + outline.length);
  }
  const newLoca = Buffer.alloc((count + 1) * (long ? 4 : 2));
  offsets.forEach((o, g) => (long ? newLoca.writeUInt32BE(o, 4 * g) : newLoca.writeUInt16BE(o / 2, 2 * g)));
  const replaced = all.map((t) =>
    t.tag === 'glyf'
      ? { tag: t.tag, data: Buffer.concat(parts) }
      : t.tag === 'loca'
        ? { tag: t.tag, data: newLoca }
        : t,
  );
  return write(replaced, font.subarray(0, 12));
}

/** An sfnt from its tables (in the given order), each 4-byte aligned, with its checksums. */
function write(list: Table[], header: Buffer): Buffer {
  const dir = Buffer.alloc(12 + 16 * list.length);
  header.copy(dir, 0, 0, 12);
  const body: Buffer[] = [];
  let at = dir.length;
  list.forEach((t, i) => {
    const data = t.tag === 'head' ? Buffer.from(t.data) : t.data;
    if (t.tag === 'head') data.writeUInt32BE(0, 8); // checkSumAdjustment, set below
    dir.write(t.tag, 12 + 16 * i, 'latin1');
    dir.writeUInt32BE(sum(data), 12 + 16 * i + 4);
    dir.writeUInt32BE(at, 12 + 16 * i + 8);
    dir.writeUInt32BE(data.length, 12 + 16 * i + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    body.push(padded);
    at += padded.length;
  });
  const file = Buffer.concat([dir, ...body]);
  const headAt = list.findIndex((t) => t.tag === 'head');
  if (headAt >= 0) file.writeUInt32BE((0xb1b0afba - sum(file)) >>> 0, dir.readUInt32BE(12 + 16 * headAt + 8) + 8);
  return file;
}

/**
 * Runs `draw` with the font files for charts whose SVGs are `svgs` (regular, bold): reduced copies, removed after.
 * Text with a variation selector (a glyph chosen by the pair, not by the character) gets the fonts whole.
 */
export function withChartFonts<T>(svgs: string[], draw: (fontFiles: string[]) => T): T {
  // (characters written as references count too)
  const refs = [...svgs.join('').matchAll(/&#(x?)([0-9a-f]+);/gi)]
    .map(([, hex, n]) => parseInt(n, hex ? 16 : 10))
    .filter((cp) => cp <= 0x10ffff);
  const text = `${svgs.join('')}${String.fromCodePoint(...refs)}`;
  if (/[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/.test(text)) return draw([FONT_REGULAR, FONT_BOLD]);
  const dir = mkdtempSync(join(tmpdir(), 'tansuan-chart-fonts-'));
  try {
    // (read for each drawing, a few milliseconds, rather than kept)
    const files = [FONT_REGULAR, FONT_BOLD].map((whole, i) => {
      const reduced = reducedFont(readFileSync(whole), text);
      if (!reduced) return whole;
      const path = join(dir, `${i}.ttf`);
      writeFileSync(path, reduced);
      return path;
    });
    return draw(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
