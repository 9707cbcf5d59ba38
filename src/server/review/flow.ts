// The sign-off of a building's revision: 编制中 → 待校对 → 待审核 → 待审定 → 已审定, with as many
// levels as its tenant signs at. 计算人 submits a completed building whose open flags are each acknowledged with a
// reason and whose comments are all resolved; the signer of the current level approves (the next level's state, or
// 已审定 with the tenant's next report number) or returns it to 编制中 with comments. Each step is an event, and the
// next person hears of it (the inbox). A step out of turn or by the wrong person is refused (403) naming the state
// and the role. The state itself is written past the building's lock (db/lock.ts, by ./revisionState.ts).
// A submission fixes the rules the revision is signed under and each signing step the signer's 实名 and account (the
// names a signature prints); 计算人 may withdraw it until its first signature, an administrator may replace a level's
// signer (nobody left out of reach strands it: ./reassign.ts), and unless the tenant allows it an author of the
// revision does not sign. A signed revision's successor is made in ./revise.ts; both are re-exported here.
import {
  levelIn,
  levelsOf,
  nextState,
  CALC_ROLE,
  type ApproveRequest,
  type ReturnRequest,
  type ReviewState,
  type SubmitRequest,
} from '../../../schemas/review';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { badRequest, invalid } from '../errors';
import { staleIds } from '../buildings/stale';
import { calculateAndStore } from '../stages/calculate';
import { notifyUsers } from '../notify/send';
import { calcPeople, editorsAmong, EDITED_REVISION, identities, signerOf, signerProblems, type Policy } from './people';
import { inState, link, load, named, refused, setState, stateOf } from './revisionState';
import { addComments, addEvent, closeResolved, nextReportNo, openComments } from './store';

export { canReassign, reassign } from './reassign';
export { revise } from './revise';

/** The flags of a result a submission acknowledges: the stages' problems and the 合理性检查's out-of-range figures. */
export function resultFlags(b: ApiRecord): string[] {
  const d = (b.resultDetail ?? {}) as { warnings?: string[]; plausibility?: { flags?: { text: string }[] } };
  return [...new Set([...(d.warnings ?? []), ...(d.plausibility?.flags ?? []).map((f) => f.text)])];
}

/** Who may submit the building now: its 计算人, while 编制中 and completed (else refused). */
function submittable(b: ApiRecord, caller: Caller): void {
  if (!calcPeople(b).includes(caller.userId)) throw refused(`只有${CALC_ROLE}（创建人或协作人）可以提交校审`);
  if (stateOf(b) !== 'draft') throw refused(`${inState(b)}，不能再次提交`);
  if (String(b.status) !== '1') throw badRequest('请先完成计算并将单体标记为已完成，再提交校审');
}

export async function submit(db: Db, caller: Caller, req: SubmitRequest): Promise<void> {
  // What is signed is what the rows make: a result older than the rows' last change (a row saved, imported or
  // deleted alone) is calculated again first, and kept even if the submission is refused below — the page then
  // shows the flags of the figures that will be signed, to be acknowledged.
  await db.transaction().execute(async (trx) => {
    const { b } = await load(db, trx, caller, req.projectId);
    submittable(b, caller);
    if ((await staleIds(trx, [b.id])).has(b.id)) await calculateAndStore(trx, b);
  });
  await db.transaction().execute(async (trx) => {
    const { b, policy } = await load(db, trx, caller, req.projectId);
    submittable(b, caller);
    if (b.resultStale) throw badRequest(`${named(b)} 的数据刚刚又有修改，计算结果已过期，请重新计算后再提交`);
    const problems = await signerProblems(trx, b, policy, true);
    if (problems.length) throw invalid(problems, problems[0].errorMsg);
    const open = await openComments(trx, b.id);
    if (open) throw badRequest(`还有 ${open} 条校审意见未处理，请处理后再提交`);
    const given = new Map((req.acknowledgements ?? []).map((a) => [a.text, a.reason.trim()]));
    const missing = resultFlags(b).filter((f) => !given.get(f));
    if (missing.length) throw badRequest(`请逐条说明以下提示后再提交：${missing.join('；')}`);
    const to = nextState('draft', policy.levels);
    // the rules it is submitted under stay its rules until it is signed or back in 编制中
    await setState(trx, b, { review_state: to, review_levels: policy.levels, review_same_person: policy.samePerson });
    const team = await identities(trx, [caller.userId, ...calcPeople(b)]);
    await addEvent(trx, {
      tenantId: b.tenantId as number | null,
      projectId: b.id,
      revision: String(b.revision || 'A'),
      action: 'submit',
      from: 'draft',
      to,
      userId: caller.userId,
      acknowledgements: resultFlags(b).map((text) => ({ text, reason: given.get(text)! })),
      signer: team.get(caller.userId),
      team: calcPeople(b).flatMap((id) => (team.has(id) ? [team.get(id)!] : [])),
    });
    const first = levelsOf(policy.levels)[0];
    await notifyUsers(
      trx,
      [signerOf(b, first)!],
      {
        kind: 'review',
        title: `请${first.title}单体「${b.name}」`,
        content: `${named(b)}已提交校审，请您作为${first.role}签署或退回。`,
        link: link(b),
      },
      caller.userId,
    );
  });
}

