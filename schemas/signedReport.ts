// A signed revision's frozen report as the API answers it: its signatures, what its review page and its public
// page /verify/{number} show, the check of an uploaded copy, and the tenant's signing certificate. One definition for
// the server (src/server/review/) and the client.
/** A signature of the frozen report: the level's title, its people's names, the day it signed (YYYY-MM-DD). */
export interface Signature {
  title: string;
  names: string;
  date: string;
}

/** The frozen report of a signed revision, as its review page shows it. */
export interface FrozenReportInfo {
  reportNo: string;
  revision: string;
  /** SHA-256 of the stored PDF, hex */
  sha256: string;
  /** the public page that checks a copy: /verify/{number}?c={check code} (readers of the building only) */
  verifyPath: string;
  createdAt: string;
}

/**
 * A signed revision's report while it is not stored yet: drawn after the last signature as a job (its steps
 * DRAWING_STEPS), or failed with the reason in words — the review page then offers to draw it again.
 */
export interface ReportDrawing {
  state: 'running' | 'failed';
  /** steps done, of DRAWING_STEPS.length */
  done: number;
  /** running: the step under way (DRAWING_STEPS); failed: why */
  text: string;
}

export const DRAWING_STEPS = ['汇总报告数据', '绘制并签署 PDF', '绘制 Word 文件', '存档'] as const;

export const DRAWING_TEXTS = {
  running: '正在生成签署报告…',
  failed: '签署报告生成失败',
  missing: '签署报告尚未生成',
  retry: '重新生成',
  start: '生成签署报告',
  started: '已开始生成签署报告',
} as const;

/** What the public page /verify/{number} shows of a signed report, and nothing else. */
export interface VerifyAnswer {
  reportNo: string;
  buildingName: string;
  revision: string;
  /** tCO2e */
  total: number | null;
  /** kgCO2e/(m²·a) */
  intensity: number | null;
  signatures: Signature[];
  approvedAt: string;
  /** present when a later revision of the same building has its own signed report: the newest one */
  supersededBy?: { revision: string; reportNo: string; approvedAt: string };
}

/** The check of an uploaded copy against the stored PDF. */
export interface VerifyCheck {
  match: boolean;
  sha256: string;
  /** the file's embedded signature: its signed bytes unchanged and signed with the report's certificate */
  signature: 'valid' | 'invalid' | 'none';
  /** 内嵌签名有效 / 内嵌签名无效 / 未找到内嵌签名 */
  signatureText: string;
}

export const VERIFY_TEXTS = {
  unknown: '未找到该报告编号',
  match: '匹配',
  mismatch: '不匹配',
  noFile: '请选择要核验的 PDF 文件',
} as const;

/** The public page of a report number (its QR code links here, from the host the report was signed on). */
export const verifyPath = (reportNo: string, checkCode?: string | null) =>
  `/verify/${encodeURIComponent(reportNo)}${checkCode ? `?c=${encodeURIComponent(checkCode)}` : ''}`;

/** 已被修订版 B（报告编号 …，日期）替代 */
export const supersededText = (s: NonNullable<VerifyAnswer['supersededBy']>) =>
  `已被修订版 ${s.revision}（报告编号 ${s.reportNo}，${s.approvedAt}）替代`;

/** A tenant's certificate its frozen PDFs are signed with, as its group admin sees it (never the key or password). */
export interface CertificateInfo {
  source: 'generated' | 'uploaded';
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  /** SHA-256 of the certificate (DER), hex */
  sha256: string;
  since: string;
}

export interface CertificateAnswer {
  certificate: CertificateInfo | null;
  /** the caller may upload one (its tenant's group admin) */
  canEdit: boolean;
}
