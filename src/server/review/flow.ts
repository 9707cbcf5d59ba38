// The sign-off of a building's revision (issue 27 §2): 编制中 → 待校对 → 待审核 → 待审定 → 已审定, with as many
// levels as its tenant signs at. 计算人 submits a completed building whose open flags are each acknowledged with a
// reason and whose comments are all resolved; the signer of the current level approves (the next level's state, or
// 已审定 with the tenant's next report number) or returns it to 编制中 with comments. Each step is an event, and the
// next person hears of it (the inbox). A step out of turn or by the wrong person is refused (403) naming the state
// and the role. The state itself is written past the building's lock (db/lock.ts): the only code that does.
import { levelIn, levelsOf, nextRevision, nextState, STATE_LABELS, CALC_ROLE, type ApproveRequest, type ReturnRequest, type ReviewState, type SubmitRequest } from '../../../schemas/review';
import type { Caller } from '../db/caller';
import type { Db, Tx } from '../db/database';
import { passLock } from '../db/lock';
import type { ApiRecord } from '../db/record';
import { repo } from '../db/repo';
import { ApiError, badRequest, invalid } from '../errors';
import { resourceDef } from '../registry';
import { copyBuilding } from '../buildings/copy';
import { notifyUsers } from '../notify/send';
import { calcPeople, policyOf, signerOf, signerProblems, type Policy } from './people';
import { addComments, addEvent, closeResolved, nextReportNo, openComments } from './store';

const refused = (message: string) => new ApiError(403, 0, message);
const stateOf = (b: ApiRecord) => (String(b.reviewState || 'draft') as ReviewState);
const named = (b: ApiRecord) => `单体「${b.name}」修订版 ${b.revision || 'A'}`;
const inState = (b: ApiRecord) => `${named(b)} 处于「${STATE_LABELS[stateOf(b)]}」状态`;

/** The flags of a result a submission acknowledges: the stages' problems and the 合理性检查's out-of-range figures. */
export function resultFlags(b: ApiRecord): string[] {
  const d = (b.resultDetail ?? {}) as { warnings?: string[]; plausibility?: { flags?: { text: string }[] } };
  return [...new Set([...(d.warnings ?? []), ...(d.plausibility?.flags ?? []).map((f) => f.text)])];
}

async function load(db: Db, trx: Tx, caller: Caller, projectId: number): Promise<{ b: ApiRecord; policy: Policy }> {
  const b = await repo(db, 'tpf3Project').get(caller, projectId, trx);
  return { b, policy: await policyOf(trx, b.tenantId) };
}

async function setState(trx: Tx, b: ApiRecord, change: Record<string, unknown>): Promise<void> {
  await passLock(trx);
  await trx.updateTable(resourceDef('tpf3Project').table).set(change).where('id', '=', b.id).execute();
}

const link = (b: ApiRecord) => `/review?id=${b.id}`;

export async function submit(db: Db, caller: Caller, req: SubmitRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { b, policy } = await load(db, trx, caller, req.projectId);
    if (!calcPeople(b).includes(caller.userId)) throw refused(`只有${CALC_ROLE}（创建人或协作人）可以提交校审`);
    if (stateOf(b) !== 'draft') throw refused(`${inState(b)}，不能再次提交`);
    if (String(b.status) !== '1') throw badRequest('请先完成计算并将单体标记为已完成，再提交校审');
    const problems = await signerProblems(trx, b, policy, true);
    if (problems.length) throw invalid(problems, problems[0].errorMsg);
    const open = await openComments(trx, b.id);
    if (open) throw badRequest(`还有 ${open} 条校审意见未处理，请处理后再提交`);
    const given = new Map((req.acknowledgements ?? []).map((a) => [a.text, a.reason.trim()]));
    const missing = resultFlags(b).filter((f) => !given.get(f));
    if (missing.length) throw badRequest(`请逐条说明以下提示后再提交：${missing.join('；')}`);
    const to = nextState('draft', policy.levels);
    await setState(trx, b, { review_state: to });
    await addEvent(trx, { tenantId: b.tenantId as number | null, projectId: b.id, revision: String(b.revision || 'A'), action: 'submit', from: 'draft', to, userId: caller.userId, acknowledgements: resultFlags(b).map((text) => ({ text, reason: given.get(text)! })) });
    const first = levelsOf(policy.levels)[0];
    await notifyUsers(trx, [signerOf(b, first)!], { kind: 'review', title: `请${first.title}单体「${b.name}」`, content: `${named(b)}已提交校审，请您作为${first.role}签署或退回。`, link: link(b) }, caller.userId);
  });
}

