// Notifications: the navbar bell's unread count — read again at once on `notifyChange`, polled every
// NOTIFY_POLL_MS (60 s) — and /notify: 全部/未读, mark one read, 全部标为已读, delete with confirmation, a row with a
// link marks itself read and opens it, 暂无数据 when empty.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTIFY_POLL_MS } from '../../src/client/constants';
import { setToken } from '../../src/client/providers/tokenStorage';
import { ok, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';
import '../../src/client/dashboard/Dashboard';
import '../../src/client/notify/NotifyPage';
import { countCalls, stubShell } from './shellFake';

const bellLabel = (n: number) => (n ? `消息通知（${n} 条未读）` : '消息通知');

describe('unread count in the navbar', () => {
  it('is fetched again at once on notifyChange, with one request for the bell and the user menu together', async () => {
    setToken('tok', false);
    let unread = 2;
    const { calls } = stubShell({ unread: () => unread });
    renderApp('/divisor');
    expect(await screen.findByRole('link', { name: bellLabel(2) })).toHaveAttribute('href', '/notify');
    expect(screen.getByTestId('notify-bell-badge')).toHaveTextContent('2');
    const before = countCalls(calls);
    unread = 5;
    act(() => {
      window.dispatchEvent(new Event('notifyChange'));
    });
    expect(await screen.findByRole('link', { name: bellLabel(5) })).toBeInTheDocument();
    expect(countCalls(calls)).toBe(before + 1);
    unread = 0;
    act(() => {
      window.dispatchEvent(new Event('notifyChange'));
    });
    expect(await screen.findByRole('link', { name: bellLabel(0) })).toBeInTheDocument();
  });

  it('is polled every 60 s and not sooner', async () => {
    expect(NOTIFY_POLL_MS).toBe(60_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('tok', false);
    let unread = 1;
    const { calls } = stubShell({ unread: () => unread });
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: bellLabel(1) })).toBeInTheDocument();
    const first = countCalls(calls);
    unread = 4;
    await act(() => vi.advanceTimersByTimeAsync(NOTIFY_POLL_MS / 2));
    expect(countCalls(calls)).toBe(first);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFY_POLL_MS / 2 + 100));
    expect(await screen.findByRole('link', { name: bellLabel(4) })).toBeInTheDocument();
    expect(countCalls(calls)).toBe(first + 1);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFY_POLL_MS));
    await waitFor(() => expect(countCalls(calls)).toBe(first + 2));
  });
});

const INBOX = [
  {
    id: 1,
    title: '您已被添加为协作人',
    content: '张三 将您添加为单体建筑“七号楼”的协作人',
    kind: 'collaborator',
    link: '/budget/project/list',
    readFlag: 0,
    createDate: '2026-11-20T08:05:09Z',
  },
  {
    id: 2,
    title: '系统维护通知',
    content: '本周六晚进行系统维护',
    kind: 'notice',
    link: null,
    readFlag: 1,
    createDate: '2026-11-19T01:00:00Z',
  },
];

function inboxApi(rows = INBOX) {
  let data = rows.map((r) => ({ ...r }));
  const unread = () => data.filter((r) => !r.readFlag).length;
  const stub = stubShell({
    unread,
    extra: (c: Call) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sys/sysNotify/' && c.method === 'GET') {
        const onlyUnread = c.url.searchParams.get('readFlag') === '0';
        const list = data.filter((r) => !onlyUnread || !r.readFlag);
        return ok({ dataList: list, total: list.length });
      }
      if (p === '/api/sys/v1/sys/sysNotify/read' && c.method === 'PUT') {
        const body = c.body as { ids?: number[]; all?: boolean };
        data = data.map((r) => (body.all || body.ids?.includes(r.id) ? { ...r, readFlag: 1 } : r));
        return ok(1);
      }
      if (p.startsWith('/api/sys/v1/sys/sysNotify/') && c.method === 'DELETE') {
        data = data.filter((r) => String(r.id) !== p.split('/').pop());
        return ok(null);
      }
      return undefined;
    },
  });
  return stub;
}

