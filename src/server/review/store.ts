// What a building's sign-off keeps besides its own fields: the steps (tpf3_review_event: who moved the
// revision from which state to which, when, with the flags they acknowledged), the signers' comments
// (tpf3_review_comment: open → resolved by 计算人 → closed by their author) and the report numbers of each prefix.
import { sql } from 'kysely';
import {
  signerLabel,
  type ReviewComment,
  type ReviewCommentInput,
  type ReviewEvent,
  type ReviewState,
  type SignLevel,
} from '../../../schemas/review';
import type { Executor } from '../db/database';
import { userNames } from '../notify/send';
import { resources } from '../db/registry';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

export interface EventInput {
  tenantId: number | null;
  projectId: number;
  revision: string;
  action: ReviewEvent['action'];
  from: ReviewState;
  to: ReviewState;
  userId: number;
  note?: string | null;
  acknowledgements?: { text: string; reason: string }[] | null;
  /** a signing step (submit, approve): the signer as he is named at this moment, kept whatever he later becomes */
  signer?: { account: string; realName: string | null };
  /** a submission: every 计算人 as named at this moment (the 计算 line of the 签署页) */
  team?: { id: number; account: string; realName: string | null }[];
  /** a reassignment: the level and its signer before → after */
  level?: SignLevel;
  fromUserId?: number | null;
  toUserId?: number;
}

export async function addEvent(ex: Executor, e: EventInput): Promise<void> {
  await ex
    .insertInto('tpf3_review_event')
    .values({
      tenant_id: e.tenantId,
      project_id: e.projectId,
      revision: e.revision,
      action: e.action,
      from_state: e.from,
      to_state: e.to,
      user_id: e.userId,
      note: e.note ?? null,
      acknowledgements: e.acknowledgements ? JSON.stringify(e.acknowledgements) : null,
      signer_account: e.signer?.account ?? null,
      signer_name: e.signer?.realName ?? null,
      signer_team: e.team ? JSON.stringify(e.team) : null,
      level: e.level ?? null,
      from_user_id: e.fromUserId ?? null,
      to_user_id: e.toUserId ?? null,
    })
    .execute();
}

export async function addComments(
  ex: Executor,
  b: { tenantId: number | null; projectId: number; revision: string },
  level: SignLevel,
  authorId: number,
  comments: ReviewCommentInput[],
): Promise<void> {
  await ex
    .insertInto('tpf3_review_comment')
    .values(
      comments.map((c) => ({
        tenant_id: b.tenantId,
        project_id: b.projectId,
        revision: b.revision,
        stage: c.stage ?? null,
        row_id: c.rowId ?? null,
        content: c.content,
        level,
        author_id: authorId,
      })),
    )
    .execute();
}

/** One building's events and comments, oldest first, with the people's names. */
export async function reviewRecords(
  ex: Executor,
  projectId: number,
): Promise<{ events: ReviewEvent[]; comments: ReviewComment[] }> {
  const [events, comments] = await Promise.all([
    ex
      .selectFrom('tpf3_review_event')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute() as Promise<Row[]>,
    ex
      .selectFrom('tpf3_review_comment')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute() as Promise<Row[]>,
  ]);
  const names = await userNames(ex, [
    ...events.map((e) => Number(e.user_id)),
    ...comments.flatMap((c) => [Number(c.author_id), Number(c.resolved_by)].filter(Boolean)),
  ]);
  const where = await commentTargets(ex, projectId, comments);
  const person = (id: unknown) => ({ id: Number(id), name: names.get(Number(id)) ?? '' });
  const json = <T>(v: unknown): T | null => (v == null ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as T));
  return {
    events: events.map((e) => ({
      id: Number(e.id),
      action: e.action as ReviewEvent['action'],
      fromState: e.from_state as ReviewState,
      toState: e.to_state as ReviewState,
      user: person(e.user_id),
      signer:
        e.signer_account == null
          ? null
          : { id: Number(e.user_id), name: signerLabel(String(e.signer_account), e.signer_name as string | null) },
      team:
        json<{ id: number; account: string; realName: string | null }[]>(e.signer_team)?.map((m) => ({
          id: m.id,
          name: signerLabel(m.account, m.realName),
        })) ?? null,
      note: (e.note as string | null) ?? null,
      acknowledgements: json(e.acknowledgements),
      createDate: iso(e.create_date)!,
    })),
    comments: comments.map((c) => ({
      id: Number(c.id),
      stage: (c.stage as string | null) ?? null,
      rowId: c.row_id == null ? null : Number(c.row_id),
      where: where(c),
      content: String(c.content),
      level: c.level as SignLevel,
      author: person(c.author_id),
      status: c.status as ReviewComment['status'],
      resolveNote: (c.resolve_note as string | null) ?? null,
      resolvedBy: c.resolved_by == null ? null : person(c.resolved_by),
      resolvedAt: iso(c.resolved_at),
      closedAt: iso(c.closed_at),
      createDate: iso(c.create_date)!,
    })),
  };
}

