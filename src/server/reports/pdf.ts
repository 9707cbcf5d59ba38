// The report as PDF (pdfmake 0.3, Noto Sans SC embedded as subset). A trial account's report carries the
// diagonal watermark 试用账号 on every page.
import pdfmake from 'pdfmake';
import type { ReportCharts } from './charts';
import { setupPdfFonts } from './fonts';
import { f2, type ReportModel, type ReportTable } from './model';


const png = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

function pairs(rows: [string, string][], widths: (string | number)[] = [170, '*']) {
  return {
    table: { widths, body: rows.map(([k, v]) => [{ text: k, style: 'key' }, { text: v }]) },
    layout: 'lightHorizontalLines',
    margin: [0, 4, 0, 10],
  };
}

function grid(t: ReportTable) {
  if (!t.rows.length) return { text: '暂无数据', color: '#666', margin: [0, 2, 0, 8] };
  const n = t.header.length;
  const widths = n === 8 ? [22, '*', 52, 30, 40, 56, 90, 62] : Array(n).fill('*');
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      widths,
      body: [
        t.header.map((h) => ({ text: h, style: 'th' })),
        ...t.rows.map((r) => r.map((c, i) => ({ text: c, alignment: t.numeric.includes(i) ? 'right' : 'left' }))),
      ],
    },
    fontSize: 8,
    layout: { fillColor: (row: number) => (row === 0 ? '#e8f5e9' : null), hLineColor: () => '#bbb', vLineColor: () => '#bbb' },
    margin: [0, 4, 0, 6],
  };
}

export async function reportPdf(m: ReportModel, charts: ReportCharts, opts: { trial: boolean }): Promise<Buffer> {
  setupPdfFonts();
  let n = 0;
  const h1 = (text: string) => ({ text: `${++n}. ${text}`, style: 'h1', headlineLevel: 1 });
  const content: unknown[] = [
    { text: m.title, style: 'title', margin: [0, 150, 0, 40] },
    { ...pairs(m.cover, [120, '*']), margin: [60, 0, 60, 0] },
    { text: '依据《建筑碳排放计算标准》GB/T 51366-2019 编制', alignment: 'center', color: '#555', margin: [0, 60, 0, 0], pageBreak: 'after' },
    h1('建筑信息'),
    pairs(m.info),
    h1('计算边界与方法'),
    { ul: m.boundary, margin: [0, 4, 0, 10] },
    h1('各阶段碳排放计算'),
  ];
  m.stages.forEach((s, i) => {
    content.push({ text: `${n}.${i + 1} ${s.title}`, style: 'h2', headlineLevel: 2 });
    if (s.method) content.push({ text: `计算方式：${s.method}`, margin: [0, 0, 0, 2] });
    content.push(grid(s.table));
    if (s.total !== null) content.push({ text: `${s.title}阶段合计：${f2(s.total)} tCO2e`, bold: true, margin: [0, 0, 0, 4] });
    for (const note of s.notes) content.push({ text: `注：${note}`, color: '#555', fontSize: 9 });
  });
  content.push(
    { ...h1('计算结果'), pageBreak: 'before' },
    pairs(m.totals, ['*', 120]),
    { image: png(charts.donut), width: 400, alignment: 'center', margin: [0, 6, 0, 6] },
    { image: png(charts.bar), width: 400, alignment: 'center', margin: [0, 6, 0, 6] },
    h1('说明'),
    { ol: m.notes, margin: [0, 4, 0, 10] },
  );
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
    header: (page: number) => (page === 1 ? null : { text: m.title, fontSize: 8, color: '#888', alignment: 'right', margin: [50, 25, 50, 0] }),
    footer: (page: number, pages: number) => ({ text: `第 ${page} 页 / 共 ${pages} 页`, fontSize: 8, color: '#888', alignment: 'center', margin: [0, 15, 0, 0] }),
    // a heading low on the page moves to the next one with what follows it
    pageBreakBefore: (node: { headlineLevel?: number; startPosition?: { verticalRatio?: number } }) =>
      !!node.headlineLevel && (node.startPosition?.verticalRatio ?? 0) > 0.78,
    ...(opts.trial ? { watermark: { text: '试用账号', color: '#d32f2f', opacity: 0.15, bold: true, fontSize: 90 } } : {}),
    content,
  };
  return pdfmake.createPdf(doc).getBuffer();
}
