// Login rate limiting kept in the database (survives restarts, shared by replicas — DESIGN §9): per account
// 5 failures per 15 min, per IP 20 per 15 min (reference/reliability.md §1.1 A1). Checked before any hashing,
// so a locked account answers 429 even to the right password.
import { sql } from 'kysely';
import type { Executor } from '../db/database';

export const WINDOW_MINUTES = 15;
export const ACCOUNT_LIMIT = 5;
export const IP_LIMIT = 20;
export const TOO_MANY_LOGINS = '登录失败次数过多，请 15 分钟后再试';

export const accountKey = (userName: string) => `user:${userName.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

const windowOpen = sql<boolean>`window_start > now() - make_interval(mins => ${WINDOW_MINUTES})`;

export async function isLocked(db: Executor, userName: string, ip: string): Promise<boolean> {
  const rows = (await db
    .selectFrom('sys_login_failure')
    .select(['key', 'count'])
    .where('key', 'in', [accountKey(userName), ipKey(ip)])
    .where(windowOpen)
    .execute()) as { key: string; count: number }[];
  return rows.some((r) => r.count >= (r.key.startsWith('ip:') ? IP_LIMIT : ACCOUNT_LIMIT));
}

export async function recordFailure(db: Executor, userName: string, ip: string): Promise<void> {
  for (const key of [accountKey(userName), ipKey(ip)]) {
    await sql`
      insert into sys_login_failure (key, count, window_start) values (${key}, 1, now())
      on conflict (key) do update set
        count = case when sys_login_failure.window_start > now() - make_interval(mins => ${WINDOW_MINUTES})
                     then sys_login_failure.count + 1 else 1 end,
        window_start = case when sys_login_failure.window_start > now() - make_interval(mins => ${WINDOW_MINUTES})
                     then sys_login_failure.window_start else now() end`.execute(db);
  }
}

export async function clearAccountFailures(db: Executor, userName: string): Promise<void> {
  await db.deleteFrom('sys_login_failure').where('key', '=', accountKey(userName)).execute();
}
