// The report as Word (.docx, docx 9): the same model as the PDF, the trace tables with fixed column widths for
// A4 portrait; East Asian text set to 宋体 in the default styles (Word on Chinese systems has it; other readers
// substitute a CJK font).
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { DecisionBlock } from './decisionSections';
import { CHART_HEIGHT, CHART_WIDTH } from './charts';
import type { ReportModel } from './model';
import { f2, type ReportTable } from './stageTable';
import type { ReportPictures } from './pictures';
import {
  SIGNOFF_NOTE,
  SIGNOFF_TITLE,
  signatureTable,
  signoffHeader,
  signoffPairs,
  type ReportSignoff,
} from './signoff';

const FONT = { ascii: 'Arial', hAnsi: 'Arial', eastAsia: '宋体' };

const p = (
  text: string,
  opts: { bold?: boolean; size?: number; align?: (typeof AlignmentType)[keyof typeof AlignmentType] } = {},
) => new Paragraph({ alignment: opts.align, children: [new TextRun({ text, bold: opts.bold, size: opts.size })] });

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

function pairs(rows: [string, string][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(([k, v]) => new TableRow({ children: [cell(k, { bold: true, shade: true }), cell(v)] })),
  });
}

// the trace table's columns on A4 portrait (9 026 twips between Word's default margins), as in the PDF
const TRACE_TWIPS = [480, 1650, 870, 560, 1150, 1780, 480, 880, 1176];

/** Relative column weights as twips of the 9 026 between the margins. */
const twips = (weights: number[]) => {
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.floor((w / sum) * 9026));
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

const image = (data: Buffer) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    children: [
      new ImageRun({
        type: 'png',
        data,
        transformation: { width: 560, height: Math.round((560 * CHART_HEIGHT) / CHART_WIDTH) },
      }),
    ],
  });

function decisionBlock(b: DecisionBlock, h2: (text: string) => Paragraph, pictures: ReportPictures): Paragraph | Table {
  switch (b.kind) {
    case 'heading':
      return h2(b.text);
    case 'text':
      return p(b.text, b.tone === 'note' ? { size: 18 } : { bold: b.tone === 'strong' });
    case 'pairs':
      return pairs(b.rows);
    case 'table':
      return grid(b.table, b.widths);
    case 'image':
      return image(pictures.decision.get(b.chart)!);
  }
}

/** The 签署页 of a frozen report: its number, revision and the PDF's SHA-256, the signatures, the QR code. */
function signoffPage(s: ReportSignoff, qr: Buffer): (Paragraph | Table)[] {
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(SIGNOFF_TITLE)] }),
    pairs(signoffPairs(s)),
    p(''),
    grid(signatureTable(s), [50, 190, 100, 150]),
    new Paragraph({
      spacing: { before: 240 },
      children: [new ImageRun({ type: 'png', data: qr, transformation: { width: 140, height: 140 } })],
    }),
    new Paragraph({ children: [new TextRun({ text: SIGNOFF_NOTE, size: 18, color: '455A64' }), new PageBreak()] }),
  ];
}

export async function reportDocx(m: ReportModel, charts: ReportPictures): Promise<Buffer> {
  let n = 0;
  const h1 = (text: string) =>
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`${++n}. ${text}`)] });
  const children: (Paragraph | Table)[] = [
    new Paragraph({
      spacing: { before: 2400, after: 600 },
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: m.title, bold: true, size: 44 })],
    }),
    pairs(m.cover),
    new Paragraph({
      spacing: { before: 1200 },
      alignment: AlignmentType.CENTER,
      children: [new TextRun('依据《建筑碳排放计算标准》GB/T 51366-2019 编制'), new PageBreak()],
    }),
    ...(m.signoff ? signoffPage(m.signoff, charts.qr!) : []),
    h1('建筑信息'),
    pairs(m.info),
    h1('计算边界与方法'),
    ...m.boundary.map((b) => new Paragraph({ bullet: { level: 0 }, children: [new TextRun(b)] })),
    h1('各阶段碳排放计算'),
  ];
  m.stages.forEach((s, i) => {
    children.push(
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`${n}.${i + 1} ${s.title}`)] }),
    );
    if (s.method) children.push(p(`计算方式：${s.method}`));
    children.push(grid(s.table));
    if (s.total !== null) children.push(p(`${s.name}阶段合计：${f2(s.total)} tCO2e`, { bold: true }));
    for (const w of s.warnings)
      children.push(new Paragraph({ children: [new TextRun({ text: `提示：${w}`, size: 18, color: 'B71C1C' })] }));
    for (const note of s.notes) children.push(p(`注：${note}`, { size: 18 }));
  });
  children.push(
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      pageBreakBefore: true,
      children: [new TextRun(`${++n}. 计算结果`)],
    }),
    pairs(m.totals),
    image(charts.donut),
    image(charts.bar),
    ...(m.quality
      ? [
          h1('数据质量'),
          grid(m.quality.table),
          p(`数据质量等级：${m.quality.grade ?? '—'}`, { bold: true }),
          p(m.quality.rule, { size: 18 }),
          p(m.quality.basis, { size: 18 }),
        ]
      : []),
    h1('说明'),
    ...m.notes.map((t, i) => p(`${i + 1}. ${t}`)),
  );
  m.decision.forEach((section, i) => {
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        pageBreakBefore: i === 0,
        keepNext: true,
        children: [new TextRun(`${++n}. ${section.title}`)],
      }),
    );
    let k = 0;
    const h2 = (text: string) =>
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        keepNext: true,
        children: [new TextRun(`${n}.${++k} ${text}`)],
      });
    for (const b of section.blocks) children.push(decisionBlock(b, h2, charts));
  });
  if (m.appendix) {
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        pageBreakBefore: true,
        children: [new TextRun(`${++n}. ${m.appendix.title}`)],
      }),
      p(m.appendix.note, { size: 18 }),
      grid(m.appendix.table, [62, 44, 80, 40, 170]),
    );
  }
  const doc = new Document({
    creator: '碳算',
    title: m.title,
    styles: {
      default: {
        document: { run: { font: FONT, size: 21 } },
        heading1: { run: { font: FONT, size: 30, bold: true, color: '1B5E20' } },
        heading2: { run: { font: FONT, size: 24, bold: true } },
      },
    },
    sections: [
      {
        ...(m.signoff
          ? {
              headers: {
                default: new Header({
                  children: [
                    new Paragraph({
                      alignment: AlignmentType.RIGHT,
                      children: [new TextRun({ text: signoffHeader(m.signoff), size: 16, color: '888888' })],
                    }),
                  ],
                }),
              },
            }
          : {}),
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: ['第 ', PageNumber.CURRENT, ' 页 / 共 ', PageNumber.TOTAL_PAGES, ' 页'],
                    size: 16,
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
