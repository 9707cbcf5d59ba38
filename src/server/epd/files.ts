// The uploaded files before any parser sees them: how many and how big, zips opened only after their central
// directory passed the bounds (files/zipBounds.ts), text decoded, and each file's kind told by its bytes — the
// name's extension is the user's, the content is the file's.
import { unzipSync } from 'fflate';
import { assertZipBounds, zipEntries, ZipRefused, type ZipLimits } from '../files/zipBounds';
import type { EpdFile } from './read';
import { EpdRefused, quoted } from './refused';
import { XML_LIMITS } from './xml';

const MB = 1024 * 1024;

export const EPD_LIMITS = {
  maxFiles: 10,
  /** all uploaded files together */
  maxBytes: 20 * MB,
  maxZipEntries: 200,
  /** a zip's entries together, uncompressed */
  maxUnzippedBytes: 50 * MB,
  maxXmlDepth: XML_LIMITS.maxDepth,
  maxXmlElements: XML_LIMITS.maxElements,
  maxYamlAliases: 100,
} as const;

const ZIP_LIMITS: ZipLimits = {
  maxTotal: EPD_LIMITS.maxUnzippedBytes,
  maxEntry: EPD_LIMITS.maxUnzippedBytes,
  maxRatio: 200,
  ratioFrom: MB,
};

/** A file to read: an uploaded one, or an entry of an uploaded zip. */
export interface Entry {
  /** the uploaded file's name, or zip name/entry path */
  name: string;
  upload: string;
  content: Buffer;
  inZip: boolean;
}

export function checkUpload(files: EpdFile[]): void {
  if (!files.length) throw new EpdRefused('没有收到文件：请上传 EPD 数据集');
  if (files.length > EPD_LIMITS.maxFiles) {
    throw new EpdRefused(`一次最多读取 ${EPD_LIMITS.maxFiles} 个文件（收到 ${files.length} 个）`);
  }
  const total = files.reduce((s, f) => s + f.content.length, 0);
  if (total > EPD_LIMITS.maxBytes) {
    const mb = (total / MB).toFixed(1);
    throw new EpdRefused(
      `文件合计 ${mb} MB，超过 ${EPD_LIMITS.maxBytes / MB} MB 的上限：请只上传 EPD 数据集及其流数据集`,
    );
  }
}

export const isZip = (buf: Buffer): boolean =>
  buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && (buf[2] === 3 || buf[2] === 5) && buf[3] === buf[2] + 1;

const TEXT = /\.(xml|json|ya?ml)$/i;

/** Entries worth reading: in an ILCD export only processes/ and flows/ (contacts, sources, PDFs are not needed). */
function wanted(names: string[]): (name: string) => boolean {
  const ilcd = names.some((n) => /(^|\/)processes\/[^/]+$/i.test(n));
  return (n) =>
    TEXT.test(n) && !/(^|\/)(__MACOSX|\.[^/]*)(\/|$)/.test(n) && (!ilcd || /(^|\/)(processes|flows)\/[^/]+$/i.test(n));
}

function unzip(file: EpdFile): Entry[] {
  const label = quoted(file.name);
  try {
    const count = zipEntries(file.content).length;
    if (count > EPD_LIMITS.maxZipEntries) {
      throw new EpdRefused(`压缩包${label}含 ${count} 个文件，超过 ${EPD_LIMITS.maxZipEntries} 个的上限`);
    }
    const entries = assertZipBounds(file.content, ZIP_LIMITS);
    const keep = wanted(entries.map((e) => e.name));
    const files = unzipSync(new Uint8Array(file.content.buffer, file.content.byteOffset, file.content.length), {
      filter: (f) => keep(f.name),
    });
    return Object.entries(files).map(([name, bytes]) => ({
      name: `${file.name}/${name}`,
      upload: file.name,
      content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
      inZip: true,
    }));
  } catch (err) {
    if (err instanceof EpdRefused) throw err;
    if (err instanceof ZipRefused && err.reason === 'tooLarge') {
      throw new EpdRefused(`压缩包${label}解压后超过 ${EPD_LIMITS.maxUnzippedBytes / MB} MB（或压缩比异常），拒绝读取`);
    }
    throw new EpdRefused(`压缩包${label}已损坏或不是 zip 文件，无法打开`);
  }
}

/** The files to read, a zip replaced by the entries of it worth reading. */
export function expand(files: EpdFile[]): Entry[] {
  return files.flatMap((f) =>
    isZip(f.content) ? unzip(f) : [{ name: f.name, upload: f.name, content: f.content, inZip: false }],
  );
}

const xmlEncoding = (head: string): string | null =>
  /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? null;

/** The text of a file: UTF-8 (a BOM dropped), UTF-16 by its BOM, Latin-1 when an XML declaration says so. */
export function decode(buf: Buffer): string {
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  const start = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  const enc = xmlEncoding(buf.toString('latin1', start, start + 200));
  if (enc && /^(iso-8859-1|latin-?1|windows-1252|cp1252)$/.test(enc)) {
    return new TextDecoder('windows-1252').decode(buf.subarray(start));
  }
  return new TextDecoder('utf-8').decode(buf.subarray(start));
}

export type Kind = 'xml' | 'json' | 'yaml' | 'binary';

/** What a text is by its first characters; text with NUL characters, or a PDF, is no data set. */
export function kindOf(text: string): Kind {
  if (text.startsWith('%PDF') || text.slice(0, 4096).includes('\u0000')) return 'binary';
  const first = /\S/.exec(text)?.[0];
  if (first === '<') return 'xml';
  if (first === '{' || first === '[') return 'json';
  return 'yaml';
}
