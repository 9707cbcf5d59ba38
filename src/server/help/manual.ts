// The user manual as one PDF: every chapter of docs/manual/ (NN-标题.md, in file-name order) through
// markdown.ts, after a cover (碳算 用户手册, the version, the date) and a table of contents (pdfmake toc: the
// chapter and section headings with their pages); page numbers in the footer. Drawn by pdfmake with the same
// embedded Noto Sans SC font as the reports (reports/fonts.ts) — no system fonts, no other PDF library.
// Rendering takes a few seconds of CPU, so it runs in a pool thread (manualTask.ts): requests are answered meanwhile.
// `npm start` draws it when it builds (dist/manual), under a hash of what it is drawn from; a server that finds no
// drawing of its sources there draws one and keeps it in the data dir. So a start draws nothing and its first
// download answers at once; later calls answer the bytes in memory.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadPool } from '../jobs/threadPool';
import { setupPdfFonts } from '../reports/fonts';
import { chapter } from './markdown';
import { APP_NAME, APP_VERSION } from '../../../schemas/product';

/** The product version the manual describes (the client's title reads the same). */
export const MANUAL_VERSION = APP_VERSION;
export const MANUAL_TITLE = `${APP_NAME} 用户手册`;
export const MANUAL_DIR = fileURLToPath(new URL('../../../docs/manual/', import.meta.url));

/** The chapter files: NN-标题.md, in order. */
export function chapterFiles(dir = MANUAL_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{2}-.+\.md$/.test(f))
    .sort()
    .map((f) => join(dir, f));
}

const dateText = (d: Date) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;

function cover(date: Date): unknown[] {
  return [
    { text: MANUAL_TITLE, style: 'coverTitle', margin: [0, 190, 0, 16] },
    { text: MANUAL_VERSION, style: 'coverVersion' },
    { text: '建筑全生命周期碳排放计算', style: 'coverSub', margin: [0, 40, 0, 4] },
    { text: '依据《建筑碳排放计算标准》GB/T 51366-2019', style: 'coverSub' },
    { text: dateText(date), style: 'coverSub', margin: [0, 220, 0, 0], pageBreak: 'after' },
  ];
}

/** The pdfmake document of the manual (exported for tests). */
export function manualDocument(dir = MANUAL_DIR, date = new Date()): Record<string, unknown> {
  const chapters = chapterFiles(dir).flatMap((f) => chapter(dir, readFileSync(f, 'utf8')));
  if (!chapters.length) throw new Error(`用户手册没有章节: ${dir}`);
  const title = `${MANUAL_TITLE} ${MANUAL_VERSION}`;
  return {
    pageSize: 'A4',
    pageMargins: [55, 60, 55, 55],
    info: { title, creator: '碳算', subject: '建筑全生命周期碳排放计算' },
    defaultStyle: { font: 'NotoSansSC', fontSize: 10, lineHeight: 1.35 },
    styles: {
      coverTitle: { fontSize: 32, bold: true, alignment: 'center', color: '#1b5e20' },
      coverVersion: { fontSize: 20, alignment: 'center', color: '#333333' },
      coverSub: { fontSize: 13, alignment: 'center', color: '#555555' },
      tocTitle: { fontSize: 18, bold: true, margin: [0, 0, 0, 12], color: '#1b5e20' },
      toc1: { fontSize: 10.5, bold: true, lineHeight: 1.2 },
      toc2: { fontSize: 9.5, color: '#444444', lineHeight: 1.15 },
      h1: { fontSize: 18, bold: true, color: '#1b5e20', margin: [0, 0, 0, 10] },
      h2: { fontSize: 13.5, bold: true, color: '#2e7d32', margin: [0, 12, 0, 6] },
      h3: { fontSize: 11.5, bold: true, margin: [0, 8, 0, 4] },
      p: { margin: [0, 2, 0, 6] },
      li: { margin: [0, 1, 0, 1] },
      list: { margin: [8, 2, 0, 8] },
      table: { fontSize: 9, margin: [0, 4, 0, 10] },
      th: { bold: true },
      code: { color: '#a0341e', background: '#f3f3f3' },
      codeBlock: { fontSize: 9, color: '#333333', margin: [6, 4, 6, 4] },
      quote: { color: '#555555', margin: [12, 2, 0, 8] },
      caption: { fontSize: 9, color: '#666666', alignment: 'center', margin: [0, 4, 0, 0] },
    },
    header: (page: number) =>
      page === 1 ? null : { text: title, fontSize: 8, color: '#888888', alignment: 'right', margin: [55, 28, 55, 0] },
    footer: (page: number, pages: number) =>
      page === 1
        ? null
        : {
            text: `第 ${page} 页 / 共 ${pages} 页`,
            fontSize: 8,
            color: '#888888',
            alignment: 'center',
            margin: [0, 20, 0, 0],
          },
    // a heading low on the page moves to the next one with what follows it
    pageBreakBefore: (node: { headlineLevel?: number; startPosition?: { verticalRatio?: number } }) =>
      !!node.headlineLevel && node.headlineLevel > 1 && (node.startPosition?.verticalRatio ?? 0) > 0.82,
    content: [
      ...cover(date),
      { toc: { title: { text: '目录', style: 'tocTitle' }, numberStyle: { color: '#444444' } } },
      ...chapters,
    ],
  };
}

