// The session user object of login and currentUser: name, userId, avatar, isTrial, isAdmin,
// createDay, companyName, roleList, tenantId (+ token on login), and for the account page and the navbar the
// profile fields, whether the password must be changed first and the trial's days left.
import { trialStatus } from './trial';
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
  phone: string;
  email: string;
  /** 1 设计院 … 5 业主, '' when not chosen. */
  userType: string;
  /** The password was generated or set by an administrator: the client asks for a new one before anything else. */
  mustChangePassword: boolean;
  /** Days left of a trial account's trial; null for other accounts. */
  trialDaysLeft: number | null;
  trialExpired: boolean;
}

export interface UserRow {
  id: number;
  user_name: string;
  name: string;
  photo: string | null;
  auth_flag: number | null;
  status: number | null;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  user_type: string | null;
  role_list: string[] | null;
  tenant_id: number | null;
  create_date: Date;
}

export async function findUserByName(db: Executor, userName: string): Promise<UserRow | undefined> {
  return (await db.selectFrom('sys_user').selectAll().where('user_name', '=', userName).executeTakeFirst()) as
    UserRow | undefined;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return (await db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirst()) as UserRow | undefined;
}

export async function tenantOf(
  db: Executor,
  tenantId: number | null,
): Promise<{ name: string; status: number | null } | undefined> {
  if (tenantId == null) return undefined;
  return (await db
    .selectFrom('sys_tenant')
    .select(['name', 'status'])
    .where('id', '=', tenantId)
    .executeTakeFirst()) as { name: string; status: number | null } | undefined;
}

export async function userInfo(
  db: Executor,
  user: UserRow,
  opts: { trialDays: number; now: number },
): Promise<UserInfo> {
  const { now } = opts;
  const roleList = user.role_list ?? [];
  const tenant = await tenantOf(db, user.tenant_id);
  const cred = (await db
    .selectFrom('sys_credential')
    .select('must_change')
    .where('user_id', '=', user.id)
    .executeTakeFirst()) as { must_change: boolean } | undefined;
  const isTrial = user.auth_flag === 0;
  const trial = isTrial ? trialStatus(user.create_date, opts.trialDays, now) : undefined;
  return {
    name: user.name,
    userId: user.id,
    userName: user.user_name,
    avatar: user.photo ?? '',
    isTrial,
    isAdmin: roleList.includes('admin'),
    createDay: Math.max(0, Math.floor((now - new Date(user.create_date).getTime()) / 86_400_000)),
    companyName: user.company_name || tenant?.name || '',
    roleList,
    tenantId: user.tenant_id,
    phone: user.phone ?? '',
    email: user.email ?? '',
    userType: user.user_type ?? '',
    mustChangePassword: cred?.must_change === true,
    trialDaysLeft: trial ? trial.daysLeft : null,
    trialExpired: trial?.expired ?? false,
  };
}