/** A comment's target in words: its stage's title and, for a row, its number in the order entered and its name. */
async function commentTargets(ex: Executor, projectId: number, comments: Row[]): Promise<(c: Row) => string> {
  const rows = new Map<string, Map<number, string>>();
  for (const code of new Set(comments.filter((c) => c.row_id != null).map((c) => String(c.stage)))) {
    const def = resources.find((r) => r.schema['x-stage']?.code === code);
    if (!def) continue;
    const named =
      'materialName' in def.schema.properties ? 'material_name' : 'name' in def.schema.properties ? 'name' : null;
    const list = await ex
      .selectFrom(def.table)
      .select(named ? ['id', `${named} as label`] : ['id'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    rows.set(
      code,
      new Map(list.map((r, i) => [Number(r.id), `第 ${i + 1} 行${r.label ? ` ${String(r.label)}` : ''}`])),
    );
  }
  return (c) => {
    if (!c.stage) return '整个单体';
    const title =
      resources.find((r) => r.schema['x-stage']?.code === c.stage)?.schema['x-stage']?.title ?? String(c.stage);
    if (c.row_id == null) return title;
    return `${title} ${rows.get(String(c.stage))?.get(Number(c.row_id)) ?? '（该行已删除）'}`;
  };
}

export async function findComment(ex: Executor, id: number): Promise<Row | undefined> {
  return (await ex.selectFrom('tpf3_review_comment').selectAll().where('id', '=', id).executeTakeFirst()) as
    Row | undefined;
}

export async function setComment(ex: Executor, id: number, change: Row): Promise<void> {
  await ex.updateTable('tpf3_review_comment').set(change).where('id', '=', id).execute();
}

/** Comments of a building not yet resolved (they keep a submission back). */
export async function openComments(ex: Executor, projectId: number): Promise<number> {
  const r = await ex
    .selectFrom('tpf3_review_comment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** `level`'s comments the 计算人 resolved: closed by its signer's approval. */
export async function closeResolved(ex: Executor, projectId: number, level: SignLevel, userId: number): Promise<void> {
  await ex
    .updateTable('tpf3_review_comment')
    .set({ status: 'closed', closed_by: userId, closed_at: sql`now()` })
    .where('project_id', '=', projectId)
    .where('level', '=', level)
    .where('status', '=', 'resolved')
    .execute();
}

/**
 * The next report number of the year under `prefix`: PREFIX-2026-0001 (one statement: two approvals never share one;
 * counted per prefix, so tenants given the same prefix never issue the same number).
 */
export async function nextReportNo(ex: Executor, prefix: string, year: number): Promise<string> {
  const r = await sql<{ last: number }>`
    insert into tpf3_report_no_seq (prefix, year, last) values (${prefix}, ${year}, 1)
    on conflict (prefix, year) do update set last = tpf3_report_no_seq.last + 1
    returning last`.execute(ex);
  return `${prefix}-${year}-${String(r.rows[0].last).padStart(4, '0')}`;
}
