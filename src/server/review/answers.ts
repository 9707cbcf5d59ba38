// What the 校审 routes answer: a revision's sign-off as its page shows it — the chain with names and
// dates, the flags a submission acknowledges, the steps and comments, what the caller may do — and 待我校审.
import {
  CALC_ROLE,
  LEVELS,
  levelIn,
  levelsOf,
  type ChainStep,
  type ReviewAnswer,
  type ReviewEvent,
  type ReviewState,
  type WaitingBuilding,
} from '../../../schemas/review';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { columnName } from '../db/naming';
import type { ApiRecord } from '../db/record';
import { userNames } from '../notify/send';
import { resourceDef } from '../db/registry';
import { canReassign, resultFlags } from './flow';
import { calcPeople, revisionPolicy, signerOf } from './people';
import { reviewRecords } from './store';
import { drawingOf, frozenInfo } from './frozenStore';

export async function reviewAnswer(db: Db, caller: Caller, b: ApiRecord): Promise<ReviewAnswer> {
  const policy = await revisionPolicy(db, b);
  const { events, comments } = await reviewRecords(db, b.id);
  const levels = levelsOf(policy.levels);
  const names = await userNames(db, [
    ...calcPeople(b),
    ...levels.flatMap((l) => (signerOf(b, l) ? [signerOf(b, l)!] : [])),
  ]);
  const person = (uid: number) => ({ id: uid, name: names.get(uid) ?? '' });
  // a level's signature: its last approval of this revision since the last return (or withdrawal)
  const since =
    events.filter((e) => e.action === 'return' || e.action === 'revise' || e.action === 'withdraw').at(-1)?.id ?? 0;
  const signing = (action: string, from: string) =>
    events.filter((e) => e.id > since && e.action === action && e.fromState === from).at(-1);
  const state = String(b.reviewState || 'draft') as ReviewState;
  // a level that signed is named as its signer was at that moment (实名（账号）, kept in the step), whatever the
  // person's names are now or whoever is named for the level since; one yet to sign by the people named for it
  const submitted = state === 'draft' ? undefined : signing('submit', 'draft');
  const signedBy = (e: ReviewEvent) => e.signer ?? e.user;
  const chain: ChainStep[] = [
    {
      level: 'calc',
      title: '计算',
      role: CALC_ROLE,
      people: submitted?.team ?? calcPeople(b).map(person),
      signedAt: submitted?.createDate ?? null,
    },
    ...levels.map((l) => {
      const s = signing('approve', l.state);
      return {
        level: l.level,
        title: l.title,
        role: l.role,
        people: s ? [signedBy(s)] : signerOf(b, l) ? [person(signerOf(b, l)!)] : [],
        signedAt: s?.createDate ?? null,
      };
    }),
  ];
  const current = levelIn(state, policy.levels);
  const isCalc = calcPeople(b).includes(caller.userId);
  const report = state === 'approved' ? await frozenInfo(db, b) : null;
  return {
    projectId: b.id,
    name: String(b.name),
    revision: String(b.revision || 'A'),
    revisionOf: (b.revisionOf as number | null) ?? null,
    state,
    reportNo: (b.reportNo as string | null) ?? null,
    report,
    drawing: state === 'approved' && !report ? await drawingOf(db, b) : null,
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
      withdraw: isCalc && state === levels[0].state,
      reassign: state !== 'approved' && canReassign(caller, b),
    },
  };
}

/** 待我校审: the buildings whose current level `userId` signs, the latest changed first. */
export async function waitingFor(db: Db, userId: number): Promise<WaitingBuilding[]> {
  const table = resourceDef('tpf3Project').table;
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name', 'engineering_id', 'compute_method', 'revision', 'review_state'])
    .where((eb) =>
      eb.or(LEVELS.map((l) => eb.and([eb('review_state', '=', l.state), eb(columnName(l.field), '=', userId)]))),
    )
    .orderBy('update_date', 'desc')
    .execute();
  const engs = rows.length
    ? await db
        .selectFrom(resourceDef('tpf3Engineering').table)
        .select(['id', 'name'])
        .where(
          'id',
          'in',
          rows.map((x) => Number(x.engineering_id)),
        )
        .execute()
    : [];
  const engName = new Map(engs.map((e) => [Number(e.id), String(e.name)]));
  const submitted = rows.length
    ? await db
        .selectFrom('tpf3_review_event')
        .select(['project_id', (eb) => eb.fn.max('create_date').as('at')])
        .where(
          'project_id',
          'in',
          rows.map((x) => Number(x.id)),
        )
        .where('action', '=', 'submit')
        .groupBy('project_id')
        .execute()
    : [];
  const at = new Map(
    submitted.map((s) => [Number(s.project_id), s.at instanceof Date ? s.at.toISOString() : String(s.at)]),
  );
  return rows.map((x) => ({
    id: Number(x.id),
    name: String(x.name),
    engineeringName: engName.get(Number(x.engineering_id)) ?? '',
    computeMethod: String(x.compute_method),
    revision: String(x.revision || 'A'),
    state: x.review_state as ReviewState,
    role: LEVELS.find((l) => l.state === x.review_state)!.role,
    submittedAt: at.get(Number(x.id)) ?? null,
  }));
}
