// /userinfo 账号设置 (profile, password, avatar), the first-login dialog, the trial chip and the trial's Word
// export, and "remember me" across a browser restart.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getToken, setToken } from '../../src/client/providers/tokenStorage';
import { fail, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
import { fakeClock, noticeTimesOut } from './clock';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/account/AccountPage';
import '../../src/client/admin/SchemaList';
import '../../src/client/dashboard/Dashboard';
import { unb64 } from './sliderHelpers';

const CURRENT = '/api/sys/v1/sys/sysUser/currentUser';
const me = {
  ...plainUser,
  userName: 'zhangsan',
  phone: '13800000000',
  email: '',
  userType: '1',
  mustChangePassword: false,
  trialDaysLeft: null,
  trialExpired: false,
};
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('账号设置 /userinfo', () => {
  it('is reached from the user menu (账号设置 first), titled 账号管理 in the breadcrumbs', async () => {
    setToken('tok', false);
    stubFetch((c) => (c.url.pathname === CURRENT ? ok(me) : ok({ dataList: [], total: 0 })));
    renderApp('/divisor');
    fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
    const items = await screen.findAllByRole('menuitem');
    const popup = items.filter((m) => m.closest('[role="menu"]'));
    expect(popup.map((m) => m.textContent)).toEqual([
      '账号设置',
      '因子库管理',
      '用户手册',
      '版本说明',
      '问题反馈',
      '消息通知',
      '退出登录',
    ]);
    fireEvent.click(popup[0]);
    expect(await screen.findByRole('heading', { name: '账号设置' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/userinfo');
    expect(within(screen.getByRole('navigation', { name: '面包屑' })).getByText('账号管理')).toBeInTheDocument();
  });

  it('profile: phone rule beside the field, PUT sysUser/ with the own id and only the profile fields, 保存成功！, code-2 under the field', async () => {
    setToken('tok', false);
    let user = { ...me };
    let puts = 0;
    const { calls } = stubFetch((c: Call) => {
      if (c.url.pathname === CURRENT) return ok(user);
      if (c.url.pathname === '/api/sys/v1/sys/sysUser/' && c.method === 'PUT') {
        puts++;
        if (puts === 1) return fail(400, '请输入正确的邮箱', 2, [{ field: 'email', errorMsg: '邮箱格式不正确' }]);
        user = { ...user, ...(c.body as object) };
        return ok(user);
      }
      return ok({});
    });
    renderApp('/userinfo');
    const form = await screen.findByRole('form', { name: '基本资料' });
    expect(within(form).getByLabelText('登录账号')).toHaveValue('zhangsan');
    expect(within(form).getByLabelText('登录账号')).toBeDisabled();
    expect(within(form).getByLabelText(/姓名/)).toHaveValue('张三');
    fill('手机号', '1380000');
    fakeClock();
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await noticeTimesOut();

    fill('手机号', '13900000000');
    fill('邮箱', 'a@b.cn');
    fill('单位名称', '新单位');
    fireEvent.mouseDown(within(form).getByLabelText('用户类型'));
    fireEvent.click(await screen.findByRole('option', { name: '业主' }));
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('邮箱格式不正确')).toBeInTheDocument();
    // the server's first field message is the notice too
    await waitFor(() => expect(screen.getAllByText('邮箱格式不正确')).toHaveLength(2));
    await noticeTimesOut();

    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT')[1];
    expect(put.body).toEqual({
      id: 2,
      name: '张三',
      phone: '13900000000',
      email: 'a@b.cn',
      companyName: '新单位',
      userType: '5',
    });
    // the identity was read again
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === CURRENT).length).toBeGreaterThanOrEqual(2));
  });

  it('修改密码: rules beside the fields, base64 passwords, 原密码不正确 under 原密码, then 密码修改成功', async () => {
    setToken('tok', false);
    let tries = 0;
    const { calls } = stubFetch((c) => {
      if (c.url.pathname === CURRENT) return ok(me);
      if (c.url.pathname === '/api/sys/v1/sys/sysUser/updatePassword') {
        tries++;
        return tries === 1
          ? fail(400, '原密码不正确', 2, [{ field: 'oldPassword', errorMsg: '原密码不正确' }])
          : { status: 200, body: { code: 1, message: '密码修改成功', data: null } };
      }
      return ok({});
    });
    renderApp('/userinfo');
    const form = await screen.findByRole('form', { name: '修改密码' });
    fireEvent.click(within(form).getByRole('button', { name: '修改密码' }));
    expect(await within(form).findByText('请输入原密码')).toBeInTheDocument();
    fill('原密码', 'Old12345');
    fill('新密码', 'Old12345');
    fill('确认新密码', 'Old12345');
    fireEvent.click(within(form).getByRole('button', { name: '修改密码' }));
    expect(await within(form).findByText('新密码不能与原密码相同')).toBeInTheDocument();
    fill('新密码', '12345678');
    fireEvent.click(within(form).getByRole('button', { name: '修改密码' }));
    expect(await within(form).findByText('密码至少 8 位，须同时包含字母和数字')).toBeInTheDocument();
    expect(within(form).getByText('两次输入的密码不一致')).toBeInTheDocument();
    fill('新密码', 'New12345');
    fill('确认新密码', 'New12345');
    fireEvent.click(within(form).getByRole('button', { name: '修改密码' }));
    expect(await within(form).findByText('原密码不正确')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
    const call = calls.filter((c) => c.url.pathname.endsWith('updatePassword'))[1];
    expect(call.method).toBe('PUT');
    const body = call.body as { oldPassword: string; newPassword: string };
    expect([unb64(body.oldPassword), unb64(body.newPassword)]).toEqual(['Old12345', 'New12345']);
    await waitFor(() => expect(within(form).getByLabelText('原密码')).toHaveValue(''));
    expect(getToken()).toBe('tok');
  });

  it('avatar: over 2 MB refused here; a PNG goes multipart to folderFile and the navbar shows the new avatar', async () => {
    setToken('tok', false);
    let user: Omit<typeof me, 'avatar'> & { avatar: string | null } = { ...me };
    const { calls } = stubFetch((c) => {
      if (c.url.pathname === CURRENT) return ok(user);
      if (c.url.pathname === '/api/sys/v1/oss/filerecord/folderFile') {
        user = { ...user, avatar: '/upload/avatar-1.png?token=t' };
        return ok({ url: user.avatar });
      }
      return ok({});
    });
    renderApp('/userinfo');
    await screen.findByRole('button', { name: '上传头像' });
    const input = screen.getByTestId('avatar-input') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fakeClock();
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findAllByText('头像图片不能超过 2M')).not.toHaveLength(0);
    expect(calls.some((c) => c.url.pathname.endsWith('folderFile'))).toBe(false);
    await noticeTimesOut();

    const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByText('上传文件成功')).toBeInTheDocument();
    const up = calls.find((c) => c.url.pathname.endsWith('folderFile'))!;
    expect(up.method).toBe('POST');
    expect((up.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() =>
      expect(within(screen.getByTestId('navbar-avatar')).getByRole('img')).toHaveAttribute(
        'src',
        '/upload/avatar-1.png?token=t',
      ),
    );
  });
});

