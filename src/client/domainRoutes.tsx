// Routes of the bespoke domain pages (spec 000 §2, spec 001 §2): engineering management, building lists and
// the building form per module, and the stage pages. Pages are lazy-loaded: the login page never downloads them.
import { lazy, Suspense, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { Loading } from 'react-admin';
import { MODULES } from '../../schemas/standards';

const EngineeringList = lazy(() => import('./engineering/EngineeringList'));
const BuildingList = lazy(() => import('./buildings/BuildingList'));
const BuildingForm = lazy(() => import('./buildings/form/BuildingForm'));
const StagePage = lazy(() => import('./stages/StagePage'));
const ComparePage = lazy(() => import('./results/ComparePage'));

const page = (el: ReactElement) => <Suspense fallback={<Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />}>{el}</Suspense>;

export function domainRoutes(): ReactElement[] {
  return [
    <Route key="manage" path="/project/manage" element={page(<EngineeringList />)} />,
    <Route key="all-list" path="/project/list" element={page(<BuildingList />)} />,
    <Route key="compare" path="/project/compare" element={page(<ComparePage />)} />,
    ...MODULES.flatMap((m) => [
      <Route key={`${m.code}-list`} path={`/${m.code}/project/list`} element={page(<BuildingList module={m.code} />)} />,
      <Route key={`${m.code}-info`} path={`/${m.code}/project/info`} element={page(<BuildingForm module={m.code} />)} />,
      <Route key={`${m.code}-stage`} path={`/${m.code}/:stage`} element={page(<StagePage module={m.code} />)} />,
    ]),
  ];
}
