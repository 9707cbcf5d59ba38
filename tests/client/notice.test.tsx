// /sys/notify 通知公告: the generic list of sent notices, and the create page that lets the super admin
// pick 全部用户 or one tenant (group admins get no choice: their own tenant).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { groupAdmin, ok, superAdmin, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';
import '../../src/client/notify/NoticeCreate';
import { stubShell } from './shellFake';

const TENANTS = [
  { id: 1, name: '演示集团', code: 'demo' },
  { id: 7, name: '江北建设集团', code: 'jb' },
];

function noticeApi(user: object) {
  return stubShell({
    user,
    extra: (c: Call) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sys/sysTenant/') return ok({ dataList: TENANTS, total: 2 });
      if (p === '/api/sys/v1/sys/sysNotice/' && c.method === 'POST') return ok({ id: 5, ...(c.body as object) });
      if (p === '/api/sys/v1/sys/sysNotice/')
        return ok({
          dataList: [
            {
              id: 4,
              title: '系统升级',
              content: '周六升级',
              scopeName: '全部用户',
              sentCount: 12,
              createDate: '2026-11-20T01:00:00Z',
            },
          ],
          total: 1,
        });
      return undefined;
    },
  });
}

describe('/sys/notify 通知公告', () => {
  it('lists notices with 发送范围 and 接收人数', async () => {
    setToken('tok', false);
    noticeApi(groupAdmin);
    renderApp('/sys/notify');
    const table = await screen.findByRole('table');
    await within(table).findByText('系统升级');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    for (const h of ['标题', '内容', '发送范围', '接收人数']) expect(heads).toContain(h);
    expect(within(table).getByText('全部用户')).toBeInTheDocument();
  });

  it('the super admin sends to 全部用户 or one tenant', async () => {
    setToken('tok', false);
    const { calls } = noticeApi(superAdmin);
    renderApp('/sys/notify/create');
    const form = await screen.findByRole('form', { name: '新增通知公告' });
    fireEvent.click(within(form).getByRole('button', { name: '发送' }));
    expect(await within(form).findByText('请输入标题')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/标题/), { target: { value: '年度数据核查' } });
    fireEvent.change(within(form).getByLabelText(/内容/), { target: { value: '请于月底前完成核算数据核查' } });
    fireEvent.mouseDown(within(form).getByLabelText('发送范围'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['全部用户', '演示集团', '江北建设集团']);
    fireEvent.click(screen.getByRole('option', { name: '江北建设集团' }));
    fireEvent.click(within(form).getByRole('button', { name: '发送' }));
    expect(await screen.findByText('通知已发送')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/sys/v1/sys/sysNotice/');
    expect(post.body).toEqual({ title: '年度数据核查', content: '请于月底前完成核算数据核查', tenantId: 7 });
    await waitFor(() => expect(window.location.pathname).toBe('/sys/notify'));
  });

  it('a group admin has no choice and never lists tenants', async () => {
    setToken('tok', false);
    const { calls } = noticeApi(groupAdmin);
    renderApp('/sys/notify/create');
    const form = await screen.findByRole('form', { name: '新增通知公告' });
    expect(within(form).queryByLabelText('发送范围')).toBeNull();
    expect(form).toHaveTextContent('发送范围：本集团全部用户');
    fireEvent.change(within(form).getByLabelText(/标题/), { target: { value: '集团通知' } });
    fireEvent.change(within(form).getByLabelText(/内容/), { target: { value: '下周例会' } });
    fireEvent.click(within(form).getByRole('button', { name: '发送' }));
    expect(await screen.findByText('通知已发送')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: '集团通知',
      content: '下周例会',
      tenantId: null,
    });
    expect(calls.some((c) => c.url.pathname === '/api/sys/v1/sys/sysTenant/')).toBe(false);
  });
});
