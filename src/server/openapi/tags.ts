// Which group (OpenAPI tag) a route belongs to and a short summary, both from its URL: a resource's routes
// (and the special routes below its path) carry the resource's Chinese title from the registry; the routes
// outside every resource path fall into a few named groups.
import { resourceDef, resources } from '../db/registry';

interface Group {
  prefix: string;
  tag: string;
  /** the prefix is a registry resource's path (its generic routes get generic summaries) */
  resource: boolean;
}

// groups outside the resource paths: before the resources (signing in, one's avatar) and after them
const LEADING: [prefix: string, tag: string][] = [
  ['/api/sys/v1/sso', '登录与注册'],
  ['/api/sys/v1/oss', '个人资料'],
];
const TRAILING: [prefix: string, tag: string][] = [
  ['/api/tpf/v1/tpf/tpf3ProjectV', resourceDef('tpf3Project').meta.title],
  ['/api/tpf/v1/tpf/stage', '阶段计算'],
  ['/api/tpf/v1/tpf/template', '导入模板'],
  ['/api/js/v1/js', '计算报告'],
  ['/upload', '文件下载'],
  ['/api/sys/v1/help', '帮助'],
  ['/api/sys/v1/sys/cache', '缓存管理'],
  ['/api/sys/v1/sys/backup', '数据备份'],
  ['/api/sys/v1/job', '后台任务'],
];

export const OTHER_TAG = '其他';

// the order of the page: signing in and one's profile, then the registry's resources, then the rest
const ORDERED: Group[] = [
  ...LEADING.map(([prefix, tag]) => ({ prefix, tag, resource: false })),
  ...resources.map((r) => ({ prefix: `/api/${r.meta.path}`, tag: r.meta.title, resource: true })),
  ...TRAILING.map(([prefix, tag]) => ({ prefix, tag, resource: false })),
];
// longest prefix first, so /api/tpf/v1/tpf/stage/produce wins over /api/tpf/v1/tpf/stage
const GROUPS = [...ORDERED].sort((a, b) => b.prefix.length - a.prefix.length);

/** Sorts tags in the page's order; unknown ones (其他) last. */
export function tagRank(tag: string): number {
  const i = ORDERED.findIndex((g) => g.tag === tag);
  return i < 0 ? ORDERED.length : i;
}

function groupOf(url: string): Group | undefined {
  return GROUPS.find((g) => url === g.prefix || url.startsWith(`${g.prefix}/`));
}

export function tagOf(url: string): string {
  return groupOf(url)?.tag ?? OTHER_TAG;
}

/** Tag descriptions: where a resource's routes live. */
export function tagDescription(tag: string): string | undefined {
  const paths = GROUPS.filter((g) => g.tag === tag).map((g) => g.prefix);
  return paths.length ? paths.sort().join('、') : undefined;
}

// The generic routes of every resource (resources/routes.ts, importRoutes.ts) and of every stage (stages/routes.ts).
const GENERIC: Record<string, string> = {
  'GET /': '分页列表（筛选、排序）',
  'GET /:id': '读取一条',
  'POST /': '新增',
  'PUT /': '修改（整条记录，含 id）',
  'DELETE /:id': '删除一条',
  'DELETE /': '批量删除（ids 可重复）',
  'GET /export': '按当前筛选导出 Excel（应答下载链接）',
  'DELETE /deleteBatch': '清空可写的全部数据',
  'GET /template': '下载导入模板（应答下载链接）',
  'POST /fileUpload': 'Excel 导入（multipart：file，单体数据另带 projectId）',
  'POST /batch': '批量保存本阶段的行',
  'GET /calculate': '计算本阶段并保存结果',
  'PUT /method': '选择本阶段的计算方法',
};

/** A summary for a resource's generic route; undefined for special routes. */
export function summaryOf(method: string, url: string): string | undefined {
  const g = groupOf(url);
  if (!g?.resource) return undefined;
  const rest = url.slice(g.prefix.length) || '/';
  return GENERIC[`${method.toUpperCase()} ${rest}`];
}
