// Global constants of the shell and the texts of the error catalogue.
import { APP_NAME, APP_VERSION } from '../../schemas/product';
export const APP_TITLE = `${APP_NAME} ${APP_VERSION}`;
export const API_BASE = '/api';
export const HTTP_TIMEOUT_MS = 180_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100];
export const DEFAULT_SORT = { field: 'createDate', order: 'DESC' as const };
export const NOTIFY_AUTO_HIDE_MS = 5_000;
/** The unread-notification count is polled this often. */
export const NOTIFY_POLL_MS = 60_000;

/** Texts shown for HTTP errors whose body carries no message. */
export const MSG = {
  unauthorized: '用户登录已失效，请重新登录!',
  forbidden: '没有权限，拒绝访问!',
  notFound: '很抱歉，资源未找到!',
  serverError: '服务器错误!',
  timeout: '网络超时!',
  otherStatus: '服务正在联调中，请稍后!',
  checkFailed: '校验失败，请重新登录!',
  formInvalid: '表单校验失败, 请检查输入!',
  selectFirst: '请先选择要删除的数据!',
  listEmpty: '列表暂无数据',
  canceled: '操作已取消',
  deleted: '删除成功!',
  cleared: '清空数据成功!',
  saved: '保存成功！',
  created: '新增成功!',
  updated: '修改成功!',
  noData: '暂无数据',
  comingSoon: '即将开放',
  exported: '导出表格成功',
} as const;
