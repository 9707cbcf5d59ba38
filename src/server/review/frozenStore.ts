// What is read of the frozen reports (issue 27 §4; drawn and stored by frozen.ts): the review page's summary of a
// revision's report, and the public verify page's — the number, building, figures, signatures and date, nothing else.
import { verifyPath, type FrozenReportInfo, type Signature, type VerifyAnswer } from '../../../schemas/review';
import type { Executor } from '../db/database';
import type { ApiRecord } from '../db/record';

export const FROZEN_TABLE = 'tpf3_review_report';
const TABLE = FROZEN_TABLE;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
/** The day of a signature as its signers saw it (China Standard Time), YYYY-MM-DD. */
export const day = (at: string | null) => (at ? new Date(at).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }) : '');

/** What the review page shows of a revision's frozen report; null before it is stored. */
export async function frozenInfo(ex: Executor, b: ApiRecord): Promise<FrozenReportInfo | null> {
  if (!b.reportNo) return null;
  const r = await ex.selectFrom(TABLE).select(['report_no', 'revision', 'pdf_sha256', 'create_date']).where('report_no', '=', String(b.reportNo)).where('project_id', '=', b.id).executeTakeFirst();
  return r ? { reportNo: String(r.report_no), revision: String(r.revision), sha256: String(r.pdf_sha256), verifyPath: verifyPath(String(r.report_no)), createdAt: iso(r.create_date) } : null;
}

/** The public summary of a report number; undefined for a number that was never signed. */
export async function verifyInfo(ex: Executor, reportNo: string): Promise<VerifyAnswer | undefined> {
  const r = await ex.selectFrom(TABLE).select(['report_no', 'building_name', 'revision', 'total', 'intensity', 'signatures', 'approved_at']).where('report_no', '=', reportNo).executeTakeFirst();
  if (!r) return undefined;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    reportNo: String(r.report_no),
    buildingName: String(r.building_name),
    revision: String(r.revision),
    total: num(r.total),
    intensity: num(r.intensity),
    signatures: (typeof r.signatures === 'string' ? JSON.parse(r.signatures) : r.signatures) as Signature[],
    approvedAt: day(iso(r.approved_at)),
  };
}

/** The stored PDF's hash of a report number; undefined for an unknown number. */
export async function storedHash(ex: Executor, reportNo: string): Promise<string | undefined> {
  const r = await ex.selectFrom(TABLE).select('pdf_sha256').where('report_no', '=', reportNo).executeTakeFirst();
  return r ? String(r.pdf_sha256) : undefined;
}
