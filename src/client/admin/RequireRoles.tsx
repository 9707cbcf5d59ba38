// A bespoke page only some roles may open (e.g. /sys/cache for the super admin): others see 没有权限，拒绝访问!
// instead of a page whose calls the server would refuse.
import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import type { RoleCode } from '../../../schemas/types';
import { hasAnyRole } from '../session/roles';
import { MSG } from '../constants';
import { useCurrentUser } from '../session/useCurrentUser';

export const RequireRoles = ({ roles, children }: { roles: readonly RoleCode[]; children: ReactNode }) => {
  const user = useCurrentUser();
  if (!user) return null;
  if (!hasAnyRole(user.roleList, roles)) return <Alert severity="error" sx={{ m: 2 }}>{MSG.forbidden}</Alert>;
  return <>{children}</>;
};
