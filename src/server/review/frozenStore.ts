// What is read of the frozen reports (drawn and stored by frozen.ts): the review page's summary of a revision's
// report (with its check code: the building's readers only), and the public verify page's — the number, building,
// figures, signatures and date, and the newest later revision that replaced it, nothing else. The public page answers
// a number only with its check code (reports frozen before check codes existed: by number alone).
import { chinaDay } from '../../calc/chinaTime';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import {
  DRAWING_STEPS,
  verifyPath,
  type FrozenReportInfo,
  type ReportDrawing,
  type Signature,
  type VerifyAnswer,
} from '../../../schemas/review';
import type { Executor } from '../db/database';
import type { ApiRecord } from '../db/record';
import { MESSAGES } from '../errors';
import { latestJob } from '../jobs/store';

export const FROZEN_TABLE = 'tpf3_review_report';
const TABLE = FROZEN_TABLE;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** What the review page shows of a revision's frozen report; null before it is stored. */
export async function frozenInfo(ex: Executor, b: ApiRecord): Promise<FrozenReportInfo | null> {
  if (!b.reportNo) return null;
  const r = await ex
    .selectFrom(TABLE)
    .select(['report_no', 'revision', 'pdf_sha256', 'check_code', 'create_date'])
    .where('report_no', '=', String(b.reportNo))
    .where('project_id', '=', b.id)
    .executeTakeFirst();
  return r
    ? {
        reportNo: String(r.report_no),
        revision: String(r.revision),
        sha256: String(r.pdf_sha256),
        verifyPath: verifyPath(String(r.report_no), r.check_code as string | null),
        createdAt: iso(r.create_date),
      }
    : null;
}

/** The job that draws a revision's report (frozenJob.ts) is found by its title: the report number. */
export const drawingTitle = (b: ApiRecord) => `生成签署报告 ${String(b.reportNo)}`;

/** The drawing of a signed revision's report while it is not stored: under way, failed, or null (none, or done). */
export async function drawingOf(ex: Executor, b: ApiRecord): Promise<ReportDrawing | null> {
  if (!b.reportNo) return null;
  const job = await latestJob(ex, 'report', drawingTitle(b));
  if (!job || job.state === 'done') return null;
  const done = Math.min(job.done, DRAWING_STEPS.length - 1);
  return job.state === 'running'
    ? { state: 'running', done, text: DRAWING_STEPS[done] }
    : { state: 'failed', done, text: job.message || MESSAGES.server };
}

/** The stored code matches the asked one (in constant time); a report without a code answers to any. */
function codeMatches(stored: unknown, asked: string | undefined): boolean {
  if (stored === null || stored === undefined) return true;
  const [a, b] = [Buffer.from(String(stored)), Buffer.from(asked ?? '')];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The newest later revision of the report's building that has its own frozen report (A → B → C: C for A and B). */
async function newestSuccessor(ex: Executor, projectId: number): Promise<VerifyAnswer['supersededBy']> {
  const r = await sql<{ revision: string; report_no: string; approved_at: unknown }>`
    with recursive later (id, depth) as (
      select id, 1 from tpf3_project where revision_of = ${projectId}
      union all
      select p.id, l.depth + 1 from tpf3_project p join later l on p.revision_of = l.id where l.depth < 1000
    )
    select f.revision, f.report_no, f.approved_at from later l join ${sql.table(TABLE)} f on f.project_id = l.id
    order by l.depth desc limit 1`.execute(ex);
  const s = r.rows[0];
  return s
    ? { revision: String(s.revision), reportNo: String(s.report_no), approvedAt: chinaDay(iso(s.approved_at)) }
    : undefined;
}

/** The public summary of a report number; undefined for a number that was never signed or asked with a wrong code. */
export async function verifyInfo(
  ex: Executor,
  reportNo: string,
  code: string | undefined,
): Promise<VerifyAnswer | undefined> {
  const r = await ex
    .selectFrom(TABLE)
    .select([
      'report_no',
      'project_id',
      'building_name',
      'revision',
      'total',
      'intensity',
      'signatures',
      'approved_at',
      'check_code',
    ])
    .where('report_no', '=', reportNo)
    .executeTakeFirst();
  if (!r || !codeMatches(r.check_code, code)) return undefined;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const supersededBy = await newestSuccessor(ex, Number(r.project_id));
  return {
    reportNo: String(r.report_no),
    buildingName: String(r.building_name),
    revision: String(r.revision),
    total: num(r.total),
    intensity: num(r.intensity),
    signatures: (typeof r.signatures === 'string' ? JSON.parse(r.signatures) : r.signatures) as Signature[],
    approvedAt: chinaDay(iso(r.approved_at)),
    ...(supersededBy ? { supersededBy } : {}),
  };
}

/**
 * The stored PDF's hash of a report number and the fingerprint of the certificate it was signed with (null: frozen
 * before reports were signed); undefined for an unknown number or a wrong code.
 */
export async function storedHash(
  ex: Executor,
  reportNo: string,
  code: string | undefined,
): Promise<{ sha256: string; certSha256: string | null } | undefined> {
  const r = await ex
    .selectFrom(TABLE)
    .select(['pdf_sha256', 'sign_cert_sha256', 'check_code'])
    .where('report_no', '=', reportNo)
    .executeTakeFirst();
  return r && codeMatches(r.check_code, code)
    ? { sha256: String(r.pdf_sha256), certSha256: (r.sign_cert_sha256 as string | null) ?? null }
    : undefined;
}
