// The sign-off of a building's revision: 编制中 → 待校对 → 待审核 → 待审定 → 已审定, with as many
// levels as its tenant signs at. 计算人 submits a completed building whose open flags are each acknowledged with a
// reason and whose comments are all resolved; the signer of the current level approves (the next level's state, or
// 已审定 with the tenant's next report number) or returns it to 编制中 with comments. Each step is an event, and the
// next person hears of it (the inbox). A step out of turn or by the wrong person is refused (403) naming the state
// and the role. The state itself is written past the building's lock (db/lock.ts): the only code that does.
// A submission fixes the rules the revision is signed under and each signing step the signer's 实名 and account (the
// names a signature prints); 计算人 may withdraw it until its first signature, an administrator may replace a level's
// signer (nobody left out of reach strands it), and unless the tenant allows it an author of the revision does not
// sign.
import {
  levelIn,
  levelsOf,
  LEVELS,
  nextRevision,
  nextState,
  STATE_LABELS,
  CALC_ROLE,
  type ApproveRequest,
  type ReassignRequest,
  type ReturnRequest,
  type ReviewState,
  type SubmitRequest,
} from '../../../schemas/review';
import { columnName } from '../db/naming';
import type { Caller } from '../db/caller';
import type { Db, Tx } from '../db/database';
import { passLock } from '../db/lock';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { ApiError, badRequest, invalid } from '../errors';
import { resourceDef } from '../db/registry';
import { copyBuilding } from '../buildings/copy';
import { successorOf } from '../buildings/revisions';
import { staleIds } from '../buildings/stale';
import { calculateAndStore } from '../stages/calculate';
import { notifyUsers } from '../notify/send';
import {
  calcPeople,
  editorsAmong,
  EDITED_REVISION,
  identities,
  identityLabel,
  revisionPolicy,
  signerOf,
  signerProblems,
  type Policy,
} from './people';
import { addComments, addEvent, closeResolved, nextReportNo, openComments } from './store';

const refused = (message: string) => new ApiError(403, 0, message);
const stateOf = (b: ApiRecord) => String(b.reviewState || 'draft') as ReviewState;
const named = (b: ApiRecord) => `单体「${b.name}」修订版 ${b.revision || 'A'}`;
const inState = (b: ApiRecord) => `${named(b)} 处于「${STATE_LABELS[stateOf(b)]}」状态`;

/** The flags of a result a submission acknowledges: the stages' problems and the 合理性检查's out-of-range figures. */
export function resultFlags(b: ApiRecord): string[] {
  const d = (b.resultDetail ?? {}) as { warnings?: string[]; plausibility?: { flags?: { text: string }[] } };
  return [...new Set([...(d.warnings ?? []), ...(d.plausibility?.flags ?? []).map((f) => f.text)])];
}

async function load(db: Db, trx: Tx, caller: Caller, projectId: number): Promise<{ b: ApiRecord; policy: Policy }> {
  const b = await repo(db, 'tpf3Project').get(caller, projectId, trx);
  // (under review: the rules the revision was submitted with)
  return { b, policy: await revisionPolicy(trx, b) };
}

async function setState(trx: Tx, b: ApiRecord, change: Record<string, unknown>): Promise<void> {
  await passLock(trx);
  await trx.updateTable(resourceDef('tpf3Project').table).set(change).where('id', '=', b.id).execute();
}

const link = (b: ApiRecord) => `/review?id=${b.id}`;

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

