// /sys/cache 缓存管理 (super admin): one row per server cache (名称, 条目数, 最后加载 or 暂无, 说明) and 清除
// with a confirmation — the session cache warns that every other user is signed out — then DELETE and reload.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { groupAdmin, ok, superAdmin, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/cacheAdmin/CachePage';
import { stubShell } from './shellFake';

const CACHES = [
  {
    name: 'dict',
    title: '系统字典',
    size: 42,
    unit: '个字典',
    loadedAt: '2026-11-22T06:07:08Z',
    description: '字典项及其标签',
  },
  { name: 'factor', title: '因子库', size: 1280, unit: '条', loadedAt: null, description: '建材、能源与运输排放因子' },
  {
    name: 'session',
    title: '登录会话',
    size: 3,
    unit: '个会话',
    loadedAt: '2026-11-22T06:00:00Z',
    description: '已登录用户的会话',
  },
];

function cacheApi() {
  let loaded = CACHES.map((c) => ({ ...c }));
  return stubShell({
    user: superAdmin,
    extra: (c: Call) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sys/cache/' && c.method === 'GET') return ok(loaded);
      if (p.startsWith('/api/sys/v1/sys/cache/') && c.method === 'DELETE') {
        const name = p.split('/').pop();
        loaded = loaded.map((x) => (x.name === name ? { ...x, size: 0, loadedAt: null } : x));
        return { status: 200, body: { code: 1, message: '清除缓存成功', data: null } };
      }
      return undefined;
    },
  });
}

const cacheGets = (calls: Call[]) =>
  calls.filter((c) => c.url.pathname === '/api/sys/v1/sys/cache/' && c.method === 'GET').length;

describe('/sys/cache', () => {
  it('shows each cache with its size, last load (yyyy-MM-dd HH:mm:ss or 暂无) and description', async () => {
    setToken('tok', false);
    cacheApi();
    renderApp('/sys/cache');
    const dict = await screen.findByTestId('cache-dict');
    expect(dict).toHaveTextContent('系统字典');
    expect(dict).toHaveTextContent('42 个字典');
    expect(within(dict).getByText(/^2026-11-22 \d{2}:07:08$/)).toBeInTheDocument();
    expect(screen.getByTestId('cache-factor')).toHaveTextContent('1,280 条');
    expect(within(screen.getByTestId('cache-factor')).getByText('暂无')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '名称',
      '条目数',
      '最后加载',
      '说明',
      '操作',
    ]);
    expect(screen.getByRole('menuitem', { name: '缓存管理' })).toHaveAttribute('href', '/sys/cache');
  });

  it('清除 asks first; 确定 sends DELETE for that cache and reloads the table', async () => {
    setToken('tok', false);
    const { calls } = cacheApi();
    renderApp('/sys/cache');
    const factor = await screen.findByTestId('cache-factor');
    fireEvent.click(within(factor).getByRole('button', { name: '清除因子库' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定要清除“因子库”缓存吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('操作已取消')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const before = cacheGets(calls);
    fireEvent.click(await within(screen.getByTestId('cache-session')).findByRole('button', { name: '清除登录会话' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('除您以外的所有用户都将退出登录');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('清除缓存成功')).toBeInTheDocument();
    const del = calls.filter((c) => c.method === 'DELETE');
    expect(del.map((c) => c.url.pathname)).toEqual(['/api/sys/v1/sys/cache/session']);
    await waitFor(() => expect(cacheGets(calls)).toBe(before + 1));
    await waitFor(() => expect(screen.getByTestId('cache-session')).toHaveTextContent('0 个会话'));
    expect(within(screen.getByTestId('cache-session')).getByText('暂无')).toBeInTheDocument();
  });

  it('is for the super admin only', async () => {
    setToken('tok', false);
    const { calls } = stubShell({ user: groupAdmin });
    renderApp('/sys/cache');
    expect(await screen.findByText('没有权限，拒绝访问!')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/sys/v1/sys/cache'))).toBe(false);
    expect(screen.queryByRole('menuitem', { name: '缓存管理' })).toBeNull();
  });
});
