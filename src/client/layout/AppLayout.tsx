// react-admin's `layout`: every authenticated route renders inside it, and it picks the header layout for
// the home/maintenance/404 routes and the sidebar layout for everything else (spec 001 §2).
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { HeaderLayout } from './HeaderLayout';
import { SidebarLayout } from './SidebarLayout';
import { isHeaderRoute } from './routeMeta';

export const AppLayout = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  return isHeaderRoute(pathname) ? <HeaderLayout>{children}</HeaderLayout> : <SidebarLayout>{children}</SidebarLayout>;
};
