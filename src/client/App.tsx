// The application: react-admin <Admin> with our providers, the zh-CN i18n, the theme, the login page, the
// two layouts (AppLayout picks one per route) and the routes that exist so far. The public
// account pages (/register, /reset-password) and the report verify page (/verify/:reportNo) are routes BESIDE <Admin>:
// with requireAuth every route inside it needs a token. The shell and every page behind the login are lazy-loaded
// (admin/lazyPage.tsx): the login page downloads only what its form needs (measured by bench loginjs).
import { lazy, type ReactNode } from 'react';
import {
  Admin,
  CustomRoutes,
  localStorageStore,
  Notification,
  type DataProvider,
  type AuthProvider,
} from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { APP_TITLE, NOTIFY_AUTO_HIDE_MS } from './constants';
import { i18nProvider } from './i18n';
import { theme } from './theme';
import { createDataProvider } from './providers/dataProvider';
import { createAuthProvider } from './providers/authProvider';
import { LoginPage } from './auth/LoginPage';
import { lazyPage } from './admin/lazyPage';
import { HomeRedirect, NotFoundRedirect } from './pages/redirects';
import { AccessDenied } from './pages/AccessDenied';
import { schemaRoutes } from './admin/schemaRoutes';
import { bespokeSchemaPages, domainRoutes } from './domainRoutes';
import { accountRoutes, publicRoutes } from './account/routes';
import { verifyRoute } from './review/verifyRoute';

const Layout = lazy(() => import('./layout/AppLayout'));
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const NotFound = lazy(() => import('./pages/NotFound'));
const HoldOn = lazy(() => import('./pages/HoldOn'));

const AppLayout = ({ children }: { children: ReactNode }) => lazyPage(<Layout>{children}</Layout>);
const AppNotification = () => <Notification autoHideDuration={NOTIFY_AUTO_HIDE_MS} />;

export interface AppProps {
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
}

const defaultDataProvider = createDataProvider();
const defaultAuthProvider = createAuthProvider();

// Clean URLs (/divisor, /login?redirect=…) as the spec writes them, not react-admin's default hash router:
// the server answers index.html for any non-API path (SPA fallback).
export const App = ({ dataProvider = defaultDataProvider, authProvider = defaultAuthProvider }: AppProps) => (
  <BrowserRouter>
    <Routes>
      {publicRoutes()}
      {verifyRoute()}
      <Route path="*" element={<AdminApp dataProvider={dataProvider} authProvider={authProvider} />} />
    </Routes>
  </BrowserRouter>
);

const AdminApp = ({ dataProvider, authProvider }: Required<AppProps>) => (
  <Admin
    title={APP_TITLE}
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    theme={theme}
    store={localStorageStore(undefined, 'tansuan')}
    loginPage={LoginPage}
    layout={AppLayout}
    dashboard={HomeRedirect}
    catchAll={NotFoundRedirect}
    accessDenied={AccessDenied}
    notification={AppNotification}
    requireAuth
    disableTelemetry
  >
    <CustomRoutes>
      <Route path="/dashboard" element={lazyPage(<Dashboard />)} />
      <Route path="/hold-on/index" element={lazyPage(<HoldOn />)} />
      <Route path="/404" element={lazyPage(<NotFound />)} />
      {schemaRoutes(bespokeSchemaPages)}
      {domainRoutes()}
      {accountRoutes()}
    </CustomRoutes>
  </Admin>
);

export default App;
