// Reading the report files back in tests: PDF text through poppler's pdftotext (when installed — CI installs
// poppler-utils; see tools.ts), a .docx's document.xml through the zip's central directory, its paragraphs and cells as
// text.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import jsQR from 'jsqr';
import { hasTools, toolPath } from './tools';

export const PDFTOTEXT = toolPath('pdftotext');
export const PDFTOPPM = toolPath('pdftoppm');
export const SOFFICE = toolPath('soffice');
/** pdftotext is installed (under REQUIRE_TOOLS=1 its absence fails the importing file). */
export const hasPoppler = hasTools('pdftotext');

/** The PDF's text; `raw` (content-stream order) keeps the rotated watermark's characters together. */
export function pdfText(dir: string, bytes: Buffer, mode: '-layout' | '-raw' = '-layout'): string {
  const f = join(dir, `r${Math.random().toString(16).slice(2)}.pdf`);
  writeFileSync(f, bytes);
  return execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', mode, f, '-'], { encoding: 'utf8' });
}

/** The text of the QR code on page `page` of a PDF (poppler renders it at 150 dpi), or undefined when none is read. */
export function pdfQr(dir: string, bytes: Buffer, page: number): string | undefined {
  const f = join(dir, `q${Math.random().toString(16).slice(2)}`);
  writeFileSync(`${f}.pdf`, bytes);
  execFileSync(PDFTOPPM, ['-f', String(page), '-l', String(page), '-r', '150', '-singlefile', `${f}.pdf`, f]);
  // a PPM (P6): its header, then the RGB bytes — as the RGBA pixels jsQR reads
  const ppm = readFileSync(`${f}.ppm`);
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
  const [width, height] = [Number(m[1]), Number(m[2])];
  const rgb = ppm.subarray(m[0].length);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], 255], i * 4);
  return jsQR(data, width, height)?.data;
}

/** One file out of a zip (the .docx), read through its central directory. */
export function unzipEntry(zip: Buffer, name: string): string | undefined {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(p + 10);
    const size = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const entry = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (entry === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 0 ? data : inflateRawSync(data)).toString('utf8');
    }
    p += 46 + nameLen + extraLen + commentLen;
  }
  return undefined;
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A .docx as lines: one per paragraph, the cells of a table row joined by ' | '. */
export function docxText(zip: Buffer): string {
  const xml = unzipEntry(zip, 'word/document.xml') ?? '';
  return unescape(
    xml
      .replace(/<w:br\/>/g, ' ')
      .replace(/<\/w:p>\s*<\/w:tc>/g, ' | ')
      .replace(/<\/w:p>/g, '\n')
      .replace(/<\/w:tr>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((l) => l.replace(/\s*\|\s*$/, '').trim())
    .filter(Boolean)
    .join('\n');
}
