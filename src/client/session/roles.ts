// Roles and their labels. 'user' in a schema's read/write list means any logged-in user.
import type { RoleCode } from '../../../schemas/types';

export interface CurrentUser {
  name: string;
  userId: number | string;
  userName?: string;
  avatar?: string | null;
  isTrial?: boolean;
  isAdmin?: boolean;
  createDay?: number | string | null;
  companyName?: string | null;
  roleList?: string[];
  tenantId?: number | string | null;
  phone?: string | null;
  email?: string | null;
  /** '1'..'5' (设计院, 施工单位, 房地产企业, 工程咨询单位, 业主) or ''. */
  userType?: string | null;
  /** A generated or administrator-set password: the user must set their own before anything else. */
  mustChangePassword?: boolean;
  /** Days left of a trial account (null unless isTrial). */
  trialDaysLeft?: number | null;
  trialExpired?: boolean;
}

export function hasAnyRole(roleList: readonly string[] | undefined, allowed: readonly RoleCode[]): boolean {
  if (allowed.includes('user')) return true;
  return (roleList ?? []).some((r) => (allowed as readonly string[]).includes(r));
}

/** The system menu is shown only to admin and groupAdmin. */
export const canSeeSystemMenu = (roleList: readonly string[] | undefined) =>
  hasAnyRole(roleList, ['admin', 'groupAdmin']);

/** trial → 普通用户; admin → 超级管理员; groupAdmin → 集团管理员; otherwise 集团用户. */
export function roleLabel(user: Pick<CurrentUser, 'isTrial' | 'roleList'> | undefined): string {
  if (!user) return '';
  if (user.isTrial) return '普通用户';
  const roles = user.roleList ?? [];
  if (roles.includes('admin')) return '超级管理员';
  if (roles.includes('groupAdmin')) return '集团管理员';
  return '集团用户';
}
