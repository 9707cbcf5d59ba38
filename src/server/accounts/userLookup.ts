// Finding the account behind a login: by user name, or by phone for SMS login and password reset, and whether
// it may log in (the user and their tenant are enabled).
import type { Executor } from '../db/database';
import { findUserByName, tenantOf, type UserRow } from '../auth/userInfo';

export { findUserByName };

/** The one account with this phone; undefined when none (or, from before phones were unique, several). */
export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const rows = (await db.selectFrom('sys_user').selectAll().where('phone', '=', phone).limit(2).execute()) as UserRow[];
  return rows.length === 1 ? rows[0] : undefined;
}

export async function canLogIn(db: Executor, user: UserRow): Promise<boolean> {
  if (user.status === 0) return false;
  if (user.tenant_id == null) return true;
  const tenant = await tenantOf(db, user.tenant_id);
  return tenant !== undefined && tenant.status !== 0;
}
