// The report as Word (.docx, docx 9): the same model as the PDF — the cover, then the sections (wordBlocks.ts); East
// Asian text set to 宋体 in the default styles (Word on Chinese systems has it; other readers substitute a CJK font).
import { AlignmentType, Document, Footer, Header, Packer, PageBreak, PageNumber, Paragraph, TextRun } from 'docx';
import type { ReportModel } from './model';
import type { ReportPictures } from './pictures';
import { signoffHeader } from './signoff';
import { pairs, wordSections } from './wordBlocks';

const FONT = { ascii: 'Arial', hAnsi: 'Arial', eastAsia: '宋体' };

export async function reportDocx(m: ReportModel, pictures: ReportPictures): Promise<Buffer> {
  const children = [
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
    ...wordSections(m.sections, pictures),
  ];
  const header = (s: NonNullable<ReportModel['signoff']>) =>
    new Header({
      children: [
        new Paragraph({
          alignment: AlignmentType.RIGHT,
          children: [new TextRun({ text: signoffHeader(s), size: 16, color: '888888' })],
        }),
      ],
    });
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
        ...(m.signoff ? { headers: { default: header(m.signoff) } } : {}),
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
