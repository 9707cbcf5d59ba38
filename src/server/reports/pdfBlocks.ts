// The report's sections in pdfmake (pdf.ts lays out the document around them): each block kind drawn one way,
// titles numbered N. and sub-headings N.k. A4 portrait holds 495 pt between the margins.
import type { PairColumns, ReportBlock, ReportPicture, ReportSection, TextTone } from './blocks';
import { movedWhenLow } from './lowHeadings';
import type { ReportPictures } from './pictures';
import type { ReportTable } from './stageTable';

export const png = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

const PAIR_WIDTHS: Record<PairColumns, (string | number)[]> = {
  figures: ['*', 120],
  text: [170, '*'],
  'long text': [120, '*'],
};

export function pairs(rows: [string, string][], columns: PairColumns = 'figures') {
  return {
    table: {
      widths: PAIR_WIDTHS[columns],
      body: rows.map(([k, v]) => [
        { text: k, style: 'key' },
        { text: v, alignment: columns === 'figures' ? 'right' : 'left' },
      ]),
    },
    layout: 'lightHorizontalLines',
    margin: [0, 4, 0, 10],
  };
}

// the trace table's 9 columns with 2 pt cell padding
const TRACE_WIDTHS = [16, '*', 50, 26, 60, 96, 22, 44, 56];

/** Relative column weights as points: 495 pt less each cell's padding and rule. */
const points = (weights: number[]) => {
  const room = 495 - weights.length * 5 - 1;
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.floor((w * room) / sum));
};

function grid(t: ReportTable, weights?: number[]) {
  if (!t.rows.length) return { text: '暂无数据', color: '#666', margin: [0, 2, 0, 8] };
  const n = t.header.length;
  const body: unknown[][] = [t.header.map((h) => ({ text: h, style: 'th' }))];
  const shaded = new Set<number>();
  t.rows.forEach((r, ri) => {
    body.push(r.map((c, i) => ({ text: c, alignment: t.numeric.includes(i) ? 'right' : 'left' })));
    const lines = t.details?.[ri] ?? [];
    if (lines.length) {
      // under the row, across the table: formula with its numbers, 默认值, why it counts 0
      shaded.add(body.length);
      body.push([
        { text: lines.join('\n'), colSpan: n, fontSize: 7, color: '#455a64', margin: [14, 0, 0, 0] },
        ...Array(n - 1).fill({}),
      ]);
    }
  });
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: t.kind === 'trace' ? TRACE_WIDTHS : weights ? points(weights) : Array(n).fill('*'),
      body,
    },
    fontSize: 8,
    layout: {
      fillColor: (row: number) => (row === 0 ? '#e8f5e9' : shaded.has(row) ? '#f7f9f7' : null),
      hLineColor: () => '#bbb',
      vLineColor: () => '#bbb',
      paddingLeft: () => 2,
      paddingRight: () => 2,
    },
    margin: [0, 4, 0, 6],
  };
}

/** A picture's width in points, by its kind. */
const PICTURE_WIDTH: Record<ReportPicture['kind'], number> = {
  donut: 400,
  bars: 400,
  waterfall: 440,
  tornado: 440,
  qr: 110,
};

type Tones = Record<TextTone | 'plain', object>;
const TEXT: Tones = {
  plain: { margin: [0, 2, 0, 4] },
  strong: { bold: true, margin: [0, 2, 0, 4] },
  note: { fontSize: 9, color: '#555', margin: [0, 0, 0, 4] },
  warning: { fontSize: 9, color: '#b71c1c' },
};
const TIGHT: Tones = {
  plain: { margin: [0, 0, 0, 2] },
  strong: { bold: true, margin: [0, 0, 0, 4] },
  note: { fontSize: 9, color: '#555' },
  warning: TEXT.warning,
};

function block(b: ReportBlock, tones: Tones, h2: (text: string) => unknown, pictures: ReportPictures): unknown {
  switch (b.kind) {
    case 'heading':
      return h2(b.text);
    case 'text':
      return { text: b.text, ...tones[b.tone ?? 'plain'] };
    case 'list':
      return { [b.numbered ? 'ol' : 'ul']: b.items, margin: [0, 4, 0, 10] };
    case 'pairs':
      return pairs(b.rows, b.columns);
    case 'table':
      return grid(b.table, b.widths);
    case 'picture': {
      const image = { image: png(pictures.get(b.picture)!), width: PICTURE_WIDTH[b.picture.kind] };
      if (!b.note) return { ...image, alignment: 'center', margin: [0, 6, 0, 6] };
      return {
        columns: [image, { text: b.note, fontSize: 9, color: '#455a64', margin: [12, 8, 0, 0] }],
        margin: [0, 12, 0, 0],
      };
    }
  }
}

/** The sections' content. */
export function pdfSections(sections: ReportSection[], pictures: ReportPictures): unknown[] {
  let n = 0;
  const content: unknown[] = [];
  sections.forEach((section, i) => {
    // a section starts a page when it asks to, or when the one before it wants what follows on a new page
    const newPage = section.pageBreak === 'before' || sections[i - 1]?.pageBreak === 'after';
    const title =
      section.numbered === false
        ? { text: section.title, style: 'h1' }
        : movedWhenLow({ text: `${++n}. ${section.title}`, style: 'h1', headlineLevel: 1 });
    content.push({ ...title, ...(newPage ? { pageBreak: 'before' } : {}) });
    let k = 0;
    const h2 = (text: string) => movedWhenLow({ text: `${n}.${++k} ${text}`, style: 'h2', headlineLevel: 2 });
    const draw = (b: ReportBlock) => block(b, section.tight ? TIGHT : TEXT, h2, pictures);
    section.blocks.forEach((b, j) => {
      // a heading stays on the page of the picture that follows it
      if (b.kind === 'picture' && section.blocks[j - 1]?.kind === 'heading')
        content.push({ stack: [content.pop(), draw(b)], unbreakable: true });
      else content.push(draw(b));
    });
  });
  return content;
}
