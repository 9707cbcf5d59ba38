// 校审 routes (issue 27, README 校审):
//   GET  review/mine                 the buildings waiting for the caller's signature (待我校审)
//   GET  review/:projectId           the revision's state, chain (计算, 校对 …), flags to acknowledge, steps, comments
//   POST review/submit               { projectId, acknowledgements } 计算人 → the first level
//   POST review/approve              { projectId, note } the current level's signer → the next level or 已审定
//   POST review/return               { projectId, comments: [{ content, stage?, rowId? }] } → 编制中
//   POST review/comment/:id/resolve  { note } 计算人, while 编制中
//   POST review/comment/:id/close    the comment's author
//   POST review/revise               { projectId } an 已审定 revision → its successor (B, C …), 编制中
import type { FastifyInstance } from 'fastify';
import { CALC_ROLE, LEVELS, levelIn, levelsOf, STATE_LABELS, approveBody, projectBody, resolveBody, returnBody, submitBody, type ChainStep, type ReviewAnswer, type ReviewState, type WaitingBuilding } from '../../../schemas/review';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { repo } from '../db/repo';
import { ok } from '../envelope';
import { ApiError, notFound } from '../errors';
import { typed } from '../http/typed';
import { resourceDef } from '../registry';
import { userNames } from '../notify/send';
import { approve, resultFlags, revise, sendBack, submit } from './flow';
import { calcPeople, policyOf, signerOf } from './people';
import { findComment, reviewRecords, setComment } from './store';
import { sql } from 'kysely';
import { columnName } from '../db/naming';

const BASE = '/api/tpf/v1/tpf/review';
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const projectParams = { type: 'object', required: ['projectId'], properties: { projectId: id } } as const;
const commentParams = { type: 'object', required: ['id'], properties: { id } } as const;

