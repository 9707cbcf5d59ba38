import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { adoptTokenFromUrl } from '../../src/client/auth/urlToken';
import { getToken } from '../../src/client/providers/tokenStorage';
import { fail, groupAdmin, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';
import '../../src/client/dashboard/Dashboard';
import '../../src/client/pages/HoldOn';
import '../../src/client/pages/NotFound';
import { atWidth } from './viewport';

const factorRows = [
  {
    id: 1,
    type: '建材',
    smallType: '钢材',
    name: '普通碳钢',
    spec: '',
    unit: 't',
    materialCo: 2.05,
    coUnit: 'tCO2e/t',
    source: 'GB/T 51366-2019 附录D',
    verification: 'V',
    createDate: '2026-01-02T03:04:05Z',
  },
  {
    id: 2,
    type: '建材',
    smallType: '水泥',
    name: '待核实水泥',
    spec: '',
    unit: 't',
    materialCo: 0,
    coUnit: 'tCO2e/t',
    source: '',
    verification: 'U',
    createDate: '2026-01-01T00:00:00Z',
  },
];

function api(user: object, rows: object[] = factorRows) {
  return stubFetch((c: Call) => {
    const p = c.url.pathname;
    if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(user);
    if (p === '/api/tpf/v1/tpf/tpf3BuildMaterial/') return ok({ dataList: rows, total: rows.length });
    if (p === '/api/sys/v1/sys/sysDict/dropDown/verification') return ok({ V: '已核实', U: '未知' });
    if (p.startsWith('/api/sys/v1/sys/sysDict/dropDown/')) return ok({});
    if (p === '/api/sys/v1/sso/logout') return ok(null);
    return fail(404, '很抱歉，资源未找到!');
  });
}

describe('<Admin> with the fake API', () => {
  it('without a token, any route goes to /login?redirect=<path> and shows the Chinese login form', async () => {
    api(plainUser);
    renderApp('/divisor?page=2');
    await screen.findByRole('button', { name: '登录' });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/divisor?page=2');
    expect(screen.getByLabelText('账号')).toBeInTheDocument();
    expect(screen.getByLabelText('密码')).toBeInTheDocument();
    expect(screen.getByLabelText('记住我(7天)')).toBeInTheDocument();
  });

  it('with a token, /login redirects home, and / goes to /dashboard (header layout, 统计分析 opens /project/compare)', async () => {
    setToken('tok', false);
    api(plainUser);
    renderApp('/login');
    await screen.findByText(/欢迎使用碳算/);
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('link', { name: '项目管理' })).toHaveAttribute('href', '/project/manage');
    expect(screen.getByRole('link', { name: '统计分析' })).toHaveAttribute('href', '/project/compare');
    expect(screen.queryByRole('navigation', { name: /菜单/ })).toBeNull();
  });

  it('login sends the trimmed name and goes to the redirect path', async () => {
    const { calls } = stubFetch((c) => {
      if (c.url.pathname === '/api/sys/v1/sso/login') return ok({ ...groupAdmin, token: 'new-token' });
      if (c.url.pathname === '/api/sys/v1/sys/sysUser/currentUser') return ok(groupAdmin);
      if (c.url.pathname.endsWith('/')) return ok({ dataList: [], total: 0 });
      return ok({});
    });
    renderApp('/login?redirect=%2Fsys%2Forganization');
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: '  lisi  ' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.location.pathname).toBe('/sys/organization'));
    expect((calls.find((c) => c.url.pathname === '/api/sys/v1/sso/login')!.body as { userName: string }).userName).toBe(
      'lisi',
    );
    expect(getToken()).toBe('new-token');
  });

  it('a failed login shows the server message', async () => {
    stubFetch(() => fail(400, '用户名或密码错误'));
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
  });

  it('empty user info → 校验失败，请重新登录!, token cleared, back to /login?redirect=', async () => {
    setToken('stale', true);
    stubFetch(() => ok(null));
    renderApp('/divisor');
    expect(await screen.findByText('校验失败，请重新登录!')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/divisor');
    expect(getToken()).toBeNull();
  });

  it('/divisor on a phone: a card per factor with its figures and labels; a tap opens the factor', async () => {
    await atWidth(390, async () => {
      setToken('tok', false);
      api(groupAdmin);
      renderApp('/divisor');
      const card = (await screen.findByText('普通碳钢')).closest('[role="button"], a, li')!;
      expect(screen.queryByRole('table')).toBeNull();
      expect(card).toHaveTextContent('碳排放因子：2.05');
      expect(await within(card as HTMLElement).findByText(/核实标记：已核实/)).toBeInTheDocument();
      fireEvent.click(card);
      await waitFor(() => expect(window.location.pathname).toBe('/divisor/1'));
    });
  });

  it('/divisor lists factors: Chinese headers, 2-decimal numbers, dictionary labels, warning on materialCo 0', async () => {
    setToken('tok', false);
    const { calls } = api(groupAdmin);
    renderApp('/divisor');
    const table = await screen.findByRole('table');
    await within(table).findByText('普通碳钢');
    for (const h of ['类型', '小类', '名称', '单位', '碳排放因子', '核实标记', '创建时间', '操作']) {
      expect(within(table).getByText(h)).toBeInTheDocument();
    }
    // numeric cells show 2 decimals (2.05 → '2.05', 0 → '0.00')
    expect(within(table).getByText('2.05')).toBeInTheDocument();
    expect(within(table).getByText('0.00')).toBeInTheDocument();
    expect(await within(table).findByText('已核实')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    const warned = rows.find((r) => within(r).queryByText('待核实水泥'))!;
    const fine = rows.find((r) => within(r).queryByText('普通碳钢'))!;
    expect(within(warned).getByLabelText('因子值为空或为 0，请核对')).toBeInTheDocument();
    expect(within(fine).queryByLabelText('因子值为空或为 0，请核对')).toBeNull();
    expect(getComputedStyle(warned).backgroundColor).not.toBe(getComputedStyle(fine).backgroundColor);
    // the list call: page 1, size 10, createDate descending
    const list = calls.find((c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3BuildMaterial/')!;
    expect(list.url.search).toBe('?pageNum=1&pageSize=10&sortField=createDate&sortOrder=descend');
    expect(list.headers.get('Access-Token')).toBe('tok');
    // toolbar and breadcrumbs
    expect(screen.getByRole('link', { name: '新增' })).toHaveAttribute('href', '/divisor/create');
    expect(screen.getByRole('button', { name: '批量删除' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '清空数据' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: '面包屑' });
    expect(within(crumbs).getByText('首页')).toBeInTheDocument();
    expect(within(crumbs).getByText('因子库管理')).toBeInTheDocument();
  });

  it('an empty list shows 暂无数据, and 批量删除 says 列表暂无数据', async () => {
    setToken('tok', false);
    api(groupAdmin, []);
    renderApp('/divisor');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('列表暂无数据')).toBeInTheDocument();
  });

  it('批量删除 without a selection says 请先选择要删除的数据!; 清空数据 cancelled says 操作已取消', async () => {
    setToken('tok', false);
    api(groupAdmin);
    renderApp('/divisor');
    await screen.findByText('普通碳钢');
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('请先选择要删除的数据!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '清空数据' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('操作已取消')).toBeInTheDocument();
  });

  it('batch delete sends one DELETE with repeated ids', async () => {
    setToken('tok', false);
    const { calls } = stubFetch((c) => {
      if (c.url.pathname === '/api/sys/v1/sys/sysUser/currentUser') return ok(groupAdmin);
      if (c.method === 'DELETE') return ok(null);
      if (c.url.pathname === '/api/tpf/v1/tpf/tpf3BuildMaterial/') return ok({ dataList: factorRows, total: 2 });
      return ok({});
    });
    renderApp('/divisor');
    await screen.findByText('普通碳钢');
    for (const box of await screen.findAllByLabelText(/^选择第 \d 行$/)) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(`${del.url.pathname}${del.url.search}`).toBe('/api/tpf/v1/tpf/tpf3BuildMaterial/?ids=1&ids=2');
  });

  it('a plain user sees no system menu and no write buttons', async () => {
    setToken('tok', false);
    api(plainUser);
    renderApp('/divisor');
    await screen.findByText('普通碳钢');
    expect(screen.getAllByText('首页').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      '首页',
      '项目管理',
      '单体建筑列表',
      '应用拓展',
      '因子库管理',
      '参数表管理',
      '参考值库',
    ]);
    expect(screen.queryByText('系统管理')).toBeNull();
    expect(screen.queryByRole('link', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量删除' })).toBeNull();
    // 操作 holds only the schema's row links for a reader (历史版本: rowLinks.test.tsx)
    expect(screen.queryByRole('link', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByLabelText(/^选择第 \d 行$/)).toBeNull();
    expect(screen.getByText('集团用户')).toBeInTheDocument();
  });

  it('a groupAdmin sees the system pages allowed to groupAdmin only (通知公告 included)', async () => {
    setToken('tok', false);
    api(groupAdmin);
    renderApp('/divisor');
    await screen.findByText('普通碳钢');
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
        '首页',
        '项目管理',
        '单体建筑列表',
        '应用拓展',
        '因子库管理',
        '参数表管理',
        '参考值库',
        '组织管理',
        '用户账户',
        '通知公告',
      ]),
    );
    expect(screen.getByText('系统管理')).toBeInTheDocument();
    expect(screen.getByText('集团管理员')).toBeInTheDocument();
  });

  it('the navbar shows the module name of system pages', async () => {
    setToken('tok', false);
    stubFetch((c) => (c.url.pathname.endsWith('currentUser') ? ok(groupAdmin) : ok({ dataList: [], total: 0 })));
    renderApp('/sys/user');
    expect(await screen.findByTestId('module-name')).toHaveTextContent('系统管理');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('unknown paths go to /404', async () => {
    setToken('tok', false);
    api(plainUser);
    renderApp('/no/such/page');
    expect(await screen.findByText('很抱歉，页面未找到')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/404');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/dashboard');
  });

  it('/hold-on/index is the maintenance page', async () => {
    setToken('tok', false);
    api(plainUser);
    renderApp('/hold-on/index');
    expect(await screen.findByRole('heading', { name: '系统维护中' })).toBeInTheDocument();
  });

  it('a token in the URL is stored and removed from the address bar', () => {
    window.history.replaceState(null, '', '/divisor?token=abc&page=2');
    expect(adoptTokenFromUrl()).toBe(true);
    expect(getToken()).toBe('abc');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/divisor?page=2');
    window.history.replaceState(null, '', '/x?access-token=def');
    adoptTokenFromUrl();
    expect(getToken()).toBe('def');
    expect(window.location.search).toBe('');
  });
});
