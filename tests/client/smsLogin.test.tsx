// 短信登录 tab: phone rule, 获取验证码 (purpose login), smsLogin keeps the token like a password login
// (remember → localStorage), and the server's message on a wrong code.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getToken } from '../../src/client/providers/tokenStorage';
import { fail, ok, plainUser, stubFetch } from './fakeApi';
import { renderApp } from './renderApp';

describe('短信登录', () => {
  it('sends the code, logs in by SMS and keeps a remembered token in localStorage', async () => {
    let logins = 0;
    const { calls } = stubFetch((c) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sso/sendSmsCode') return ok(null);
      if (p === '/api/sys/v1/sso/smsLogin') {
        logins++;
        return logins === 1 ? fail(400, '验证码错误或已失效') : ok({ ...plainUser, token: 'sms-token' });
      }
      if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(plainUser);
      return ok({});
    });
    renderApp('/login?redirect=%2Fdashboard');
    fireEvent.click(await screen.findByRole('tab', { name: '短信登录' }));
    expect(screen.queryByLabelText('账号')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入验证码')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '10012345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
    const send = calls.find((c) => c.url.pathname === '/api/sys/v1/sso/sendSmsCode')!;
    expect(send.url.searchParams.get('purpose')).toBe('login');
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '111111' } });
    fireEvent.click(screen.getByLabelText('记住我(7天)'));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码错误或已失效')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/smsLogin')[1].body).toEqual({
      phone: '13800000000',
      smsCode: '123456',
      remember: true,
    });
    expect(getToken()).toBe('sms-token');
    expect(localStorage.getItem('access-token')).toBe('sms-token');
  });

  it('the login page links 注册账号 and 忘记密码', async () => {
    stubFetch(() => ok({}));
    renderApp('/login');
    expect(await screen.findByRole('link', { name: '注册账号' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '忘记密码' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
  });
});
