// The account routes: /userinfo inside <Admin> (lazy-loaded: the login page never downloads it), and the public
// /register and /reset-password, mounted by App.tsx outside <Admin> so they work without a token.
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../admin/lazyPage';
import { publicPage } from './PublicPage';

const AccountPage = lazy(() => import('./AccountPage'));
const RegisterPage = lazy(() => import('./RegisterPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));

export const ACCOUNT_ROUTE = '/userinfo';

export function accountRoutes(): ReactElement[] {
  return [<Route key="userinfo" path={ACCOUNT_ROUTE} element={lazyPage(<AccountPage />)} />];
}

/** Routes outside <Admin>: no token needed, no react-admin context. */
export function publicRoutes(): ReactElement[] {
  return [
    <Route key="register" path="/register" element={publicPage(<RegisterPage />)} />,
    <Route key="reset" path="/reset-password" element={publicPage(<ResetPasswordPage />)} />,
  ];
}
