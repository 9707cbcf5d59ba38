// Pages (and the shell) loaded on their first visit with React.lazy, so the login page downloads none of them:
// lazyPage shows react-admin's loading text while a page's chunk comes.
import { Suspense, type ReactElement } from 'react';
import { Loading } from 'react-admin';

export const LOADING_TEXT = '正在加载, 请稍候...';

export const lazyPage = (el: ReactElement) => (
  <Suspense fallback={<Loading loadingPrimary={LOADING_TEXT} loadingSecondary="" />}>{el}</Suspense>
);
