// The report as PDF (pdfmake 0.3, Noto Sans SC embedded as subset), A4 portrait. Each stage's table carries its
// rows' trace (a shaded line under a row: formula with numbers, 默认值, why it counts 0), then its total,
// warnings and notes; the results, the data-quality section, the notes and the decision sections follow. A
// trial account's report carries the diagonal watermark 试用账号 on every page.
import type { DecisionBlock } from './decisionSections';
import { setupPdfFonts } from './fonts';
import { installLowHeadings, lowHeadingBreak, movedWhenLow } from './lowHeadings';
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

const png = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

function pairs(rows: [string, string][], widths: (string | number)[] = [170, '*'], align: 'left' | 'right' = 'left') {
  return {
    table: {
      widths,
      body: rows.map(([k, v]) => [
        { text: k, style: 'key' },
        { text: v, alignment: align },
      ]),
    },
    layout: 'lightHorizontalLines',
    margin: [0, 4, 0, 10],
  };
}

// A4 portrait holds 495 pt between the margins: the trace table's 9 columns with 2 pt cell padding
const TRACE_WIDTHS = [16, '*', 50, 26, 60, 96, 22, 44, 56];

function grid(t: ReportTable, widths?: (string | number)[]) {
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
      widths: widths ?? (t.kind === 'trace' ? TRACE_WIDTHS : Array(n).fill('*')),
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

/** Relative column weights as points: 495 pt less each cell's padding and rule. */
const points = (weights: number[]) => {
  const room = 495 - weights.length * 5 - 1;
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.floor((w / sum) * room));
};

function decisionBlock(b: DecisionBlock, h2: (text: string) => unknown, pictures: ReportPictures): unknown {
  switch (b.kind) {
    case 'heading':
      return h2(b.text);
    case 'text':
      return b.tone === 'note'
        ? { text: b.text, fontSize: 9, color: '#555', margin: [0, 0, 0, 4] }
        : { text: b.text, bold: b.tone === 'strong', margin: [0, 2, 0, 4] };
    case 'pairs':
      return pairs(b.rows, ['*', 120], 'right');
    case 'table':
      return grid(b.table, b.widths ? points(b.widths) : undefined);
    case 'image':
      return { image: png(pictures.decision.get(b.chart)!), width: 440, alignment: 'center', margin: [0, 6, 0, 6] };
  }
}

/** The 签署页 of a frozen report: its number and revision, the signatures, the QR code of the verify page. */
function signoffPage(s: ReportSignoff, qr: Buffer): unknown[] {
  return [
    { text: SIGNOFF_TITLE, style: 'h1' },
    pairs(signoffPairs(s), [120, '*']),
    grid(signatureTable(s), [40, '*', 78, 150]),
    {
      columns: [
        { image: png(qr), width: 110 },
        { text: SIGNOFF_NOTE, fontSize: 9, color: '#455a64', margin: [12, 8, 0, 0] },
      ],
      margin: [0, 12, 0, 0],
      pageBreak: 'after',
    },
  ];
}

export async function reportPdf(m: ReportModel, charts: ReportPictures, opts: { trial: boolean }): Promise<Buffer> {
  const pdfmake = setupPdfFonts();
  installLowHeadings();
  let n = 0;
  const h1 = (text: string) => movedWhenLow({ text: `${++n}. ${text}`, style: 'h1', headlineLevel: 1 });
  const content: unknown[] = [
    { text: m.title, style: 'title', margin: [0, 150, 0, 40] },
    { ...pairs(m.cover, [120, '*']), margin: [60, 0, 60, 0] },
    {
      text: '依据《建筑碳排放计算标准》GB/T 51366-2019 编制',
      alignment: 'center',
      color: '#555',
      margin: [0, 60, 0, 0],
      pageBreak: 'after',
    },
    ...(m.signoff ? signoffPage(m.signoff, charts.qr!) : []),
    h1('建筑信息'),
    pairs(m.info),
    h1('计算边界与方法'),
    { ul: m.boundary, margin: [0, 4, 0, 10] },
    h1('各阶段碳排放计算'),
  ];
  m.stages.forEach((s, i) => {
    content.push(movedWhenLow({ text: `${n}.${i + 1} ${s.title}`, style: 'h2', headlineLevel: 2 }));
    if (s.method) content.push({ text: `计算方式：${s.method}`, margin: [0, 0, 0, 2] });
    content.push(grid(s.table));
    if (s.total !== null)
      content.push({ text: `${s.name}阶段合计：${f2(s.total)} tCO2e`, bold: true, margin: [0, 0, 0, 4] });
    for (const w of s.warnings) content.push({ text: `提示：${w}`, color: '#b71c1c', fontSize: 9 });
    for (const note of s.notes) content.push({ text: `注：${note}`, color: '#555', fontSize: 9 });
  });
  content.push(
    { ...h1('计算结果'), pageBreak: 'before' },
    pairs(m.totals, ['*', 120], 'right'),
    { image: png(charts.donut), width: 400, alignment: 'center', margin: [0, 6, 0, 6] },
    { image: png(charts.bar), width: 400, alignment: 'center', margin: [0, 6, 0, 6] },
    ...(m.quality
      ? [
          h1('数据质量'),
          grid(m.quality.table, ['*', 120, 90]),
          { text: `数据质量等级：${m.quality.grade ?? '—'}`, bold: true, margin: [0, 2, 0, 2] },
          { text: m.quality.rule, fontSize: 9, color: '#555' },
          { text: m.quality.basis, fontSize: 9, color: '#555', margin: [0, 0, 0, 8] },
        ]
      : []),
    h1('说明'),
    { ol: m.notes, margin: [0, 4, 0, 10] },
  );
  m.decision.forEach((section, i) => {
    content.push({ ...h1(section.title), ...(i === 0 ? { pageBreak: 'before' } : {}) });
    let k = 0;
    const h2 = (text: string) => movedWhenLow({ text: `${n}.${++k} ${text}`, style: 'h2', headlineLevel: 2 });
    section.blocks.forEach((b, j) => {
      const prev = section.blocks[j - 1];
      // a heading stays on the page of the chart that follows it
      if (b.kind === 'image' && prev?.kind === 'heading')
        content.push({ stack: [content.pop(), decisionBlock(b, h2, charts)], unbreakable: true });
      else content.push(decisionBlock(b, h2, charts));
    });
  });
  if (m.appendix) {
    content.push(
      { ...h1(m.appendix.title), pageBreak: 'before' },
      { text: m.appendix.note, fontSize: 9, color: '#555', margin: [0, 0, 0, 4] },
      grid(m.appendix.table, [62, 44, 80, 40, '*']),
    );
  }
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
