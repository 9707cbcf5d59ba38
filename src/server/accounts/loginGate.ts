// Failed logins, counted in the database (survives restarts, shared by replicas — DESIGN §9) per account and
// per address in a 15-minute window. An account is never locked by failures: after login.sliderAfterFailures
// failures for the account or the address, a login needs the slider check (issue 8 §7). An address with 20
// failures in the window is refused (429) whatever it sends (password spraying).
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import type { Settings } from '../settings/settings';

export const WINDOW_MINUTES = 15;
export const IP_LIMIT = 20;
export const TOO_MANY_LOGINS = '登录失败次数过多，请 15 分钟后再试';

export const accountKey = (userName: string) => `user:${userName.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

const windowOpen = sql<boolean>`window_start > now() - make_interval(mins => ${WINDOW_MINUTES})`;

/** Failures in the open window for the account and the address. */
export async function failureCounts(db: Executor, userName: string, ip: string): Promise<{ account: number; ip: number }> {
  const rows = (await db
    .selectFrom('sys_login_failure')
    .select(['key', 'count'])
    .where('key', 'in', [accountKey(userName), ipKey(ip)])
    .where(windowOpen)
    .execute()) as { key: string; count: number }[];
  const of = (k: string) => rows.find((r) => r.key === k)?.count ?? 0;
  return { account: of(accountKey(userName)), ip: of(ipKey(ip)) };
}

/** Whether the next login for this account from this address needs the slider. */
export async function loginNeedsSlider(settings: Settings, counts: { account: number; ip: number }): Promise<boolean> {
  if ((await settings.get('login.slider')) === 'off') return false;
  const after = await settings.int('login.sliderAfterFailures');
  return Math.max(counts.account, counts.ip) >= after;
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