describe('first login: 修改初始密码', () => {
  it('shows only the dialog (no page calls), cannot be dismissed, and goes once the password is changed', async () => {
    setToken('tok', false);
    let user = { ...me, mustChangePassword: true };
    const { calls } = stubFetch((c) => {
      if (c.url.pathname === CURRENT) return ok(user);
      if (c.url.pathname === '/api/sys/v1/sys/sysUser/updatePassword') {
        user = { ...user, mustChangePassword: false };
        return ok(null);
      }
      if (user.mustChangePassword) return fail(403, '请先修改初始密码');
      if (c.url.pathname === '/api/tpf/v1/tpf/tpf3BuildMaterial/') return ok({ dataList: [], total: 0 });
      return ok({});
    });
    renderApp('/divisor');
    const dialog = await screen.findByRole('dialog', { name: '修改初始密码' });
    expect(within(dialog).getByText('首次登录请先修改初始密码')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: '修改初始密码' })).toBeInTheDocument();
    expect(calls.every((c) => c.url.pathname === CURRENT)).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('原密码'), { target: { value: 'Gen3rated' } });
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'Mine12345' } });
    fireEvent.change(within(dialog).getByLabelText('确认新密码'), { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '修改密码' }));
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('确认新密码'), { target: { value: 'Mine12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改初始密码' })).toBeNull());
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByText('请先修改初始密码')).toBeNull();
  });
});

describe('trial accounts', () => {
  it('the navbar says 试用账号 · 剩余 N 天, or 试用已到期', async () => {
    setToken('tok', false);
    stubFetch((c) => (c.url.pathname === CURRENT ? ok({ ...me, isTrial: true, trialDaysLeft: 12 }) : ok({})));
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByTestId('trial-chip')).toHaveTextContent('试用账号 · 剩余 12 天');
    expect(screen.getByText('普通用户')).toBeInTheDocument();
    unmount();
    stubFetch((c) =>
      c.url.pathname === CURRENT ? ok({ ...me, isTrial: true, trialDaysLeft: 0, trialExpired: true }) : ok({}),
    );
    renderApp('/dashboard');
    expect(await screen.findByTestId('trial-chip')).toHaveTextContent('试用已到期');
  });
});

describe('remember me', () => {
  it('a remembered token survives a browser restart (sessionStorage gone); a plain one does not', () => {
    setToken('remembered', true);
    sessionStorage.clear(); // the browser was closed and opened again
    expect(getToken()).toBe('remembered');
    setToken('session-only', false);
    expect(getToken()).toBe('session-only');
    expect(localStorage.getItem('access-token')).toBeNull();
    sessionStorage.clear();
    expect(getToken()).toBeNull();
  });
});
