// The report's sections as Word paragraphs and tables (docx 9; word.ts lays out the document around them): each
// block kind drawn one way, titles numbered N. and sub-headings N.k. The tables with column weights, the trace
// tables among them, have fixed widths for A4 portrait (9 026 twips between Word's default margins).
import {
  AlignmentType,
  HeadingLevel,
  ImageRun,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { ReportBlock, ReportPicture, ReportSection, TextTone } from './blocks';
import { CHART_HEIGHT, CHART_WIDTH } from './charts';
import type { ReportPictures } from './pictures';
import type { ReportTable } from './stageTable';

export const p = (
  text: string,
  opts: {
    bold?: boolean;
    size?: number;
    color?: string;
    align?: (typeof AlignmentType)[keyof typeof AlignmentType];
  } = {},
) =>
  new Paragraph({
    alignment: opts.align,
    children: [new TextRun({ text, bold: opts.bold, size: opts.size, color: opts.color })],
  });

/** A cell; '\n' in the text breaks the line (a factor's value over its unit). */
const cell = (
  text: string,
  opts: {
    bold?: boolean;
    right?: boolean;
    shade?: boolean | string;
    size?: number;
    span?: number;
    color?: string;
    width?: number;
  } = {},
) =>
  new TableCell({
    columnSpan: opts.span,
    width: opts.width ? { size: opts.width, type: WidthType.DXA } : undefined,
    shading: opts.shade
      ? { type: ShadingType.CLEAR, fill: typeof opts.shade === 'string' ? opts.shade : 'E8F5E9', color: 'auto' }
      : undefined,
    children: [
      new Paragraph({
        alignment: opts.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: text.split('\n').map(
          (line, i) =>
            new TextRun({
              text: line,
              bold: opts.bold,
              size: opts.size,
              color: opts.color,
              break: i ? 1 : undefined,
            }),
        ),
      }),
    ],
  });

export function pairs(rows: [string, string][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(([k, v]) => new TableRow({ children: [cell(k, { bold: true, shade: true }), cell(v)] })),
  });
}

// the trace table's columns, as in the PDF
const TRACE_TWIPS = [480, 1650, 870, 560, 1150, 1780, 480, 880, 1176];

/** Relative column weights as twips of the 9 026 between the margins. */
const twips = (weights: number[]) => {
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.floor((w * 9026) / sum));
};

function grid(t: ReportTable, weights?: number[]): Table | Paragraph {
  if (!t.rows.length) return p('暂无数据');
  const widths = t.kind === 'trace' ? TRACE_TWIPS : weights ? twips(weights) : undefined;
  return new Table({
    width: widths
      ? { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA }
      : { size: 100, type: WidthType.PERCENTAGE },
    ...(widths ? { columnWidths: widths, layout: TableLayoutType.FIXED, margins: { left: 50, right: 50 } } : {}),
    rows: [
      new TableRow({
        tableHeader: true,
        children: t.header.map((h, i) => cell(h, { bold: true, shade: true, size: 16, width: widths?.[i] })),
      }),
      ...t.rows.flatMap((r, ri) => {
        const row = new TableRow({
          cantSplit: true,
          children: r.map((c, i) => cell(c, { right: t.numeric.includes(i), size: 16, width: widths?.[i] })),
        });
        const lines = t.details?.[ri] ?? [];
        // under the row, across the table: formula with its numbers, 默认值, why it counts 0
        return lines.length
          ? [
              row,
              new TableRow({
                cantSplit: true,
                children: [cell(lines.join('\n'), { span: r.length, size: 14, color: '455A64', shade: 'F7F9F7' })],
              }),
            ]
          : [row];
      }),
    ],
  });
}

/** A picture's size in pixels by its kind: the charts across the page, the QR code small. */
const size = (kind: ReportPicture['kind']) =>
  kind === 'qr' ? { width: 140, height: 140 } : { width: 560, height: Math.round((560 * CHART_HEIGHT) / CHART_WIDTH) };

function picture(b: Extract<ReportBlock, { kind: 'picture' }>, pictures: ReportPictures): Paragraph[] {
  const run = new ImageRun({ type: 'png', data: pictures.get(b.picture)!, transformation: size(b.picture.kind) });
  if (!b.note) return [new Paragraph({ alignment: AlignmentType.CENTER, children: [run] })];
  return [new Paragraph({ spacing: { before: 240 }, children: [run] }), p(b.note, { size: 18, color: '455A64' })];
}

const TEXT: Record<TextTone | 'plain', Parameters<typeof p>[1]> = {
  plain: {},
  strong: { bold: true },
  note: { size: 18 },
  warning: { size: 18, color: 'B71C1C' },
};

function block(b: ReportBlock, h2: (text: string) => Paragraph, pictures: ReportPictures): (Paragraph | Table)[] {
  switch (b.kind) {
    case 'heading':
      return [h2(b.text)];
    case 'text':
      return [p(b.text, TEXT[b.tone ?? 'plain'])];
    case 'list':
      return b.items.map((t, i) =>
        b.numbered ? p(`${i + 1}. ${t}`) : new Paragraph({ bullet: { level: 0 }, children: [new TextRun(t)] }),
      );
    case 'pairs':
      return [pairs(b.rows)];
    case 'table':
      return [grid(b.table, b.widths)];
    case 'picture':
      return picture(b, pictures);
  }
}

/** The sections' paragraphs and tables. */
export function wordSections(sections: ReportSection[], pictures: ReportPictures): (Paragraph | Table)[] {
  let n = 0;
  const out: (Paragraph | Table)[] = [];
  sections.forEach((section, i) => {
    out.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        // a section starts a page when it asks to, or when the one before it wants what follows on a new page
        pageBreakBefore: section.pageBreak === 'before' || sections[i - 1]?.pageBreak === 'after',
        keepNext: true,
        children: [new TextRun(section.numbered === false ? section.title : `${++n}. ${section.title}`)],
      }),
    );
    let k = 0;
    const h2 = (text: string) =>
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        keepNext: true,
        children: [new TextRun(`${n}.${++k} ${text}`)],
      });
    for (const b of section.blocks)
      for (const x of block(b, h2, pictures)) {
        // (Word joins two tables with nothing between them into one)
        if (x instanceof Table && out.at(-1) instanceof Table) out.push(p(''));
        out.push(x);
      }
  });
  return out;
}
