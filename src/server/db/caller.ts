// Who is asking: every repository call carries it, and scope.ts decides from it what the caller may see.
export interface Caller {
  userId: number;
  tenantId: number | null;
  /** Role codes from the user's roleList (admin, groupAdmin, dataAdmin); empty for a plain group user. */
  roles: readonly string[];
  /** Super admin: roleList includes 'admin'. */
  isAdmin: boolean;
}

/** The seeding and maintenance identity: a super admin without a user row. */
export const SYSTEM_CALLER: Caller = { userId: 0, tenantId: null, roles: ['admin'], isAdmin: true };
