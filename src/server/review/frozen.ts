// The frozen report of a signed revision: at 已审定 the PDF and the Word file are drawn once — with the
// 签署页 (report number, revision, each level's signers, time and 签署意见, the QR code of /verify/{number}?c={check
// code}) — the PDF signed with the tenant's certificate (pdfSignature.ts) and stored with its SHA-256, its check
// code and what the public verify page shows. They are never drawn again: a download hands out
// the stored bytes, so a copy checks out 匹配 for as long as it is unchanged, whatever later happens to the data.
// The data is read here; the drawing, the signature and the hash run in a pool thread (frozenTask.ts). The drawing
// after the last signature runs as a job the review page follows (frozenJob.ts).
import { chinaDay, chinaMinute } from '../../calc/chinaTime';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { changeLines, LEVELS, verifyPath, type Signature } from '../../../schemas/review';
import { findUserById } from '../auth/userInfo';
import type { Caller } from '../db/caller';
import { bytesOf, bytesValue, fromBase64 } from '../db/bytes';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { badRequest } from '../errors';
import { putFile } from '../files/store';
import { threadPool } from '../jobs/threadPool';
import type { ReportChanges } from '../reports/context';
import { reportModel } from '../reports/model';
import { withPdfHash } from '../reports/sections/signoff';
import { DOCX_MIME, PDF_MIME } from '../reports/routes';
import type { ReportSignoff, SignoffLine } from '../reports/signoff';
import { auditTrail } from './trail';
import { reviewAnswer } from './answers';
import { signingKey } from './certificate';
import { FROZEN_TABLE as TABLE } from './frozenStore';
import type { FrozenJob, SignedPdf } from './frozenTask';
import { reviewRecords } from './store';

export const NOT_SIGNED = '该修订版尚未审定，没有签署报告';

/**
 * The drawing's steps as the review page names them (DRAWING_STEPS): reading, the signed PDF, the Word file, storing.
 */
export type Step = (done: number) => void;

const drawFrozen = <T>(job: FrozenJob) => threadPool.run<T>(new URL('./frozenTask.ts', import.meta.url), job);

/**
 * The 签署页 of a signed revision: each level's names, the time it signed and its 签署意见, from the revision's
 * steps. The notes are those of the approvals since the last submission (an approval before a return was undone).
 */
async function signoffOf(
  db: Db,
  caller: Caller,
  b: ApiRecord,
  verifyUrl: string,
): Promise<{ signoff: ReportSignoff; at: Date }> {
  const { chain } = await reviewAnswer(db, caller, b);
  const { events } = await reviewRecords(db, b.id);
  const lastSubmit = events.map((e) => e.action).lastIndexOf('submit');
  const notes = new Map<string, string>();
  for (const e of events.slice(lastSubmit + 1))
    if (e.action === 'approve') notes.set(e.fromState, e.note?.trim() ?? '');
  const signatures: SignoffLine[] = chain.map((s) => ({
    title: s.title,
    names: s.people.map((p) => p.name).join('、'),
    date: chinaDay(s.signedAt),
    time: chinaMinute(s.signedAt),
    note: s.level === 'calc' ? '' : (notes.get(LEVELS.find((l) => l.level === s.level)?.state ?? '') ?? ''),
  }));
  const at = chain.at(-1)!.signedAt;
  const result = (b.resultDetail ?? {}) as { calculatedAt?: string; factorLibrary?: string | null };
  return {
    signoff: {
      reportNo: String(b.reportNo),
      revision: String(b.revision || 'A'),
      approvedAt: chinaDay(at),
      signatures,
      verifyUrl,
      calculatedAt: chinaMinute(result.calculatedAt),
      factorLibrary: chinaMinute(result.factorLibrary),
    },
    at: at ? new Date(at) : new Date(),
  };
}

/** A report's check code: 16 characters (96 random bits) of the URL-safe alphabet, carried by its QR code. */
export const newCheckCode = () => randomBytes(12).toString('base64url');

/** The appendix 变更记录: the building's changes up to its signature, oldest first (at most the last APPENDIX_MAX). */
async function changesOf(db: Db, projectId: number): Promise<ReportChanges> {
  const { entries, total } = await auditTrail(db, projectId, { pageSize: APPENDIX_MAX });
  return {
    total,
    rows: [...entries]
      .reverse()
      .map((e) => [chinaMinute(e.at), e.user?.name ?? '系统', e.where, e.summary, changeLines(e).join('\n')]),
  };
}
const APPENDIX_MAX = 2000;