/** The current level of a building under review, if `caller` is its signer (else refused naming state and role). */
function currentLevel(b: ApiRecord, policy: Policy, caller: Caller) {
  const level = levelIn(stateOf(b), policy.levels);
  if (!level) throw refused(`${inState(b)}，不在校审中`);
  if (signerOf(b, level) !== caller.userId) throw refused(`${inState(b)}，应由${level.role}签署，您不是该单体的${level.role}`);
  return level;
}

/** Signs the current level; answers the revision's new state. */
export async function approve(db: Db, caller: Caller, req: ApproveRequest): Promise<ReviewState> {
  return db.transaction().execute(async (trx) => {
    const { b, policy } = await load(db, trx, caller, req.projectId);
    const level = currentLevel(b, policy, caller);
    const from = stateOf(b);
    const to = nextState(from, policy.levels);
    const change: Record<string, unknown> = { review_state: to };
    if (to === 'approved') change.report_no = await nextReportNo(trx, policy.prefix, new Date().getFullYear());
    await setState(trx, b, change);
    await closeResolved(trx, b.id, level.level, caller.userId);
    await addEvent(trx, { tenantId: b.tenantId as number | null, projectId: b.id, revision: String(b.revision || 'A'), action: 'approve', from, to, userId: caller.userId, note: req.note ?? null });
    const next = levelIn(to, policy.levels);
    if (next) await notifyUsers(trx, [signerOf(b, next)!], { kind: 'review', title: `请${next.title}单体「${b.name}」`, content: `${named(b)}已通过${level.title}，请您作为${next.role}签署或退回。`, link: link(b) }, caller.userId);
    else await notifyUsers(trx, calcPeople(b), { kind: 'review', title: `单体「${b.name}」已审定`, content: `${named(b)}已审定，报告编号 ${change.report_no}。`, link: link(b) }, caller.userId);
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
    await addComments(trx, { tenantId: b.tenantId as number | null, projectId: b.id, revision }, level.level, caller.userId, req.comments);
    await addEvent(trx, { tenantId: b.tenantId as number | null, projectId: b.id, revision, action: 'return', from, to: 'draft', userId: caller.userId, note: `${req.comments.length} 条意见` });
    await notifyUsers(trx, calcPeople(b), { kind: 'review', title: `单体「${b.name}」被${level.title}退回`, content: `${named(b)}被${level.role}退回，共 ${req.comments.length} 条意见，请处理后重新提交。`, link: link(b) }, caller.userId);
  });
}

/** A signed revision's successor: a copy of its signed state (rows and results) as the next revision, 编制中. */
export async function revise(db: Db, caller: Caller, projectId: number): Promise<ApiRecord> {
  const { b } = await db.transaction().execute((trx) => load(db, trx, caller, projectId));
  if (!calcPeople(b).includes(caller.userId)) throw refused(`只有${CALC_ROLE}（创建人或协作人）可以新建修订版`);
  if (stateOf(b) !== 'approved') throw refused(`${inState(b)}，审定后才能新建修订版`);
  const revision = nextRevision(String(b.revision || 'A'));
  // the successor keeps the name, the collaborators (the source's creator among them) and the signers
  const team = [...new Set([...calcPeople(b)].filter((id) => id !== caller.userId))].join(';');
  return copyBuilding(db, caller, projectId, { name: b.name, userId: team, revision, revisionOf: b.id, reviewState: 'draft', reportNo: null }, async (trx, id) => {
    await addEvent(trx, { tenantId: b.tenantId as number | null, projectId: id, revision, action: 'revise', from: 'approved', to: 'draft', userId: caller.userId, note: `由修订版 ${b.revision || 'A'}（报告 ${b.reportNo ?? ''}）新建` });
  });
}
