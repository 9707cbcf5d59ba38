// The session user object of login and currentUser (spec 001 §3): name, userId, avatar, isTrial, isAdmin,
// createDay, companyName, roleList, tenantId (+ token on login).
import type { Executor } from '../db/database';

export interface UserInfo {
  name: string;
  userId: number;
  userName: string;
  avatar: string;
  /** authFlag 0 = trial account. */
  isTrial: boolean;
  /** roleList includes 'admin'. */
  isAdmin: boolean;
  /** Whole days since the account was created. */
  createDay: number;
  companyName: string;
  roleList: string[];
  tenantId: number | null;
}

export interface UserRow {
  id: number;
  user_name: string;
  name: string;
  photo: string | null;
  auth_flag: number | null;
  status: number | null;
  company_name: string | null;
  role_list: string[] | null;
  tenant_id: number | null;
  create_date: Date;
}

export async function findUserByName(db: Executor, userName: string): Promise<UserRow | undefined> {
  return (await db.selectFrom('sys_user').selectAll().where('user_name', '=', userName).executeTakeFirst()) as UserRow | undefined;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return (await db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirst()) as UserRow | undefined;
}

export async function tenantOf(db: Executor, tenantId: number | null): Promise<{ name: string; status: number | null } | undefined> {
  if (tenantId == null) return undefined;
  return (await db.selectFrom('sys_tenant').select(['name', 'status']).where('id', '=', tenantId).executeTakeFirst()) as
    | { name: string; status: number | null }
    | undefined;
}

export async function userInfo(db: Executor, user: UserRow, now = Date.now()): Promise<UserInfo> {
  const roleList = user.role_list ?? [];
  const tenant = await tenantOf(db, user.tenant_id);
  return {
    name: user.name,
    userId: user.id,
    userName: user.user_name,
    avatar: user.photo ?? '',
    isTrial: user.auth_flag === 0,
    isAdmin: roleList.includes('admin'),
    createDay: Math.max(0, Math.floor((now - new Date(user.create_date).getTime()) / 86_400_000)),
    companyName: user.company_name || tenant?.name || '',
    roleList,
    tenantId: user.tenant_id,
  };
}
