// The sidebar layout for module and system pages: react-admin's Layout with our AppBar, Menu and Sidebar, the
// breadcrumbs above the page and the footer below it.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppFooter } from '../help/AppFooter';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { AppSidebar } from './AppSidebar';
import { AppBreadcrumbs } from './AppBreadcrumbs';

export const SidebarLayout = ({ children }: { children: ReactNode }) => (
  <Layout
    appBar={AppBar}
    menu={AppMenu}
    sidebar={AppSidebar}
    sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
  >
    <AppBreadcrumbs />
    {children}
    <AppFooter />
  </Layout>
);
