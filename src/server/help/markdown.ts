// src/server/help/ owns the user manual (用户手册): the Chinese Markdown chapters in docs/manual/ rendered
// to one PDF with the reports' pdfmake stack (manual.ts) and handed out by GET /api/sys/v1/help/manual (routes.ts).
// This file: Markdown tokens (marked's lexer) → pdfmake content — headings (h1/h2 in the table of contents),
// paragraphs with bold, italics and inline code, ordered and unordered lists, tables, code blocks, block quotes,
// rules, and images from the manual's own images folder scaled to the page width.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { lexer, type Token, type Tokens } from 'marked';

/** A4 (595 pt) less the 55 pt side margins of the manual. */
export const CONTENT_WIDTH = 595 - 2 * 55;

type Node = Record<string, unknown> | string;
type Inline = Record<string, unknown>;

/** Inline tokens → pdfmake text fragments, `style` carried into nested ones (bold inside a link…). */
export function inlines(tokens: Token[] | undefined, style: Inline = {}): Inline[] {
  const out: Inline[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        out.push(...inlines(t.tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...inlines(t.tokens, { ...style, italics: true }));
        break;
      case 'del':
        out.push(...inlines(t.tokens, { ...style, decoration: 'lineThrough' }));
        break;
      case 'codespan':
        out.push({ ...style, text: t.text, style: 'code' });
        break;
      case 'link':
        out.push(...inlines(t.tokens, { ...style, color: '#1b5e20', decoration: 'underline' }));
        break;
      case 'br':
        out.push({ ...style, text: '\n' });
        break;
      case 'image':
        out.push({ ...style, text: t.text });
        break;
      case 'html':
        break;
      default:
        // text (with nested tokens in list items) and escape
        if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length) out.push(...inlines(t.tokens, style));
        else if ('text' in t && typeof t.text === 'string') out.push({ ...style, text: t.text });
    }
  }
  return out;
}

/** Width and height in px of a PNG (IHDR) or JPEG (first SOFn marker); undefined for anything else. */
export function imageSize(b: Buffer): { width: number; height: number; mime: string } | undefined {
  if (b.length > 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR') {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), mime: 'image/png' };
  }
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length && b[i] === 0xff) {
      const marker = b[i + 1];
      const len = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5), mime: 'image/jpeg' };
      }
      i += 2 + len;
    }
  }
  return undefined;
}

/**
 * An image of the manual (a path relative to its folder, never outside it), as wide as it is but no wider than the
 * page.
 */
function image(dir: string, href: string, caption: string): Node {
  const path = resolve(dir, decodeURI(href));
  const rel = relative(dir, path);
  if (/^https?:/i.test(href) || rel.startsWith('..') || resolve(rel) === rel)
    throw new Error(`用户手册图片必须位于 ${dir} 内: ${href}`);
  const bytes = readFileSync(path);
  const size = imageSize(bytes);
  if (!size) throw new Error(`用户手册图片不是 PNG 或 JPEG: ${href}`);
  const width = Math.min(CONTENT_WIDTH, size.width * 0.75);
  return {
    stack: [
      { image: `data:${size.mime};base64,${bytes.toString('base64')}`, width, alignment: 'center' },
      ...(caption ? [{ text: `图：${caption}`, style: 'caption' }] : []),
    ],
    unbreakable: true,
    margin: [0, 6, 0, 10],
  };
}

const isBlank = (t: Token) => t.type === 'text' && !t.text.trim();

function paragraph(dir: string, t: Tokens.Paragraph): Node[] {
  const tokens = t.tokens ?? [];
  if (
    tokens.some((x) => x.type === 'image') &&
    tokens.every((x) => x.type === 'image' || isBlank(x) || x.type === 'br')
  ) {
    return tokens.filter((x): x is Tokens.Image => x.type === 'image').map((x) => image(dir, x.href, x.text));
  }
  return [{ text: inlines(tokens), style: 'p' }];
}

function listItem(dir: string, item: Tokens.ListItem): Node {
  const parts = blocks(dir, item.tokens);
  return parts.length === 1 ? parts[0] : { stack: parts };
}

function list(dir: string, t: Tokens.List): Node {
  const items = t.items.map((i) => listItem(dir, i));
  const start = typeof t.start === 'number' ? t.start : 1;
  return t.ordered ? { ol: items, start, style: 'list' } : { ul: items, style: 'list' };
}

