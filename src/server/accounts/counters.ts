// Windowed counters in the database (sys_login_failure: key, count, window_start), shared by replicas and kept
// across restarts: failed logins per account and per address, slider challenges per address. A hit is one
// atomic upsert that answers the new count, so a limit holds under any concurrency: the caller reserves its
// place first and only then does the work the limit protects (a password check, drawing a challenge).
import { sql } from 'kysely';
import type { Executor } from '../db/database';

/** Counts one hit on each key (a count older than `windowMinutes` starts again at 1); answers the new counts. */
export async function hit(db: Executor, keys: string[], windowMinutes: number): Promise<Record<string, number>> {
  // keys in a fixed order: two statements locking the same rows lock them alike (no deadlock on PostgreSQL)
  const sorted = [...new Set(keys)].sort();
  const open = sql`sys_login_failure.window_start > now() - make_interval(mins => ${windowMinutes})`;
  const rows = await sql<{ key: string; count: number }>`
    insert into sys_login_failure (key, count, window_start)
    values ${sql.join(sorted.map((k) => sql`(${k}, 1, now())`))}
    on conflict (key) do update set
      count = case when ${open} then sys_login_failure.count + 1 else 1 end,
      window_start = case when ${open} then sys_login_failure.window_start else now() end
    returning key, count`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.key, Number(r.count)]));
}

/** Gives back a hit whose work was not done (the request was refused before it). */
export async function release(db: Executor, keys: string[]): Promise<void> {
  await db
    .updateTable('sys_login_failure')
    .set({ count: sql`greatest(count - 1, 0)` })
    .where('key', 'in', keys)
    .execute();
}

export async function clearCounter(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('sys_login_failure').where('key', '=', key).execute();
}

/** Drops counters idle for a day, so that a flood from many addresses does not grow the table. */
export async function pruneCounters(db: Executor): Promise<void> {
  await db
    .deleteFrom('sys_login_failure')
    .where(sql<boolean>`window_start < now() - interval '1 day'`)
    .execute();
}
