// The public verify page's route (a frozen report's QR code leads here), mounted by App.tsx outside
// <Admin> beside the account pages so it works without a token.
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { publicPage } from '../account/PublicPage';

const VerifyPage = lazy(() => import('./VerifyPage'));

export const verifyRoute = (): ReactElement => (
  <Route key="verify" path="/verify/:reportNo" element={publicPage(<VerifyPage />)} />
);
