// The user manual: GET /api/sys/v1/help/manual answers a short-lived /upload link (never the session
// token), the file is a PDF whose text holds the cover, every chapter and section heading of docs/manual/ and the
// cells of its tables, page 1 renders with pdftoppm, it has at least 10 pages; without a session the answer is
// 401. The Markdown conversion is checked on its own: images stay inside the manual's folder, tables fill the
// page, every image the chapters use exists and is small. PDF text is read with poppler (CI installs it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { lexer, type Token, type Tokens } from 'marked';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapter, columnWidths, CONTENT_WIDTH, imageSize } from '../../src/server/help/markdown';
import {
  chapterFiles,
  keepManualsIn,
  keptOrDrawn,
  MANUAL_DIR,
  MANUAL_TITLE,
  MANUAL_VERSION,
  manualPdf,
} from '../../src/server/help/manual';
import { MANUAL_ROUTE } from '../../src/server/help/routes';
import { testApp, type TestApp } from './helpers';
import { needTools, toolPath } from './tools';

const PDFTOTEXT = toolPath('pdftotext');
const PDFTOPPM = toolPath('pdftoppm');
const PDFINFO = toolPath('pdfinfo');
const OUT = resolve(import.meta.dirname, '../../.tmp/manual');

const markdown = chapterFiles().map((f) => ({ file: f, tokens: lexer(readFileSync(f, 'utf8')) }));
const headings = markdown.flatMap(({ tokens }) =>
  tokens.filter((t): t is Tokens.Heading => t.type === 'heading' && t.depth <= 2),
);
const tables = markdown.flatMap(({ tokens }) => tokens.filter((t): t is Tokens.Table => t.type === 'table'));
const images = (tokens: Token[]): Tokens.Image[] =>
  tokens.flatMap((t) =>
    t.type === 'image'
      ? [t as Tokens.Image]
      : 'tokens' in t && Array.isArray(t.tokens)
        ? images(t.tokens)
        : 'items' in t
          ? images((t as Tokens.List).items)
          : [],
  );
const squash = (s: string) => s.replace(/\s+/g, '');

let t: TestApp;
let user: string;
let work: string;
let kept: string;
const STALE = 'user-manual-0000000000000000.pdf';

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  work = mkdtempSync(join(tmpdir(), 'manual-test-'));
  mkdirSync(OUT, { recursive: true });
  // the data dir the server keeps its drawn manual in, holding a drawing of older sources
  kept = join(work, 'data');
  mkdirSync(kept);
  writeFileSync(join(kept, STALE), 'older');
  keepManualsIn(kept);
});
afterAll(async () => {
  keepManualsIn(undefined);
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the chapters', () => {
  it('are the ten numbered chapters, each opening with its numbered title', () => {
    expect(markdown.map(({ file }) => file.slice(MANUAL_DIR.length))).toEqual([
      '01-概述.md',
      '02-登录与账号.md',
      '03-项目管理.md',
      '04-单体建筑.md',
      '05-计算阶段.md',
      '06-Excel导入.md',
      '07-计算结果与报告.md',
      '08-因子库.md',
      '09-系统管理.md',
      '10-消息与反馈.md',
    ]);
    markdown.forEach(({ tokens }, i) =>
      expect(tokens[0]).toMatchObject({
        type: 'heading',
        depth: 1,
        text: expect.stringMatching(new RegExp(`^${i + 1} \\S`)),
      }),
    );
  });

  it('use screenshots that exist under images/, PNGs of 1366 × 768 below 200 KB', async () => {
    const used = markdown.flatMap(({ tokens }) => images(tokens));
    expect(used.length).toBeGreaterThanOrEqual(8);
    for (const img of used) {
      expect(img.href).toMatch(/^images\/[\w-]+\.png$/);
      const path = join(MANUAL_DIR, img.href);
      expect(statSync(path).size).toBeLessThan(200 * 1024);
      expect(imageSize(readFileSync(path))).toEqual({ width: 1366, height: 768, mime: 'image/png' });
      expect(img.text.length).toBeGreaterThan(1); // a caption
    }
  });
});

