// The calls every page of the shell makes (current user, unread count, site footer, dictionaries), answered for
// the issue-9 client tests; `extra` answers the page's own calls first.
import { ok, plainUser, stubFetch, type Call, type Handler } from './fakeApi';

export const COUNT_PATH = (userId: number | string) => `/api/sys/v1/sys/sysNotify/count/${userId}`;
export const SITE = { footer: '技术服务：江苏省建筑科学研究院', version: 'V3.3' };

export const DICTS: Record<string, Record<string, string>> = {
  feedbackType: { '1': '功能建议', '2': '问题报告', '3': '数据问题', '4': '其他' },
  feedbackStatus: { '0': '待处理', '1': '已处理' },
  notifyKind: {
    collaborator: '协作邀请',
    import: '导入结果',
    factor: '因子变更',
    feedback: '反馈回复',
    notice: '通知公告',
  },
};

export function stubShell(opts: { user?: object; unread?: () => number; extra?: Handler } = {}) {
  const user = (opts.user ?? plainUser) as { userId: number };
  return stubFetch((c: Call) => {
    const hit = opts.extra?.(c);
    if (hit) return hit;
    const p = c.url.pathname;
    if (p.endsWith('/currentUser')) return ok(user);
    if (p === COUNT_PATH(user.userId)) return ok(opts.unread ? opts.unread() : 0);
    if (p === '/api/sys/v1/sys/sysConfig/site') return ok(SITE);
    if (p.startsWith('/api/sys/v1/sys/sysDict/dropDown/')) return ok(DICTS[p.split('/').pop()!] ?? {});
    if (p.startsWith('/api/sys/v1/sys/sysDict/')) return ok([]);
    return ok({ dataList: [], total: 0 });
  });
}

export const countCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname.includes('/sysNotify/count/')).length;
