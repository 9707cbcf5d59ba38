// 校审 routes (docs/review.md):
//   GET  review/mine                 the buildings waiting for the caller's signature (待我校审)
//   GET  review/:projectId           the revision's state, chain (计算, 校对 …), flags to acknowledge, steps, comments
//   POST review/submit               { projectId, acknowledgements } 计算人 → the first level
//   POST review/approve              { projectId, note } the current level's signer → the next level or 已审定
//   POST review/return               { projectId, comments: [{ content, stage?, rowId? }] } → 编制中
//   POST review/comment/:id/resolve  { note } 计算人, while 编制中
//   POST review/comment/:id/close    the comment's author
//   POST review/revise               { projectId } an 已审定 revision → its successor (B, C …), 编制中
//   POST review/withdraw             { projectId } 计算人, before the first signature → 编制中
//   POST review/reassign             { projectId, level, userId } the tenant's group admin: another signer for a level
//   GET  review/:projectId/signers   the users a group admin may name as a signer
//   GET  review/:projectId/report?type=pdf|word  the signed revision's frozen report (frozen.ts), as a download URL
//   POST review/:projectId/report    draws the signed revision's report again after a failed drawing (frozenJob.ts)
//   GET  review/:projectId/audit?area=&pageNo=   the building's changes, newest first (trail.ts)
//   GET  review/settings · PUT review/settings   the caller's tenant's sign-off rules; its group admin changes them
//   GET|POST review/certificate · GET review/publicUrl   the signing certificate, the QR codes' address
// (signedRoutes.ts) The public verify page's routes are verifyRoutes.ts.
import type { FastifyInstance } from 'fastify';
import {
  CALC_ROLE,
  DRAWING_TEXTS,
  STATE_LABELS,
  approveBody,
  auditQuery,
  reassignBody,
  signerLabel,
  type Person,
  signoffSettingsBody,
  projectBody,
  resolveBody,
  returnBody,
  submitBody,
  type ReviewState,
} from '../../../schemas/review';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { repo } from '../db/repo';
import { ok } from '../envelope';
import { ApiError, badRequest, MESSAGES, notFound } from '../errors';
import { typed } from '../http/typed';
import { approve, canReassign, reassign, revise, sendBack, submit, withdraw } from './flow';
import { frozenFile, NOT_SIGNED } from './frozen';
import { startDrawing } from './frozenJob';
import { auditTrail } from './trail';
import { saveSignoffSettings, signoffSettings } from './settings';
import type { Settings } from '../settings/settings';
import { reportOrigin, signedReportRoutes } from './signedRoutes';
import { reviewAnswer, waitingFor } from './answers';
import { calcPeople } from './people';
import { findComment, setComment } from './store';
import { sql } from 'kysely';

const BASE = '/api/tpf/v1/tpf/review';
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const projectParams = { type: 'object', required: ['projectId'], properties: { projectId: id } } as const;
const reportQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { type: { type: 'string', enum: ['pdf', 'word'] } },
} as const;
const commentParams = { type: 'object', required: ['id'], properties: { id } } as const;