/** Renders the manual now (every call draws it again). */
export async function renderManual(dir = MANUAL_DIR, date = new Date()): Promise<Buffer> {
  const pdfmake = setupPdfFonts(); // the reports' font and access policy
  return pdfmake.createPdf(manualDocument(dir, date)).getBuffer();
}

let rendered: Promise<Buffer> | undefined;
let keptIn: string | undefined;
let builtIn: string | undefined;

/** Where `npm start`'s build leaves the manual it drew (node dist/server/main.js --draw-manual). */
export const BUILT_MANUAL_DIR = fileURLToPath(new URL('../../../dist/manual/', import.meta.url));

/**
 * Where drawn manuals are found: the build's (a new version's first start finds it there) and the server's data
 * dir (one drawn by the server itself, kept for the next start). Either way the first download is at once.
 */
export const keepManualsIn = (dataDir: string | undefined, built?: string) => {
  keptIn = dataDir;
  builtIn = built;
};

/** What the manual is drawn from — the product version and every file of docs/manual/ — as a short hash. */
function manualKey(dir = MANUAL_DIR): string {
  const hash = createHash('sha256').update(APP_VERSION);
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else hash.update(e.name).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

const KEPT_PREFIX = 'user-manual-';
const fileIn = (dir: string) => join(dir, `${KEPT_PREFIX}${manualKey()}.pdf`);

/** Keeps a drawing in `dir` in place of the drawings of older sources. */
async function keep(dir: string, pdf: Buffer): Promise<void> {
  for (const old of readdirSync(dir).filter((f) => f.startsWith(KEPT_PREFIX)))
    await rm(join(dir, old), { force: true });
  await writeFile(fileIn(dir), pdf);
}

/** The build's step: the manual of these sources drawn into `dir` unless it is there already; answers its path. */
export async function drawBuiltManual(dir = BUILT_MANUAL_DIR): Promise<string> {
  await mkdir(dir, { recursive: true });
  if (!existsSync(fileIn(dir))) await keep(dir, await renderManual());
  return fileIn(dir);
}

/** The PDF of these sources from the build or the data dir, else drawn in a thread and kept in the data dir. */
export async function keptOrDrawn(): Promise<Buffer> {
  for (const dir of [builtIn, keptIn]) if (dir && existsSync(fileIn(dir))) return readFile(fileIn(dir));
  const pdf = await threadPool.run<Buffer>(new URL('./manualTask.ts', import.meta.url), {});
  // (a copy that cannot be written is drawn again at the next start: never a reason to fail a download)
  if (keptIn) await keep(keptIn, pdf).catch(() => undefined);
  return pdf;
}

/**
 * The manual's PDF: kept from an earlier start, or drawn at the first call of the process; a failed drawing is tried
 * again next time.
 */
export function manualPdf(): Promise<Buffer> {
  rendered ??= keptOrDrawn().catch((err: unknown) => {
    rendered = undefined;
    throw err;
  });
  return rendered;
}