/** The current level of a building under review, if `caller` is its signer (else refused naming state and role). */
function currentLevel(b: ApiRecord, policy: Policy, caller: Caller) {
  const level = levelIn(stateOf(b), policy.levels);
  if (!level) throw refused(`${inState(b)}，不在校审中`);
  if (signerOf(b, level) !== caller.userId)
    throw refused(`${inState(b)}，应由${level.role}签署，您不是该单体的${level.role}`);
  return level;
}

/** Signs the current level; answers the revision's new state. */
export async function approve(db: Db, caller: Caller, req: ApproveRequest): Promise<ReviewState> {
  return db.transaction().execute(async (trx) => {
    const { b, policy } = await load(db, trx, caller, req.projectId);
    const level = currentLevel(b, policy, caller);
    // an author does not sign his own work (a signer may have been handed data to enter before he was named)
    if (!policy.samePerson && (await editorsAmong(trx, b.id, [caller.userId])).size)
      throw refused(`${inState(b)}，您${EDITED_REVISION}，不能签署该修订版（本单位未允许一人兼任多级）`);
    const from = stateOf(b);
    const to = nextState(from, policy.levels);
    const change: Record<string, unknown> = { review_state: to };
    if (to === 'approved') change.report_no = await nextReportNo(trx, policy.prefix, new Date().getFullYear());
    await setState(trx, b, change);
    await closeResolved(trx, b.id, level.level, caller.userId);
    const signer = (await identities(trx, [caller.userId])).get(caller.userId);
    await addEvent(trx, {
      tenantId: b.tenantId as number | null,
      projectId: b.id,
      revision: String(b.revision || 'A'),
      action: 'approve',
      from,
      to,
      userId: caller.userId,
      note: req.note ?? null,
      signer,
    });
    const next = levelIn(to, policy.levels);
    if (next)
      await notifyUsers(
        trx,
        [signerOf(b, next)!],
        {
          kind: 'review',
          title: `请${next.title}单体「${b.name}」`,
          content: `${named(b)}已通过${level.title}，请您作为${next.role}签署或退回。`,
          link: link(b),
        },
        caller.userId,
      );
    else
      await notifyUsers(
        trx,
        calcPeople(b),
        {
          kind: 'review',
          title: `单体「${b.name}」已审定`,
          content: `${named(b)}已审定，报告编号 ${change.report_no}。`,
          link: link(b),
        },
        caller.userId,
      );
    return to;
  });
}

export async function sendBack(db: Db, caller: Caller, req: ReturnRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { b, policy } = await load(db, trx, caller, req.projectId);
    const level = currentLevel(b, policy, caller);
    const from = stateOf(b);
    await setState(trx, b, { review_state: 'draft' });
    const revision = String(b.revision || 'A');
    await addComments(
      trx,
      { tenantId: b.tenantId as number | null, projectId: b.id, revision },
      level.level,
      caller.userId,
      req.comments,
    );
    await addEvent(trx, {
      tenantId: b.tenantId as number | null,
      projectId: b.id,
      revision,
      action: 'return',
      from,
      to: 'draft',
      userId: caller.userId,
      note: `${req.comments.length} 条意见`,
    });
    await notifyUsers(
      trx,
      calcPeople(b),
      {
        kind: 'review',
        title: `单体「${b.name}」被${level.title}退回`,
        content: `${named(b)}被${level.role}退回，共 ${req.comments.length} 条意见，请处理后重新提交。`,
        link: link(b),
      },
      caller.userId,
    );
  });
}

/**
 * 撤回: 计算人 takes a submitted revision back to 编制中 — only before its first level has signed (a signature is
 * not undone by its author's wish; after it, only a signer's return sends it back). The first signer hears of it.
 */
export async function withdraw(db: Db, caller: Caller, projectId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { b, policy } = await load(db, trx, caller, projectId);
    if (!calcPeople(b).includes(caller.userId)) throw refused(`只有${CALC_ROLE}（创建人或协作人）可以撤回校审`);
    const first = levelsOf(policy.levels)[0];
    const from = stateOf(b);
    if (from === 'draft') throw refused(`${inState(b)}，未提交校审，无需撤回`);
    if (from !== first.state) throw refused(`${inState(b)}，${first.role}已签署，不能撤回`);
    await setState(trx, b, { review_state: 'draft' });
    await addEvent(trx, {
      tenantId: b.tenantId as number | null,
      projectId: b.id,
      revision: String(b.revision || 'A'),
      action: 'withdraw',
      from,
      to: 'draft',
      userId: caller.userId,
    });
    const signer = signerOf(b, first);
    if (signer)
      await notifyUsers(
        trx,
        [signer],
        {
          kind: 'review',
          title: `单体「${b.name}」已撤回校审`,
          content: `${named(b)}已由${CALC_ROLE}撤回，暂不需要您${first.title}。`,
          link: link(b),
        },
        caller.userId,
      );
  });
}
