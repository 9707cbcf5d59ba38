// The 签署页 of a frozen report: the report number, the revision, who signed each level, when and with what 签署意见, and
// the QR code of the public page that checks a copy (/verify/{number}?c={check code}). The PDF and the Word file draw
// the same
// words; the Word file also carries the SHA-256 of the PDF drawn before it (a PDF cannot carry its own).
import QRCode from 'qrcode';
import type { Signature } from '../../../schemas/review';
import type { ReportTable } from './stageTable';

/** A level's signature as the 签署页 prints it: also the time it signed and its 签署意见. */
export interface SignoffLine extends Signature {
  /** YYYY-MM-DD HH:mm (China Standard Time) */
  time: string;
  /** the approval's note ('' when none) */
  note: string;
}

export interface ReportSignoff {
  reportNo: string;
  revision: string;
  /** YYYY-MM-DD of the last signature */
  approvedAt: string;
  signatures: SignoffLine[];
  /** absolute: what the QR code holds */
  verifyUrl: string;
  /** the Word file only: the SHA-256 of the stored PDF */
  pdfSha256?: string;
  /** YYYY-MM-DD HH:mm of the calculation signed, and of the factor library's last change before it ('' unknown) */
  calculatedAt?: string;
  factorLibrary?: string;
}

export const SIGNOFF_TITLE = '签署页';

/** The block's key figures, as label → value. */
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

export const SIGNOFF_NOTE =
  '本报告经计算、校对、审核、审定逐级签署后由碳算生成并存档，签署后该修订版的数据已锁定。扫描二维码或访问核验页面，可查看本报告的编号、单体、碳排放总量与签署人，并上传 PDF 文件核验其是否与存档一致（匹配 / 不匹配）。本 PDF 内嵌编制单位签章证书的电子签名（PAdES），不经本系统也可在 PDF 阅读器中核验文件签署后是否被修改。';

/** The header line of every page after the cover. */
export const signoffHeader = (s: ReportSignoff) => `报告编号 ${s.reportNo} · 修订版 ${s.revision}`;

/** The QR code of the verify page as a PNG (error correction M: a printed copy survives a crease). */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
