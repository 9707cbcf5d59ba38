// A fake API behind a stubbed global fetch: routes answer envelopes; every call is recorded.
import { vi } from 'vitest';

export interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type Handler = (call: Call) => { status?: number; body: unknown } | undefined;

export const ok = (data: unknown) => ({ status: 200, body: { code: 1, message: '成功', data } });
export const fail = (status: number, message: string, code = 0, data: unknown = null) => ({
  status,
  body: { code, message, data },
});

export function stubFetch(handler: Handler) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const answer = handler(call) ?? fail(404, '很抱歉，资源未找到!');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export const plainUser = {
  name: '张三',
  userId: 2,
  avatar: null,
  isTrial: false,
  isAdmin: false,
  createDay: 10,
  companyName: '示例设计院',
  roleList: [] as string[],
  tenantId: 1,
};

export const groupAdmin = { ...plainUser, name: '李四', userId: 3, roleList: ['groupAdmin'] };
export const superAdmin = { ...plainUser, name: '管理员', userId: 1, isAdmin: true, roleList: ['admin'] };

/**
 * A list answer as the server gives it (src/server/db/repo.ts list): the rows matching the query's equality
 * filters among `eq` and its `like` filters among `like`, sorted by sortField/sortOrder (id ascending by default),
 * the page of pageNum/pageSize (-1: all) and the count, and `sums` of `summed` over every matching row.
 */
export function listPage<T extends Record<string, unknown>>(
  rows: T[],
  url: URL,
  opts: { eq?: string[]; like?: string[]; summed?: string[] } = {},
) {
  const q = url.searchParams;
  let found = rows.filter((r) => (opts.eq ?? []).every((f) => !q.has(f) || String(r[f]) === q.get(f)));
  found = found.filter((r) => (opts.like ?? []).every((f) => !q.get(f) || String(r[f] ?? '').includes(q.get(f)!)));
  const field = q.get('sortField') ?? 'id';
  const dir = q.get('sortOrder') === 'descend' ? -1 : 1;
  found = [...found].sort((a, b) =>
    a[field] === b[field] ? 0 : (a[field] as number) > (b[field] as number) ? dir : -dir,
  );
  const size = Number(q.get('pageSize') ?? 10);
  const page = Number(q.get('pageNum') ?? 1);
  const dataList = size === -1 ? found : found.slice((page - 1) * size, page * size);
  const sums = opts.summed
    ? Object.fromEntries(opts.summed.map((f) => [f, found.reduce((s, r) => s + (Number(r[f]) || 0), 0)]))
    : undefined;
  return ok({ dataList, total: found.length, ...(sums ? { sums } : {}) });
}
