// The report as PDF (pdfmake 0.3, Noto Sans SC embedded as subset), A4 portrait: the cover, then the sections
// (pdfBlocks.ts). Each stage's table carries its rows' trace (a shaded line under a row: formula with numbers,
// 默认值, why it counts 0). A frozen report's number and revision head every page after the cover; a trial account's
// report carries the diagonal watermark 试用账号 on every page.
import { setupPdfFonts } from './fonts';
import { installLowHeadings, lowHeadingBreak } from './lowHeadings';
import type { ReportModel } from './model';
import { pairs, pdfSections } from './pdfBlocks';
import type { ReportPictures } from './pictures';
import { signoffHeader } from './signoff';

export async function reportPdf(m: ReportModel, pictures: ReportPictures, opts: { trial: boolean }): Promise<Buffer> {
  const pdfmake = setupPdfFonts();
  installLowHeadings();
  const content: unknown[] = [
    { text: m.title, style: 'title', margin: [0, 150, 0, 40] },
    { ...pairs(m.cover, 'long text'), margin: [60, 0, 60, 0] },
    {
      text: '依据《建筑碳排放计算标准》GB/T 51366-2019 编制',
      alignment: 'center',
      color: '#555',
      margin: [0, 60, 0, 0],
      pageBreak: 'after',
    },
    ...pdfSections(m.sections, pictures),
  ];
  const doc = {
    pageSize: 'A4',
    pageMargins: [50, 55, 50, 50],
    info: { title: m.title, creator: '碳算' },
    defaultStyle: { font: 'NotoSansSC', fontSize: 10, lineHeight: 1.25 },
    styles: {
      title: { fontSize: 22, bold: true, alignment: 'center' },
      h1: { fontSize: 15, bold: true, margin: [0, 12, 0, 6], color: '#1b5e20' },
      h2: { fontSize: 12, bold: true, margin: [0, 8, 0, 4] },
      key: { bold: true, color: '#333' },
      th: { bold: true, alignment: 'center' },
    },
    header: (page: number) =>
      page === 1
        ? null
        : {
            text: m.signoff ? `${m.title}　${signoffHeader(m.signoff)}` : m.title,
            fontSize: 8,
            color: '#888',
            alignment: 'right',
            margin: [50, 25, 50, 0],
          },
    footer: (page: number, pages: number) => ({
      text: `第 ${page} 页 / 共 ${pages} 页`,
      fontSize: 8,
      color: '#888',
      alignment: 'center',
      margin: [0, 15, 0, 0],
    }),
    // a heading low on the page moves to the next one with what follows it (moved as it is laid out: lowHeadings.ts)
    pageBreakBefore: lowHeadingBreak,
    ...(opts.trial
      ? { watermark: { text: '试用账号', color: '#d32f2f', opacity: 0.15, bold: true, fontSize: 90 } }
      : {}),
    content,
  };
  return pdfmake.createPdf(doc).getBuffer();
}
