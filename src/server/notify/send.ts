// 消息通知: what this folder owns — putting notifications in users' inboxes (sysNotify rows, one per
// recipient) when something matters to them, the inbox's own routes (mark read, unread count), and the notices
// administrators send (sysNotice). Every insert is one statement over the recipients, never one per user.
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database';
import { resourceDef } from '../db/registry';

export type NotifyKind = 'collaborator' | 'import' | 'factor' | 'feedback' | 'notice' | 'review';

export interface Message {
  title: string;
  content: string;
  kind: NotifyKind;
  /** A client route the notification opens. */
  link?: string | null;
}

/** Sends `m` to the enabled users matching `who`; answers how many received it. */
async function sendWhere(ex: Executor, who: RawBuilder<unknown>, m: Message, from: number | null): Promise<number> {
  const inbox = resourceDef('sysNotify').table;
  const r = await sql<{ id: number }>`
    insert into ${sql.table(inbox)} (title, content, kind, link, user_id, read_flag, tenant_id, create_by)
    select ${m.title.slice(0, 100)}::text, ${m.content.slice(0, 2000)}::text, ${m.kind}::text, ${m.link ?? null}::text, u.id, 0, u.tenant_id, ${from}::integer
    from sys_user u where coalesce(u.status, 1) = 1 and ${who}
    returning id`.execute(ex);
  return r.rows.length;
}

/** To these users (ids of disabled or unknown users are skipped). */
export async function notifyUsers(
  ex: Executor,
  userIds: Iterable<number>,
  m: Message,
  from: number | null = null,
): Promise<number> {
  const ids = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!ids.length) return 0;
  return sendWhere(ex, sql`u.id in (${sql.join(ids)})`, m, from);
}

/** To every user of a tenant, or to every user at all when `tenantId` is null. */
export async function notifyTenant(
  ex: Executor,
  tenantId: number | null,
  m: Message,
  from: number | null = null,
): Promise<number> {
  return sendWhere(ex, tenantId == null ? sql`true` : sql`u.tenant_id = ${tenantId}`, m, from);
}

/** '2;5;7' → [2, 5, 7] (the collaborators of a building are stored joined with ';'). */
export function userIdList(joined: unknown): number[] {
  return String(joined ?? '')
    .split(';')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** The display names of users by id (one query). */
export async function userNames(ex: Executor, ids: Iterable<number>): Promise<Map<number, string>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Map();
  const rows = await ex.selectFrom('sys_user').select(['id', 'name']).where('id', 'in', list).execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.name ?? '')]));
}
