// The 签署页 of a frozen report, right after the cover and alone on its page: its number, revision and what the
// signed figures were calculated from, each level's signers, time and 签署意见, and the QR code of the verify page.
import type { ReportContext } from '../context';
import type { ReportModel } from '../model';
import type { ReportSignoff } from '../signoff';
import type { ReportSection } from '../blocks';
import type { ReportTable } from '../stageTable';

export const SIGNOFF_TITLE = '签署页';

export const SIGNOFF_NOTE =
  '本报告经计算、校对、审核、审定逐级签署后由碳算生成并存档，签署后该修订版的数据已锁定。扫描二维码或访问核验页面，可查看本报告的编号、单体、碳排放总量与签署人，并上传 PDF 文件核验其是否与存档一致（匹配 / 不匹配）。本 PDF 内嵌编制单位签章证书的电子签名（PAdES），不经本系统也可在 PDF 阅读器中核验文件签署后是否被修改。';

/** The key figures, as label → value. */
export function signoffPairs(s: ReportSignoff): [string, string][] {
  return [
    ['报告编号', s.reportNo],
    ['修订版', s.revision],
    ['审定日期', s.approvedAt],
    // what the signed figures were calculated from
    ...(s.calculatedAt ? [['计算时间', s.calculatedAt] as [string, string]] : []),
    ...(s.factorLibrary ? [['因子库版本', `截至 ${s.factorLibrary} 的因子库`] as [string, string]] : []),
    ['核验页面', s.verifyUrl],
    ...(s.pdfSha256 ? [['PDF 文件 SHA-256', s.pdfSha256] as [string, string]] : []),
  ];
}

/** 职责 | 签署人 | 签署时间 | 签署意见, one row per level (计算, 校对 …). */
export const signatureTable = (s: ReportSignoff): ReportTable => ({
  header: ['职责', '签署人', '签署时间', '签署意见'],
  rows: s.signatures.map((x) => [x.title, x.names || '—', x.time || x.date || '—', x.note || '—']),
  numeric: [],
});

export function signoffSection({ signoff: s }: Pick<ReportContext, 'signoff'>): ReportSection | null {
  if (!s) return null;
  return {
    title: SIGNOFF_TITLE,
    numbered: false,
    pageBreak: 'after',
    blocks: [
      { kind: 'pairs', rows: signoffPairs(s), columns: 'long text' },
      { kind: 'table', table: signatureTable(s), widths: [40, 206, 78, 150] },
      { kind: 'picture', picture: { kind: 'qr', text: s.verifyUrl }, alt: '核验页面二维码', note: SIGNOFF_NOTE },
    ],
  };
}

/** The Word file's model: its 签署页 also prints the SHA-256 of the PDF signed before it. */
export function withPdfHash(m: ReportModel, pdfSha256: string): ReportModel {
  const signoff = { ...m.signoff!, pdfSha256 };
  return {
    ...m,
    signoff,
    sections: m.sections.map((s) =>
      s.title === SIGNOFF_TITLE && s.numbered === false ? signoffSection({ signoff })! : s,
    ),
  };
}
