// Routes of the bespoke domain pages: engineering management, building lists and the building form per module,
// the stage pages, and the shell's own pages: notifications, feedback, version notes, application extensions and
// the cache page; BIM import (/bim); budget-file import (/bill); the decision tools (/decide); 校审 (/review).
// Pages are lazy-loaded: the login page never downloads them.
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage as page } from './admin/lazyPage';
import { MODULES } from '../../schemas/standards';
import { EPD_IMPORT_PATH, RESULT_ROUTE, VERSIONS_PATH } from './factors/routes';
import { EpdImportButton } from './factors/epd/EpdImportButton';

const EngineeringList = lazy(() => import('./engineering/EngineeringList'));
const BuildingList = lazy(() => import('./buildings/BuildingList'));
const BuildingForm = lazy(() => import('./buildings/form/BuildingForm'));
const StagePage = lazy(() => import('./stages/StagePage'));
const ComparePage = lazy(() => import('./results/ComparePage'));
const ResultRoute = lazy(() => import('./results/ResultRoute'));
const NotifyPage = lazy(() => import('./notify/NotifyPage'));
const NoticeCreate = lazy(() => import('./notify/NoticeCreate'));
const FeedbackPage = lazy(() => import('./feedback/FeedbackPage'));
const FeedbackAdminPage = lazy(() => import('./feedback/FeedbackAdminPage'));
const TimelinePage = lazy(() => import('./help/TimelinePage'));
const ApplyPage = lazy(() => import('./apply/ApplyPage'));
const CachePage = lazy(() => import('./cacheAdmin/CachePage'));
const BackupPage = lazy(() => import('./backup/BackupPage'));
const BimPage = lazy(() => import('./bim/BimPage'));
const BudgetPage = lazy(() => import('./budget/BudgetPage'));
const DecidePage = lazy(() => import('./decide/DecidePage'));
const ReviewPage = lazy(() => import('./review/ReviewPage'));
const OpenResult = lazy(() => import('./results/OpenResult'));
const FactorVersionsPage = lazy(() => import('./factors/FactorVersionsPage'));
const EpdImportPage = lazy(() => import('./factors/epd/EpdImportPage'));
const EpdPanel = lazy(() => import('./factors/epd/EpdPanel'));

/**
 * Bespoke pages that take the place of a schema resource's generic page, and the parts its generic pages add
 * (schemaRoutes mounts them at its route): the factor library's 导入EPD and the 「EPD 数据」 of a factor from an EPD.
 */
export const bespokeSchemaPages = {
  sysNotice: { create: page(<NoticeCreate />) },
  tpf3BuildMaterial: { listAction: <EpdImportButton />, editPanel: page(<EpdPanel />) },
};

export function domainRoutes(): ReactElement[] {
  return [
    <Route key="manage" path="/project/manage" element={page(<EngineeringList />)} />,
    <Route key="all-list" path="/project/list" element={page(<BuildingList />)} />,
    <Route key="compare" path="/project/compare" element={page(<ComparePage />)} />,
    <Route key="notify" path="/notify" element={page(<NotifyPage />)} />,
    <Route key="feedback" path="/feedback" element={page(<FeedbackPage />)} />,
    <Route key="sys-feedback" path="/sys/feedback" element={page(<FeedbackAdminPage />)} />,
    <Route key="sys-cache" path="/sys/cache" element={page(<CachePage />)} />,
    <Route key="sys-backup" path="/sys/backup" element={page(<BackupPage />)} />,
    <Route key="timeline" path="/timeline" element={page(<TimelinePage />)} />,
    <Route key="apply" path="/apply/project" element={page(<ApplyPage />)} />,
    <Route key="bim" path="/bim" element={page(<BimPage />)} />,
    <Route key="bill" path="/bill" element={page(<BudgetPage />)} />,
    <Route key="decide" path="/decide" element={page(<DecidePage />)} />,
    <Route key="review" path="/review" element={page(<ReviewPage />)} />,
    <Route key="factor-result" path={RESULT_ROUTE} element={page(<OpenResult />)} />,
    <Route key="factor-versions" path={VERSIONS_PATH} element={page(<FactorVersionsPage />)} />,
    <Route key="epd-import" path={EPD_IMPORT_PATH} element={page(<EpdImportPage />)} />,
    ...MODULES.flatMap((m) => [
      <Route
        key={`${m.code}-list`}
        path={`/${m.code}/project/list`}
        element={page(<BuildingList module={m.code} />)}
      />,
      <Route
        key={`${m.code}-info`}
        path={`/${m.code}/project/info`}
        element={page(<BuildingForm module={m.code} />)}
      />,
      // the result and compare pages outrank /:stage (static segments win in react-router)
      <Route key={`${m.code}-result`} path={`/${m.code}/result`} element={page(<ResultRoute module={m.code} />)} />,
      <Route key={`${m.code}-compare`} path={`/${m.code}/compare`} element={page(<ComparePage module={m.code} />)} />,
      <Route key={`${m.code}-stage`} path={`/${m.code}/:stage`} element={page(<StagePage module={m.code} />)} />,
    ]),
  ];
}
