// Route facts in one place: which module a route belongs to (the navbar shows its name), which routes use
// the header layout, and each page's title for the breadcrumbs.
import { moduleDef } from '../../../schemas/standards';
import { routedResources } from '../registry';
import { isModuleStage, RESULT_PAGES, stageTitle } from '../buildings/wizard';
import { EPD_IMPORT_PATH } from '../factors/routes';

export const MODULE_NAMES: Record<string, string> = {
  estimate: '建筑碳排放估算',
  budget: '建筑碳排放概预算',
  accounting: '建筑碳排放核算',
  apply: '应用拓展',
  sys: '系统管理',
};

/** Routes shown in the header layout (top bar, no sidebar); everything else uses the sidebar layout. */
export const HEADER_ROUTES = ['/dashboard', '/hold-on/index', '/404'];

const STATIC_TITLES: Record<string, string> = {
  '/dashboard': '首页',
  '/hold-on/index': '系统维护中',
  '/404': '页面未找到',
  // bespoke common pages
  '/project/list': '单体建筑列表',
  '/project/manage': '项目管理',
  '/project/compare': '统计分析',
  '/bim': 'BIM模型',
  '/bill': '预算文件导入',
  '/decide': '决策分析',
  '/review': '校审',
  '/userinfo': '账号管理',
  '/apply/project': '应用拓展',
  '/notify': '消息通知',
  '/feedback': '问题反馈',
  '/timeline': '版本说明',
  // bespoke system pages
  '/sys/cache': '缓存管理',
  '/sys/backup': '数据备份',
  '/sys/feedback': '问题反馈',
};

/** Bespoke pages under a resource's route: the list, then the page (not 编辑). */
const SUB_PAGES: Record<string, string> = { [EPD_IMPORT_PATH]: '导入EPD' };

export interface ModuleInfo {
  code: string;
  name: string;
}

export function moduleOf(pathname: string): ModuleInfo | undefined {
  const code = pathname.split('/')[1] ?? '';
  const name = MODULE_NAMES[code];
  return name ? { code, name } : undefined;
}

export const isHeaderRoute = (pathname: string) => HEADER_ROUTES.includes(pathname.replace(/\/+$/, '') || '/');

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * A calculation module's page: the module name, then 单体建筑列表 (linked from deeper pages), then the page —
 * 建筑概况 / 项目信息, the stage's title from schemas/standards.ts, 计算结果 or 建筑对比.
 */
function moduleCrumbs(path: string): Crumb[] | undefined {
  const [, code = '', ...rest] = path.split('/');
  const m = moduleDef(code);
  if (!m) return undefined;
  const sub = rest.join('/');
  const head: Crumb = { label: m.name };
  const list: Crumb = { label: '单体建筑列表', to: `/${m.code}/project/list` };
  if (sub === 'project/list') return [head, { label: list.label }];
  if (sub === 'project/info') return [head, list, { label: m.code === 'accounting' ? '建筑概况' : '项目信息' }];
  if (RESULT_PAGES[sub] || isModuleStage(m.code, sub)) return [head, list, { label: stageTitle(m.code, sub) }];
  return [];
}

/** Breadcrumbs after 首页: the page, and for a form page the list then 新增/编辑. */
export function crumbsOf(pathname: string): Crumb[] {
  const path = pathname.replace(/\/+$/, '');
  if (STATIC_TITLES[path]) return path === '/dashboard' ? [] : [{ label: STATIC_TITLES[path] }];
  const inModule = moduleCrumbs(path);
  if (inModule) return inModule;
  // the longest matching route: /divisor/lookup is its own page, not an edit page of /divisor
  const r = routedResources
    .filter((res) => path === res.route || path.startsWith(`${res.route}/`))
    .sort((a, b) => b.route!.length - a.route!.length)[0];
  if (!r) return [];
  if (path === r.route) return [{ label: r.title }];
  const rest = path.slice(r.route!.length + 1);
  return [{ label: r.title, to: r.route }, { label: SUB_PAGES[path] ?? (rest === 'create' ? '新增' : '编辑') }];
}