/**
 * Draws and stores the frozen report of an 已审定 revision unless it is stored already (two callers at once: the
 * first stored wins). `origin`: the address the QR code sends a reader to (site.publicUrl, else the signing
 * request's; publicUrl.ts). `step` hears each step begin (0 … 3), and may throw to stop the drawing (a server
 * stopping).
 */
export async function freezeReport(
  db: Db,
  caller: Caller,
  b: ApiRecord,
  origin: string,
  step: Step = () => {},
): Promise<void> {
  if (b.reviewState !== 'approved' || !b.reportNo) throw badRequest(NOT_SIGNED);
  // (one drawing per number in this process: a download during the drawing waits for it)
  const key = String(b.reportNo);
  let run = drawing.get(key);
  if (!run) {
    run = draw(db, caller, b, origin, step).finally(() => drawing.delete(key));
    drawing.set(key, run);
  }
  return run;
}

const drawing = new Map<string, Promise<void>>();

async function draw(db: Db, caller: Caller, b: ApiRecord, origin: string, step: Step): Promise<void> {
  if (await db.selectFrom(TABLE).select('report_no').where('report_no', '=', String(b.reportNo)).executeTakeFirst())
    return;
  step(0);
  // (the thread loads its packages meanwhile; a failure there is the PDF step's)
  const loading = drawFrozen<null>({ step: 'load' }).catch(() => null);
  const checkCode = newCheckCode();
  const { signoff, at } = await signoffOf(db, caller, b, `${origin}${verifyPath(String(b.reportNo), checkCode)}`);
  // with the signoff and the changes the model has the 签署页, the cover's number and revision, and the appendix
  const model = await reportModel(db, caller, b, { signoff, changes: await changesOf(db, b.id) });
  // a trial account's building keeps the watermark of its exports
  const trial = (await findUserById(db, Number(b.createBy)))?.auth_flag === 0;
  const tenantId = (b.tenantId as number | null) ?? null;
  const key = await signingKey(db, tenantId);
  await loading;
  step(1);
  const signature = {
    name: String(b.compileOrg || b.name),
    reason: `建筑碳排放报告 ${signoff.reportNo} 修订版 ${signoff.revision} 审定`,
    location: '碳算',
    at,
  };
  const signed = await drawFrozen<SignedPdf>({
    step: 'pdf',
    model,
    trial,
    key: { key: key.key, certDer: key.certDer },
    signature,
  });
  const hash = signed.sha256;
  step(2);
  // the Word file prints the signed PDF's hash, with the pictures the PDF was drawn with
  const docx = await drawFrozen<Buffer>({
    step: 'word',
    model: withPdfHash(model, hash),
    pictures: signed.pictures,
  });
  step(3);
  // what the public page shows of the signatures: names and days, not the notes
  const publicSignatures: Signature[] = signoff.signatures.map(({ title, names, date }) => ({ title, names, date }));
  await sql`
    insert into ${sql.table(TABLE)} (report_no, tenant_id, project_id, revision, building_name, total, intensity, signatures, approved_at, pdf, docx, pdf_sha256, check_code, sign_cert_sha256)
    values (${signoff.reportNo}, ${tenantId}, ${b.id}, ${signoff.revision}, ${String(b.name)}, ${model.total}, ${model.streng3},
            ${JSON.stringify(publicSignatures)}::jsonb, ${at}, ${bytesValue(signed.pdf)}, ${bytesValue(docx)}, ${hash}, ${checkCode}, ${key.sha256})
    on conflict (report_no) do nothing`.execute(db);
}

/** The stored file of a signed revision (drawn now if its drawing at the signature failed), as a download URL. */
export async function frozenFile(
  db: Db,
  caller: Caller,
  projectId: number,
  format: 'pdf' | 'word',
  origin: string,
): Promise<string> {
  const b = await repo(db, 'tpf3Project').get(caller, projectId);
  await freezeReport(db, caller, b, origin);
  const column = format === 'pdf' ? 'pdf' : 'docx';
  const r = await db
    .selectFrom(TABLE)
    .select([bytesOf(column).as('content'), 'building_name', 'revision'])
    .where('report_no', '=', String(b.reportNo))
    .where('project_id', '=', b.id)
    .executeTakeFirst();
  if (!r) throw badRequest(NOT_SIGNED);
  const name = `${String(r.building_name)}碳排放报告_${String(b.reportNo)}_修订版${String(r.revision)}`.replace(
    /[\\/:*?"<>|]/g,
    '_',
  );
  return putFile(db, caller, {
    fileName: `${name}.${format === 'pdf' ? 'pdf' : 'docx'}`,
    mime: format === 'pdf' ? PDF_MIME : DOCX_MIME,
    content: fromBase64(String(r.content)),
  });
}