/** A signed revision's successor: a copy of its signed state (rows and results) as the next revision, 编制中. */
export async function revise(db: Db, caller: Caller, projectId: number): Promise<ApiRecord> {
  const { b } = await db.transaction().execute((trx) => load(db, trx, caller, projectId));
  if (!calcPeople(b).includes(caller.userId)) throw refused(`只有${CALC_ROLE}（创建人或协作人）可以新建修订版`);
  if (stateOf(b) !== 'approved') throw refused(`${inState(b)}，审定后才能新建修订版`);
  const made = await successorOf(db, b.id);
  if (made) throw revisedAlready(b, made);
  const revision = nextRevision(String(b.revision || 'A'));
  // the successor keeps the name, the collaborators (the source's creator among them) and the signers
  const team = [...new Set([...calcPeople(b)].filter((id) => id !== caller.userId))].join(';');
  return copyBuilding(
    db,
    caller,
    projectId,
    { name: b.name, userId: team, revision, revisionOf: b.id, reviewState: 'draft', reportNo: null },
    async (trx, id) => {
      await addEvent(trx, {
        tenantId: b.tenantId as number | null,
        projectId: id,
        revision,
        action: 'revise',
        from: 'approved',
        to: 'draft',
        userId: caller.userId,
        note: `由修订版 ${b.revision || 'A'}（报告 ${b.reportNo ?? ''}）新建`,
      });
    },
  ).catch(async (err) => {
    // two requests at once: the database's one-successor index refused the later copy
    const other = isUniqueViolation(err) ? await successorOf(db, b.id) : undefined;
    throw other ? revisedAlready(b, other) : err;
  });
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** A second 新建修订版 of one revision: refused, naming the successor (whose id the client opens instead). */
const revisedAlready = (b: ApiRecord, made: { id: number; revision: string }) =>
  new ApiError(400, 0, `${named(b)} 已有修订版 ${made.revision}，不能再次新建修订版`, {
    id: made.id,
    revision: made.revision,
  });

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

/** Who replaces a signer: the super admin, or a group admin of the building's tenant. */
export const canReassign = (caller: Caller, b: ApiRecord) =>
  caller.isAdmin || (caller.roles.includes('groupAdmin') && caller.tenantId !== null && caller.tenantId === b.tenantId);

/**
 * 更换签署人: an administrator names another signer for a level of a revision not yet signed to its end — the
 * waiting level included (a signer who left would strand it). The new signer is a user of the building's tenant
 * and, unless the tenant allows one person on two levels, neither a 计算人, nor another level's signer, nor one who
 * wrote to the revision. Written past the lock like every step; recorded from → to; the new signer hears of it.
 */
export async function reassign(db: Db, caller: Caller, req: ReassignRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { b, policy } = await load(db, trx, caller, req.projectId);
    if (!canReassign(caller, b)) throw refused('只有本单位的集团管理员可以更换签署人');
    if (stateOf(b) === 'approved') throw refused(`${inState(b)}，不能更换签署人`);
    const levels = levelsOf(policy.levels);
    const level = levels.find((l) => l.level === req.level);
    if (!level)
      throw invalid([
        {
          field: 'level',
          errorMsg: `该单体的校审没有${LEVELS.find((l) => l.level === req.level)?.title ?? req.level}一级`,
        },
      ]);
    const bad = (errorMsg: string) => invalid([{ field: 'userId', errorMsg }]);
    const to = req.userId;
    const before = signerOf(b, level);
    if (to === before) throw bad(`该用户已是本单体的${level.role}`);
    const user = await trx
      .selectFrom('sys_user')
      .select('id')
      .where('id', '=', to)
      .where('tenant_id', '=', b.tenantId as number)
      .executeTakeFirst();
    if (!user) throw bad(`${level.role}不是本单位的用户`);
    if (!policy.samePerson) {
      const other = calcPeople(b).includes(to)
        ? CALC_ROLE
        : levels.find((l) => l !== level && signerOf(b, l) === to)?.role;
      if (other) throw bad(`${level.role}不能同时是${other}（本单位未允许一人兼任多级）`);
      if ((await editorsAmong(trx, b.id, [to])).size)
        throw bad(`${level.role}${EDITED_REVISION}，不能签署（本单位未允许一人兼任多级）`);
    }
    const state = stateOf(b);
    await setState(trx, b, { [columnName(level.field)]: to });
    const who = await identities(trx, [to, ...(before ? [before] : [])]);
    const label = (id: number | null) => (id && who.has(id) ? identityLabel(who.get(id)!) : '未指定');
    await addEvent(trx, {
      tenantId: b.tenantId as number | null,
      projectId: b.id,
      revision: String(b.revision || 'A'),
      action: 'reassign',
      from: state,
      to: state,
      userId: caller.userId,
      level: level.level,
      fromUserId: before,
      toUserId: to,
      note: `${level.role}：${label(before)} → ${label(to)}`,
    });
    const waiting = levelIn(state, policy.levels) === level;
    await notifyUsers(
      trx,
      [to],
      {
        kind: 'review',
        title: waiting ? `请${level.title}单体「${b.name}」` : `您已被指定为单体「${b.name}」的${level.role}`,
        content: waiting
          ? `${named(b)}的${level.role}已更换为您，请您签署或退回。`
          : `${named(b)}的${level.role}已更换为您，轮到该级时请您签署或退回。`,
        link: link(b),
      },
      caller.userId,
    );
  });
}
