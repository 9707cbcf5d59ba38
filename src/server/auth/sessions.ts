// Server-side sessions in sys_session. "Remember me": 7 days absolute. Otherwise 12 h idle and 12 h absolute
// (the browser drops the token at the end of its session). last_seen_at is touched at most once
// a minute (not while the disk is nearly full: a read must not write then). Logout, disabling and deleting a user
// revoke on the next request.
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { hashToken, newToken } from './tokens';

export const REMEMBER_MS = 7 * 24 * 3600_000;
export const SESSION_MS = 12 * 3600_000;
const TOUCH_MS = 60_000;

export interface SessionUser {
  userId: number;
  tenantId: number | null;
  roleList: string[];
}

export async function createSession(
  db: Executor,
  user: SessionUser,
  opts: { remember: boolean; ip?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  const absolute = new Date(now + (opts.remember ? REMEMBER_MS : SESSION_MS));
  await db
    .insertInto('sys_session')
    .values({
      token_hash: hashToken(token),
      user_id: user.userId,
      tenant_id: user.tenantId,
      remember: opts.remember,
      created_at: new Date(now),
      last_seen_at: new Date(now),
      idle_expires_at: absolute,
      absolute_expires_at: absolute,
      ip: opts.ip ?? null,
      user_agent: opts.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

export interface ActiveSession {
  tokenHash: string;
  userId: number;
  tenantId: number | null;
  roleList: string[];
  /** The password was generated or set by an administrator: it must be changed first. */
  mustChangePassword: boolean;
  isTrial: boolean;
  createDate: Date;
}

/** The live session of a token with its (enabled) user and tenant, or undefined; `touch: false` leaves last_seen_at. */
export async function findSession(
  db: Executor,
  token: string,
  opts: { touch: boolean } = { touch: true },
): Promise<ActiveSession | undefined> {
  const tokenHash = hashToken(token);
  const row = (await db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .leftJoin('sys_tenant as t', 't.id', 'u.tenant_id')
    .leftJoin('sys_credential as c', 'c.user_id', 'u.id')
    .select([
      's.token_hash',
      's.remember',
      's.last_seen_at',
      's.absolute_expires_at',
      'u.id as user_id',
      'u.tenant_id',
      'u.role_list',
      'u.status',
      'u.auth_flag',
      'u.create_date',
      't.status as tenant_status',
      'c.must_change',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.idle_expires_at', '>', sql<Date>`now()`)
    .where('s.absolute_expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()) as
    | {
        remember: boolean;
        last_seen_at: Date;
        absolute_expires_at: Date;
        user_id: number;
        tenant_id: number | null;
        role_list: string[] | null;
        status: number | null;
        auth_flag: number | null;
        create_date: Date;
        tenant_status: number | null;
        must_change: boolean | null;
      }
    | undefined;
  if (!row || row.status === 0 || row.tenant_status === 0) return undefined;
  const now = Date.now();
  if (opts.touch && now - new Date(row.last_seen_at).getTime() > TOUCH_MS) {
    const idle = row.remember
      ? new Date(row.absolute_expires_at)
      : new Date(Math.min(now + SESSION_MS, new Date(row.absolute_expires_at).getTime()));
    await db
      .updateTable('sys_session')
      .set({ last_seen_at: new Date(now), idle_expires_at: idle })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return {
    tokenHash,
    userId: row.user_id,
    tenantId: row.tenant_id,
    roleList: row.role_list ?? [],
    mustChangePassword: row.must_change === true,
    isTrial: row.auth_flag === 0,
    createDate: new Date(row.create_date),
  };
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sys_session').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of the user, except `keep` (the token hash of the session that asked). */
export async function revokeUserSessions(db: Executor, userId: number, keep?: string): Promise<void> {
  let q = db.deleteFrom('sys_session').where('user_id', '=', userId);
  if (keep) q = q.where('token_hash', '<>', keep);
  await q.execute();
}
