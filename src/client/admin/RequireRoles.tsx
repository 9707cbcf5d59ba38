// A bespoke page only some roles may open (e.g. /sys/cache for the super admin): others see the page's title and
// 没有权限，拒绝访问! instead of a page whose calls the server would refuse.
import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import type { RoleCode } from '../../../schemas/types';
import { hasAnyRole } from '../session/roles';
import { MSG } from '../constants';
import { useCurrentUser } from '../session/useCurrentUser';
import { PageHeading } from './PageHeading';

interface Props {
  roles: readonly RoleCode[];
  /** The page's title, kept as its heading when the page is refused. */
  title: string;
  children: ReactNode;
}

export const RequireRoles = ({ roles, title, children }: Props) => {
  const user = useCurrentUser();
  if (!user) return null;
  if (!hasAnyRole(user.roleList, roles))
    return (
      <>
        <PageHeading title={title} />
        <Alert severity="error" sx={{ my: 2 }}>
          {MSG.forbidden}
        </Alert>
      </>
    );
  return <>{children}</>;
};