export function reviewRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const buildings = repo(db, 'tpf3Project');

  r.get(`${BASE}/mine`, { config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    const table = resourceDef('tpf3Project').table;
    const rows = await db
      .selectFrom(table)
      .select(['id', 'name', 'engineering_id', 'compute_method', 'revision', 'review_state', 'checker_id', 'reviewer_id', 'approver_id', 'tenant_id'])
      .where((eb) => eb.or(LEVELS.map((l) => eb.and([eb('review_state', '=', l.state), eb(columnName(l.field), '=', caller.userId)]))))
      .orderBy('update_date', 'desc')
      .execute();
    const engs = rows.length ? await db.selectFrom(resourceDef('tpf3Engineering').table).select(['id', 'name']).where('id', 'in', rows.map((x) => Number(x.engineering_id))).execute() : [];
    const engName = new Map(engs.map((e) => [Number(e.id), String(e.name)]));
    const submitted = rows.length
      ? await db.selectFrom('tpf3_review_event').select(['project_id', (eb) => eb.fn.max('create_date').as('at')]).where('project_id', 'in', rows.map((x) => Number(x.id))).where('action', '=', 'submit').groupBy('project_id').execute()
      : [];
    const at = new Map(submitted.map((s) => [Number(s.project_id), s.at instanceof Date ? s.at.toISOString() : String(s.at)]));
    const list: WaitingBuilding[] = rows.map((x) => ({
      id: Number(x.id),
      name: String(x.name),
      engineeringName: engName.get(Number(x.engineering_id)) ?? '',
      computeMethod: String(x.compute_method),
      revision: String(x.revision || 'A'),
      state: x.review_state as ReviewState,
      role: LEVELS.find((l) => l.state === x.review_state)!.role,
      submittedAt: at.get(Number(x.id)) ?? null,
    }));
    return ok(list);
  });

  r.get(`${BASE}/:projectId`, { schema: { params: projectParams }, config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    const b = await buildings.get(caller, req.params.projectId);
    const policy = await policyOf(db, b.tenantId);
    const { events, comments } = await reviewRecords(db, b.id);
    const levels = levelsOf(policy.levels);
    const names = await userNames(db, [...calcPeople(b), ...levels.flatMap((l) => (signerOf(b, l) ? [signerOf(b, l)!] : []))]);
    const person = (uid: number) => ({ id: uid, name: names.get(uid) ?? '' });
    // a level's signature: its last approval of this revision since the last return
    const since = events.filter((e) => e.action === 'return' || e.action === 'revise').at(-1)?.id ?? 0;
    const signed = (action: string, from: string) => events.filter((e) => e.id > since && e.action === action && e.fromState === from).at(-1)?.createDate ?? null;
    const state = String(b.reviewState || 'draft') as ReviewState;
    const chain: ChainStep[] = [
      { level: 'calc', title: '计算', role: CALC_ROLE, people: calcPeople(b).map(person), signedAt: state === 'draft' ? null : signed('submit', 'draft') },
      ...levels.map((l) => ({ level: l.level, title: l.title, role: l.role, people: signerOf(b, l) ? [person(signerOf(b, l)!)] : [], signedAt: signed('approve', l.state) })),
    ];
    const current = levelIn(state, policy.levels);
    const isCalc = calcPeople(b).includes(caller.userId);
    const answer: ReviewAnswer = {
      projectId: b.id,
      name: String(b.name),
      revision: String(b.revision || 'A'),
      revisionOf: (b.revisionOf as number | null) ?? null,
      state,
      reportNo: (b.reportNo as string | null) ?? null,
      chain,
      flags: resultFlags(b),
      events,
      comments,
      can: {
        submit: isCalc && state === 'draft',
        approve: !!current && signerOf(b, current) === caller.userId,
        return: !!current && signerOf(b, current) === caller.userId,
        resolve: isCalc && state === 'draft',
        revise: isCalc && state === 'approved',
      },
    };
    return ok(answer);
  });

  r.post(`${BASE}/submit`, { schema: { body: submitBody }, config: { writes: true } }, async (req) => {
    await submit(db, callerOf(req), req.body);
    return ok(null, '已提交校审');
  });

  r.post(`${BASE}/approve`, { schema: { body: approveBody }, config: { writes: true } }, async (req) => {
    await approve(db, callerOf(req), req.body);
    return ok(null, '已签署');
  });

  r.post(`${BASE}/return`, { schema: { body: returnBody }, config: { writes: true } }, async (req) => {
    await sendBack(db, callerOf(req), req.body);
    return ok(null, '已退回');
  });

  r.post(`${BASE}/revise`, { schema: { body: projectBody }, config: { writes: true } }, async (req) => {
    return ok(await revise(db, callerOf(req), req.body.projectId), '已新建修订版');
  });

  /** The comment and its building, if the caller may read the building (else 404). */
  const commentOf = async (req: { params: { id: number } }, caller: ReturnType<typeof callerOf>) => {
    const c = await findComment(db, req.params.id);
    if (!c) throw notFound();
    return { c, b: await buildings.get(caller, Number(c.project_id)) };
  };

  r.post(`${BASE}/comment/:id/resolve`, { schema: { params: commentParams, body: resolveBody }, config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    const { c, b } = await commentOf(req, caller);
    if (!calcPeople(b).includes(caller.userId)) throw new ApiError(403, 0, `只有${CALC_ROLE}（创建人或协作人）可以处理校审意见`);
    if (String(b.reviewState || 'draft') !== 'draft') throw new ApiError(403, 0, `单体「${b.name}」处于「${STATE_LABELS[b.reviewState as ReviewState]}」状态，退回后才能处理意见`);
    if (c.status !== 'open') throw new ApiError(400, 0, '该意见已处理');
    await setComment(db, Number(c.id), { status: 'resolved', resolve_note: req.body.note, resolved_by: caller.userId, resolved_at: sql`now()` });
    return ok(null, '已处理');
  });

  r.post(`${BASE}/comment/:id/close`, { config: { writes: true }, schema: { params: commentParams } }, async (req) => {
    const caller = callerOf(req);
    const { c } = await commentOf(req, caller);
    if (Number(c.author_id) !== caller.userId) throw new ApiError(403, 0, '只有提出意见的签署人可以关闭意见');
    if (c.status === 'closed') throw new ApiError(400, 0, '该意见已关闭');
    await setComment(db, Number(c.id), { status: 'closed', closed_by: caller.userId, closed_at: sql`now()` });
    return ok(null, '已关闭');
  });
}
