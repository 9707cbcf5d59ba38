// The sidebar layout for module and system pages: react-admin's Layout with our AppBar, Menu and Sidebar.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { AppSidebar } from './AppSidebar';
import { AppBreadcrumbs } from './AppBreadcrumbs';

export const SidebarLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={AppBar} menu={AppMenu} sidebar={AppSidebar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
    <AppBreadcrumbs />
    {children}
  </Layout>
);
