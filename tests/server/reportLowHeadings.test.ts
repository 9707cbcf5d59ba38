// A heading low on a page moves to the next one as the report is laid out (src/server/reports/lowHeadings.ts): the
// same file as pdfmake's own way (its pageBreakBefore callback, which lays the document out again for each heading
// it moves), with one layout instead of one more per moved heading.
import { describe, expect, it } from 'vitest';
import { setupPdfFonts } from '../../src/server/reports/fonts';
import { installLowHeadings, lowHeadingBreak, movedWhenLow } from '../../src/server/reports/lowHeadings';

type Node = Parameters<typeof lowHeadingBreak>[0];

/**
 * Sections of text of many lengths, so headings fall at every height of a page; `unbreakable`: some headings kept
 * with a block after them in an unbreakable stack (the decision sections' heading and chart). `moved` counts the
 * headings the callback moves — each one a layout of the whole document again.
 */
function document(marked: boolean, unbreakable: boolean) {
  const seen = { moved: 0 };
  const heading = (text: string, level: number) => {
    const node = { text, style: `h${level}`, headlineLevel: level };
    return marked ? movedWhenLow(node) : node;
  };
  const content: unknown[] = [];
  for (let i = 0; i < 30; i++) {
    content.push(heading(`${i + 1}. 第 ${i + 1} 节`, 1 + (i % 2)), {
      text: '碳排放计算说明。'.repeat(5 + ((i * 37) % 60)),
    });
    // (tables as the report's: a row is not split across pages)
    if (i % 7 === 3)
      content.push({
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          body: Array.from({ length: 3 + (i % 5) }, (_, r) => [`行 ${r}`, `${r * i}`]),
        },
      });
    if (unbreakable && i % 3 === 1)
      content.push({
        stack: [heading(`${i + 1}.1 图前标题`, 2), { text: '图'.repeat(40), fontSize: 20 }],
        unbreakable: true,
      });
  }
  const doc = {
    pageSize: 'A4',
    pageMargins: [50, 55, 50, 50],
    defaultStyle: { font: 'NotoSansSC', fontSize: 10, lineHeight: 1.25 },
    styles: {
      h1: { fontSize: 15, bold: true, margin: [0, 12, 0, 6] },
      h2: { fontSize: 12, bold: true, margin: [0, 8, 0, 4] },
    },
    footer: (page: number, pages: number) => ({
      text: `第 ${page} 页 / 共 ${pages} 页`,
      fontSize: 8,
      alignment: 'center',
    }),
    pageBreakBefore: (node: Node) => {
      const move = lowHeadingBreak(node);
      if (move) seen.moved++;
      return move;
    },
    content,
  };
  return { doc, seen };
}

/**
 * The file without what differs between two drawings of the same document: its creation date and the ID made from it.
 */
const comparable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/, '');

async function draw(marked: boolean, unbreakable: boolean) {
  installLowHeadings();
  const { doc, seen } = document(marked, unbreakable);
  const pdf = await setupPdfFonts().createPdf(doc).getBuffer();
  return { pdf, moved: seen.moved };
}

describe('a heading low on a page', () => {
  it('moves to the next page as the document is laid out: the same file, and the callback has none left to move', async () => {
    const callback = await draw(false, false);
    const marked = await draw(true, false);
    // (the document has headings low on a page: the callback alone moves them, one layout each)
    expect(callback.moved).toBeGreaterThanOrEqual(3);
    expect(marked.moved).toBe(0);
    expect(comparable(marked.pdf)).toBe(comparable(callback.pdf));
  });

  it('inside an unbreakable stack it is left to the callback, with the same file', async () => {
    const callback = await draw(false, true);
    const marked = await draw(true, true);
    // (some of the stacks' headings are low: the callback moves those, and only those)
    expect(marked.moved).toBeGreaterThan(0);
    expect(marked.moved).toBeLessThan(callback.moved);
    expect(comparable(marked.pdf)).toBe(comparable(callback.pdf));
  });
});