/** Approximate width of a text in em: CJK and full-width characters 1, others 0.55. */
const ems = (s: string) => [...s].reduce((n, c) => n + (/[\u2e80-\uffef]/.test(c) ? 1 : 0.55), 0);

/**
 * Column widths in pt filling the page: each column wants its longest cell (at most 45 em); a column never gets
 * less than its header or its longest cell up to 6 em (short columns such as 必填 never wrap); what is left after
 * those minimums goes to the columns in proportion to how much more they want.
 */
export function columnWidths(header: string[], rows: string[][], width = CONTENT_WIDTH, fontSize = 9): number[] {
  const plain = (s: string) => ems(s.replace(/[*`\\]/g, ''));
  const want = header.map(
    (h, i) => Math.min(45, Math.max(plain(h), ...rows.map((r) => plain(r[i] ?? '')))) * fontSize + 1,
  );
  const min = header.map((h, i) => Math.max(plain(h) * fontSize + 1, Math.min(want[i], 6 * fontSize + 1)));
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  // pdfmake's widths exclude the cells' padding (4 pt on either side) and the 1 pt rules between them
  const avail = width - header.length * 9 - 1;
  if (total(want) <= avail) return want.map((w) => (w * avail) / total(want));
  const extra = Math.max(0, avail - total(min));
  const more = want.map((w, i) => w - min[i]);
  return min.map((m, i) => m + (total(more) ? (extra * more[i]) / total(more) : 0));
}

function table(t: Tokens.Table): Node {
  const cell = (c: Tokens.TableCell, header: boolean) => ({
    text: inlines(c.tokens),
    ...(header ? { style: 'th' } : {}),
    ...(c.align ? { alignment: c.align } : {}),
  });
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columnWidths(
        t.header.map((c) => c.text),
        t.rows.map((r) => r.map((c) => c.text)),
      ),
      body: [t.header.map((c) => cell(c, true)), ...t.rows.map((r) => r.map((c) => cell(c, false)))],
    },
    layout: {
      fillColor: (row: number) => (row === 0 ? '#e8f5e9' : null),
      hLineColor: () => '#bbbbbb',
      vLineColor: () => '#bbbbbb',
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    style: 'table',
  };
}

function heading(t: Tokens.Heading): Node {
  const text = inlines(t.tokens);
  if (t.depth === 1)
    return {
      text,
      style: 'h1',
      tocItem: true,
      tocStyle: 'toc1',
      tocMargin: [0, 6, 0, 0],
      headlineLevel: 1,
      pageBreak: 'before',
    };
  if (t.depth === 2)
    return { text, style: 'h2', tocItem: true, tocStyle: 'toc2', tocMargin: [16, 0, 0, 0], headlineLevel: 2 };
  return { text, style: 'h3', headlineLevel: 3 };
}

/** Block tokens → pdfmake nodes; images are read from `dir` (the manual's folder). */
export function blocks(dir: string, tokens: Token[]): Node[] {
  const out: Node[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'heading':
        out.push(heading(t as Tokens.Heading));
        break;
      case 'paragraph':
        out.push(...paragraph(dir, t as Tokens.Paragraph));
        break;
      case 'text':
        // the text of a tight list item
        out.push({ text: inlines('tokens' in t && t.tokens ? t.tokens : [t]), style: 'li' });
        break;
      case 'list':
        out.push(list(dir, t as Tokens.List));
        break;
      case 'table':
        out.push(table(t as Tokens.Table));
        break;
      case 'code':
        out.push({
          table: { widths: ['*'], body: [[{ text: t.text, style: 'codeBlock', fillColor: '#f4f4f4' }]] },
          layout: 'noBorders',
          margin: [0, 4, 0, 8],
        });
        break;
      case 'blockquote':
        out.push({ stack: blocks(dir, (t as Tokens.Blockquote).tokens), style: 'quote' });
        break;
      case 'hr':
        out.push({
          canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 0.5, lineColor: '#bbbbbb' }],
          margin: [0, 6, 0, 6],
        });
        break;
      default:
        // space, html, def: nothing to draw
        break;
    }
  }
  return out;
}

/** One chapter's Markdown → pdfmake nodes. */
export const chapter = (dir: string, markdown: string): Node[] => blocks(dir, lexer(markdown));