const row = (title: string) => screen.getByText(title).closest('[data-testid="inbox-item"]') as HTMLElement;

describe('/notify 消息通知', () => {
  it('lists own notifications newest first with kind and time; 未读 asks readFlag=0', async () => {
    setToken('tok', false);
    const { calls } = inboxApi();
    renderApp('/notify');
    expect(await screen.findByText('您已被添加为协作人')).toBeInTheDocument();
    expect(screen.getByText('系统维护通知')).toBeInTheDocument();
    expect(await within(row('您已被添加为协作人')).findByText('协作邀请')).toBeInTheDocument();
    expect(within(row('您已被添加为协作人')).getByLabelText('未读')).toBeInTheDocument();
    expect(within(row('系统维护通知')).queryByLabelText('未读')).toBeNull();
    expect(within(row('系统维护通知')).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    const list = calls.find((c) => c.url.pathname === '/api/sys/v1/sys/sysNotify/')!;
    expect(list.url.searchParams.get('sortField')).toBe('createDate');
    expect(list.url.searchParams.get('sortOrder')).toBe('descend');
    expect(list.url.searchParams.get('pageSize')).toBe('10');

    fireEvent.click(screen.getByRole('tab', { name: '未读' }));
    await waitFor(() => expect(screen.queryByText('系统维护通知')).toBeNull());
    expect(
      calls.some((c) => c.url.pathname === '/api/sys/v1/sys/sysNotify/' && c.url.searchParams.get('readFlag') === '0'),
    ).toBe(true);
  });

  it('标为已读 sends the id, 全部标为已读 sends all, and the bell follows', async () => {
    setToken('tok', false);
    const { calls } = inboxApi([...INBOX, { ...INBOX[1], id: 3, title: '因子已更新', readFlag: 0, kind: 'factor' }]);
    renderApp('/notify');
    expect(await screen.findByRole('link', { name: bellLabel(2) })).toBeInTheDocument();
    await screen.findByText('您已被添加为协作人');
    fireEvent.click(within(row('您已被添加为协作人')).getByRole('button', { name: '标为已读' }));
    expect(await screen.findByRole('link', { name: bellLabel(1) })).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/sysNotify/read'))!.body).toEqual({ ids: [1] });
    await waitFor(() =>
      expect(within(row('您已被添加为协作人')).queryByRole('button', { name: '标为已读' })).toBeNull(),
    );

    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    expect(await screen.findByText('已标记为已读')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith('/sysNotify/read')).pop()!.body).toEqual({ all: true });
    expect(await screen.findByRole('link', { name: bellLabel(0) })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '全部标为已读' })).toBeDisabled());
  });

  it('delete asks first: 取消 keeps it (操作已取消), 确定 sends DELETE', async () => {
    setToken('tok', false);
    const { calls } = inboxApi();
    renderApp('/notify');
    await screen.findByText('系统维护通知');
    fireEvent.click(within(row('系统维护通知')).getByRole('button', { name: '删除' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要删除这条消息吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('操作已取消')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await within(row('系统维护通知')).findByRole('button', { name: '删除' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe('/api/sys/v1/sys/sysNotify/2');
    await waitFor(() => expect(screen.queryByText('系统维护通知')).toBeNull());
  });

  it('clicking a notification with a link marks it read and opens the link', async () => {
    setToken('tok', false);
    const { calls } = inboxApi();
    renderApp('/notify');
    fireEvent.click(await screen.findByText('您已被添加为协作人'));
    await waitFor(() => expect(window.location.pathname).toBe('/budget/project/list'));
    expect(calls.find((c) => c.url.pathname.endsWith('/sysNotify/read'))!.body).toEqual({ ids: [1] });
  });

  it('an empty inbox says 暂无数据', async () => {
    setToken('tok', false);
    inboxApi([]);
    renderApp('/notify');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '消息通知' })).toBeInTheDocument();
  });
});