export function reviewRoutes(app: FastifyInstance, db: Db, settings: Settings): void {
  const r = typed(app);
  // the signing certificate and the public address of the QR codes (signedRoutes.ts)
  signedReportRoutes(app, db, settings);
  const buildings = repo(db, 'tpf3Project');

  r.get(`${BASE}/settings`, { config: { writes: false } }, async (req) => ok(await signoffSettings(db, callerOf(req))));
  r.put(`${BASE}/settings`, { schema: { body: signoffSettingsBody }, config: { writes: true } }, async (req) =>
    ok(await saveSignoffSettings(db, callerOf(req), req.body), MESSAGES.saved),
  );

  r.get(`${BASE}/mine`, { config: { writes: false } }, async (req) => ok(await waitingFor(db, callerOf(req).userId)));

  r.get(`${BASE}/:projectId`, { schema: { params: projectParams }, config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    return ok(await reviewAnswer(db, caller, await buildings.get(caller, req.params.projectId)));
  });

  r.post(`${BASE}/submit`, { schema: { body: submitBody }, config: { writes: true } }, async (req) => {
    await submit(db, callerOf(req), req.body);
    return ok(null, '已提交校审');
  });

  r.post(`${BASE}/approve`, { schema: { body: approveBody }, config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    if ((await approve(db, caller, req.body)) === 'approved') {
      // the frozen report is drawn once, as a job the review page follows (seconds of a pool thread the signer need
      // not wait for); if that fails the signature stands, and the page offers to draw it again
      const b = await buildings.get(caller, req.body.projectId);
      await startDrawing(db, caller, b, await reportOrigin(settings, req), (err) =>
        req.log.error({ err, projectId: b.id }, 'frozen report failed'),
      );
    }
    return ok(null, '已签署');
  });

  r.post(`${BASE}/return`, { schema: { body: returnBody }, config: { writes: true } }, async (req) => {
    await sendBack(db, callerOf(req), req.body);
    return ok(null, '已退回');
  });

  // 撤回 (计算人, before the first signature) · 更换签署人 (the tenant's group admin, the super admin)
  r.post(`${BASE}/withdraw`, { schema: { body: projectBody }, config: { writes: true } }, async (req) => {
    await withdraw(db, callerOf(req), req.body.projectId);
    return ok(null, '已撤回');
  });

  r.post(`${BASE}/reassign`, { schema: { body: reassignBody }, config: { writes: true } }, async (req) => {
    await reassign(db, callerOf(req), req.body);
    return ok(null, '已更换签署人');
  });

  // whom an administrator may choose as a signer: the enabled users of the building's tenant, by 实名 (else their
  // name) and account
  r.get(`${BASE}/:projectId/signers`, { schema: { params: projectParams }, config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    const b = await buildings.get(caller, req.params.projectId);
    if (!canReassign(caller, b)) throw new ApiError(403, 0, '只有本单位的集团管理员可以更换签署人');
    const users = await db
      .selectFrom('sys_user')
      .select(['id', 'name', 'user_name', 'real_name'])
      .where('tenant_id', '=', b.tenantId as number)
      .where('status', '=', 1)
      .orderBy('id')
      .execute();
    return ok(
      users.map((u): Person => ({
        id: Number(u.id),
        name: signerLabel(String(u.user_name), (u.real_name as string | null) || String(u.name ?? '')),
      })),
    );
  });

  r.get(
    `${BASE}/:projectId/report`,
    { schema: { params: projectParams, querystring: reportQuery }, config: { writes: true } },
    async (req) => {
      return ok(
        await frozenFile(
          db,
          callerOf(req),
          req.params.projectId,
          req.query.type ?? 'pdf',
          await reportOrigin(settings, req),
        ),
        '导出成功',
      );
    },
  );

  r.post(`${BASE}/:projectId/report`, { schema: { params: projectParams }, config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    const b = await buildings.get(caller, req.params.projectId);
    if (b.reviewState !== 'approved' || !b.reportNo) throw badRequest(NOT_SIGNED);
    await startDrawing(db, caller, b, await reportOrigin(settings, req), (err) =>
      req.log.error({ err, projectId: b.id }, 'frozen report failed'),
    );
    return ok(null, DRAWING_TEXTS.started);
  });

  r.get(
    `${BASE}/:projectId/audit`,
    { schema: { params: projectParams, querystring: auditQuery }, config: { writes: false } },
    async (req) => {
      const caller = callerOf(req);
      const b = await buildings.get(caller, req.params.projectId);
      return ok(await auditTrail(db, b.id, req.query));
    },
  );

  r.post(`${BASE}/revise`, { schema: { body: projectBody }, config: { writes: true } }, async (req) => {
    return ok(await revise(db, callerOf(req), req.body.projectId), '已新建修订版');
  });

  /** The comment and its building, if the caller may read the building (else 404). */
  const commentOf = async (req: { params: { id: number } }, caller: ReturnType<typeof callerOf>) => {
    const c = await findComment(db, req.params.id);
    if (!c) throw notFound();
    return { c, b: await buildings.get(caller, Number(c.project_id)) };
  };

  r.post(
    `${BASE}/comment/:id/resolve`,
    { schema: { params: commentParams, body: resolveBody }, config: { writes: true } },
    async (req) => {
      const caller = callerOf(req);
      const { c, b } = await commentOf(req, caller);
      if (!calcPeople(b).includes(caller.userId))
        throw new ApiError(403, 0, `只有${CALC_ROLE}（创建人或协作人）可以处理校审意见`);
      if (String(b.reviewState || 'draft') !== 'draft')
        throw new ApiError(
          403,
          0,
          `单体「${b.name}」处于「${STATE_LABELS[b.reviewState as ReviewState]}」状态，退回后才能处理意见`,
        );
      if (c.status !== 'open') throw new ApiError(400, 0, '该意见已处理');
      await setComment(db, Number(c.id), {
        status: 'resolved',
        resolve_note: req.body.note,
        resolved_by: caller.userId,
        resolved_at: sql`now()`,
      });
      return ok(null, '已处理');
    },
  );

  r.post(`${BASE}/comment/:id/close`, { config: { writes: true }, schema: { params: commentParams } }, async (req) => {
    const caller = callerOf(req);
    const { c } = await commentOf(req, caller);
    if (Number(c.author_id) !== caller.userId) throw new ApiError(403, 0, '只有提出意见的签署人可以关闭意见');
    if (c.status === 'closed') throw new ApiError(400, 0, '该意见已关闭');
    await setComment(db, Number(c.id), { status: 'closed', closed_by: caller.userId, closed_at: sql`now()` });
    return ok(null, '已关闭');
  });
}