describe('the Markdown conversion', () => {
  it('draws an image as wide as the page at most, with its caption, and refuses images outside the folder', () => {
    const [node] = chapter(MANUAL_DIR, '![登录页](images/login.png)') as { stack: Record<string, unknown>[] }[];
    expect(node.stack[0]).toMatchObject({
      width: CONTENT_WIDTH,
      image: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(node.stack[1]).toMatchObject({ text: '图：登录页' });
    expect(() => chapter(MANUAL_DIR, '![x](../../package.json)')).toThrow(/必须位于/);
    expect(() => chapter(MANUAL_DIR, '![x](/etc/passwd)')).toThrow(/必须位于/);
    expect(() => chapter(MANUAL_DIR, '![x](images/none.png)')).toThrow(/ENOENT/);
  });

  it('keeps bold, inline code, lists and tables', () => {
    const nodes = chapter(
      MANUAL_DIR,
      '段落 **粗体** 与 `code`\n\n1. 一\n2. 二\n\n- 甲\n\n| 列 | 说明 |\n|----|----|\n| a | 很长的说明文字 |\n',
    );
    expect(nodes[0]).toEqual({
      text: [{ text: '段落 ' }, { text: '粗体', bold: true }, { text: ' 与 ' }, { text: 'code', style: 'code' }],
      style: 'p',
    });
    expect(nodes[1]).toMatchObject({ ol: [{ text: [{ text: '一' }] }, { text: [{ text: '二' }] }], start: 1 });
    expect(nodes[2]).toMatchObject({ ul: [{ text: [{ text: '甲' }] }] });
    expect(nodes[3]).toMatchObject({
      table: {
        headerRows: 1,
        body: [
          [{ style: 'th' }, { style: 'th' }],
          [{ text: [{ text: 'a' }] }, {}],
        ],
      },
    });
  });

  it('gives table columns widths that fill the page and never squeeze a short column', () => {
    const w = columnWidths(['字段', '是否必填', '说明'], [['单体名称', '必填', '不超过 20 个字符，'.repeat(8)]]);
    expect(w.reduce((a, b) => a + b, 0) + 3 * 9 + 1).toBeCloseTo(CONTENT_WIDTH, 0);
    expect(w[1]).toBeGreaterThanOrEqual(4 * 9);
    expect(w[2]).toBeGreaterThan(w[0] + w[1]);
  });
});

describe('GET /api/sys/v1/help/manual', () => {
  let pdf: Buffer;
  let text: string;

  it('answers a short-lived download link for any logged-in user, never with the session token', async () => {
    const r = await t.call('GET', MANUAL_ROUTE, user);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1, message: '下载成功' });
    expect(r.body.data).toMatch(/^\/upload\/[0-9a-f-]{36}\?token=[\w-]+$/);
    expect(r.body.data).not.toContain(user);
    const file = await t.app.inject({ method: 'GET', url: r.body.data });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toContain('application/pdf');
    pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    writeFileSync(join(OUT, 'manual.pdf'), pdf);
    // the bytes are drawn once per process: a second call gives the same PDF
    expect(Buffer.compare(await manualPdf(), pdf)).toBe(0);
    expect(await manualPdf()).toBe(await manualPdf());
  });

  it('is kept in the data dir under a hash of its sources: a restart reads it instead of drawing; older drawings are gone', async () => {
    // (asked directly: the route's drawing may be another test file's, made before this file set the data dir —
    // the node test files share their worker's modules)
    const drawn = await keptOrDrawn();
    const files = readdirSync(kept);
    expect(files).toEqual([expect.stringMatching(/^user-manual-[0-9a-f]{16}\.pdf$/)]);
    expect(files[0]).not.toBe(STALE);
    expect(drawn.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(readFileSync(join(kept, files[0])), drawn)).toBe(0);
    // what a restart finds there it answers, without drawing (a drawing would not read 'kept')
    writeFileSync(join(kept, files[0]), 'kept');
    expect((await keptOrDrawn()).toString()).toBe('kept');
  });

  it("is read from the build's drawing first (npm start draws it into dist/manual before the server starts)", async () => {
    const built = join(work, 'built');
    mkdirSync(built);
    writeFileSync(join(built, readdirSync(kept)[0]), 'built');
    keepManualsIn(kept, built);
    try {
      expect((await keptOrDrawn()).toString()).toBe('built');
    } finally {
      keepManualsIn(kept);
    }
  });

  it('is 401 without a session', async () => {
    const r = await t.call('GET', MANUAL_ROUTE);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(0);
  });

  it('holds the cover, every chapter and section heading and the cells of the tables', (ctx) => {
    needTools(ctx, 'pdftotext');
    const f = join(work, 'manual.pdf');
    writeFileSync(f, pdf);
    text = execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', '-layout', f, '-'], { encoding: 'utf8' });
    const flat = squash(text);
    expect(flat).toContain(squash(MANUAL_TITLE));
    expect(flat).toContain(MANUAL_VERSION);
    expect(flat).toContain('目录');
    expect(headings.length).toBeGreaterThan(40);
    for (const h of headings) expect(flat, h.text).toContain(squash(h.text));
    // chapter titles appear twice: in the table of contents and on the chapter's first page
    for (const h of headings.filter((x) => x.depth === 1))
      expect(flat.split(squash(h.text)).length - 1, h.text).toBeGreaterThanOrEqual(2);
    // every short table cell (it never wraps) is in the text, markup stripped
    const cells = tables.flatMap((tb) =>
      [...tb.header, ...tb.rows.flat()].map((c) => c.text.replace(/\*\*|`/g, '').replace(/\\\|/g, '|')),
    );
    const short = cells.filter((c) => c && [...c].length <= 6);
    expect(short.length).toBeGreaterThan(100);
    for (const c of short) expect(flat, c).toContain(squash(c));
    expect(flat).toContain('跨页连续编号');
    expect(flat).toContain('第2页/共');
  });

  it('has at least 10 pages', (ctx) => {
    needTools(ctx, 'pdfinfo');
    const f = join(work, 'info.pdf');
    writeFileSync(f, pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync(PDFINFO, [f], { encoding: 'utf8' }))?.[1]);
    expect(pages).toBeGreaterThanOrEqual(10);
    if (text) expect(text.split('\f').filter((p) => p.trim()).length).toBe(pages);
  });

  it('renders page 1 (the cover) with pdftoppm, and its title is drawn', async (ctx) => {
    needTools(ctx, 'pdftoppm');
    const f = join(OUT, 'manual.pdf');
    execFileSync(PDFTOPPM, ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', f, join(OUT, 'page1')]);
    const png = readFileSync(join(OUT, 'page1.png'));
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    // A4 (595 × 842 pt) at 50 dpi, ± a pixel of rounding
    expect(Math.abs(meta.width! - 413)).toBeLessThanOrEqual(1);
    expect(Math.abs(meta.height! - 585)).toBeLessThanOrEqual(1);
    // not blank: the dark green title makes some pixels dark
    const { channels } = await sharp(png).stats();
    expect(Math.min(...channels.slice(0, 3).map((c) => c.min))).toBeLessThan(100);
  });
});
