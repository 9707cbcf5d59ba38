// react-admin's `layout`: every authenticated route renders inside it, and it picks the header layout for
// the home/maintenance/404 routes and the sidebar layout for everything else. Until the user is
// known nothing renders; a user who must change the initial password sees only that dialog, so no
// page behind it calls the API the server would refuse.
import type { ReactNode } from 'react';
import { useGetIdentity } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { CurrentUser } from '../session/roles';
import { MustChangePassword } from '../account/MustChangePassword';
import { HeaderLayout } from './HeaderLayout';
import { SidebarLayout } from './SidebarLayout';
import { isHeaderRoute } from './routeMeta';

export const AppLayout = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const { identity, isPending } = useGetIdentity();
  if (isPending) return null;
  if ((identity as unknown as CurrentUser | undefined)?.mustChangePassword) return <MustChangePassword />;
  return isHeaderRoute(pathname) ? <HeaderLayout>{children}</HeaderLayout> : <SidebarLayout>{children}</SidebarLayout>;
};

export default AppLayout;
