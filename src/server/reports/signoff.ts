// The 签署页 of a frozen report, as data: the report number, the revision, who signed each level, when and with what
// 签署意见, and the public page that checks a copy (/verify/{number}?c={check code}), which its QR code holds. The
// section is built in sections/signoff.ts; the Word file also carries the SHA-256 of the PDF drawn before it (a PDF
// cannot carry its own).
import type { Signature } from '../../../schemas/review';

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

/** The header line of every page after the cover. */
export const signoffHeader = (s: ReportSignoff) => `报告编号 ${s.reportNo} · 修订版 ${s.revision}`;
