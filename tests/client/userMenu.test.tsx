// The user menu: exactly 账号设置, 因子库管理, 用户手册, 版本说明, 问题反馈, 消息通知 (with the
// unread badge), 退出登录; 用户手册 downloads the link help/manual answers; the footer on every page.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { fail, ok } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';
import '../../src/client/dashboard/Dashboard';
import '../../src/client/feedback/FeedbackPage';
import '../../src/client/help/TimelinePage';
import '../../src/client/notify/NotifyPage';
import { SITE, stubShell } from './shellFake';

const openMenu = async () => {
  fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
  return screen.findByRole('menu');
};

describe('user menu', () => {
  it('lists the seven entries in the spec order, 消息通知 with the unread count', async () => {
    setToken('tok', false);
    stubShell({ unread: () => 3 });
    renderApp('/divisor');
    const menu = await openMenu();
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(within(menu).getByTestId('menu-unread')).toHaveTextContent('3'));
    expect(items.map((m) => m.textContent)).toEqual([
      '账号设置',
      '因子库管理',
      '用户手册',
      '版本说明',
      '问题反馈',
      '消息通知3',
      '退出登录',
    ]);
    expect(within(items[5]).getByTestId('menu-unread')).toBeInTheDocument();
  });

  it('without unread notifications 消息通知 has no badge', async () => {
    setToken('tok', false);
    stubShell({ unread: () => 0 });
    renderApp('/divisor');
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: '消息通知' })).toBeInTheDocument();
    expect(within(menu).queryByTestId('menu-unread')).toBeNull();
  });

  it('版本说明, 问题反馈 and 消息通知 open their pages', async () => {
    setToken('tok', false);
    stubShell();
    renderApp('/divisor');
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: '版本说明' }));
    expect(await screen.findByRole('heading', { name: '版本说明', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/timeline');
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: '问题反馈' }));
    await waitFor(() => expect(window.location.pathname).toBe('/feedback'));
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: '消息通知' }));
    await waitFor(() => expect(window.location.pathname).toBe('/notify'));
  });

  it('用户手册 asks help/manual through the API and downloads the link; a failure is shown', async () => {
    setToken('tok', false);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let broken = false;
    const link = '/upload/00000000-0000-0000-0000-000000000000?token=manualtoken1';
    const { calls } = stubShell({
      extra: (c) =>
        c.url.pathname === '/api/sys/v1/help/manual' ? (broken ? fail(500, '用户手册生成失败') : ok(link)) : undefined,
    });
    renderApp('/divisor');
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: '用户手册' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe(link);
    const manual = calls.find((c) => c.url.pathname === '/api/sys/v1/help/manual')!;
    expect(manual.headers.get('Access-Token')).toBe('tok');
    expect(manual.url.search).toBe('');

    broken = true;
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: '用户手册' }));
    expect(await screen.findByText('用户手册生成失败')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});

describe('footer', () => {
  it('shows the technical-service text, the version and 问题反馈 in both layouts', async () => {
    setToken('tok', false);
    stubShell();
    renderApp('/divisor');
    const footer = await screen.findByTestId('app-footer');
    await waitFor(() => expect(footer).toHaveTextContent(SITE.footer));
    expect(footer).toHaveTextContent('碳算 V3.3');
    expect(within(footer).getByRole('link', { name: '问题反馈' })).toHaveAttribute('href', '/feedback');

    fireEvent.click(screen.getAllByRole('link', { name: '碳算 V3.3' })[0]); // the brand: home, header layout
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    const home = await screen.findByTestId('app-footer');
    await waitFor(() => expect(home).toHaveTextContent(SITE.footer));
  });
});
