// /register and /reset-password: public pages (no token, outside <Admin>) with the client rules, 获取验证码
// through the slider and its 60 s countdown, code-2 answers under their fields, and /login with the notice.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { registerErrors } from '../../src/client/account/RegisterPage';
import { getToken } from '../../src/client/providers/tokenStorage';
import { fail, ok, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/account/ResetPasswordPage';
import { challenge, drag, unb64 } from './sliderHelpers';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('registration', () => {
  it('the rules: required fields, phone form, password strength, confirmation', () => {
    const empty = {
      userName: '',
      password: '',
      confirm: '',
      name: '',
      phone: '',
      smsCode: '',
      companyName: '',
      userType: '',
    };
    expect(registerErrors(empty)).toEqual({
      userName: '请输入登录账号',
      password: '请输入密码',
      name: '请输入姓名',
      phone: '请输入手机号',
      smsCode: '请输入验证码',
    });
    const e = registerErrors({
      ...empty,
      userName: 'u',
      password: 'abcdefgh',
      confirm: 'x',
      name: 'n',
      phone: '12800000000',
      smsCode: '1',
    });
    expect(e).toEqual({
      password: '密码至少 8 位，须同时包含字母和数字',
      confirm: '两次输入的密码不一致',
      phone: '请输入正确的手机号',
    });
    expect(
      registerErrors({
        ...empty,
        userName: 'u',
        password: 'abc12345',
        confirm: 'abc12345',
        name: 'n',
        phone: '13912345678',
        smsCode: '123456',
      }),
    ).toEqual({});
  });

  it('works without a token, linked from the login page', async () => {
    stubFetch(() => ok({}));
    renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: '注册账号' }));
    expect(await screen.findByRole('button', { name: '注册' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/register');
    for (const l of ['登录账号', '密码', '确认密码', '姓名', '手机号', '验证码', '单位名称', '用户类型'])
      expect(screen.getByLabelText(l)).toBeInTheDocument();
  });

  it('shows the rules beside the fields, sends the code through the slider, counts down, shows code-2 answers, then goes to /login', async () => {
    let sends = 0;
    let registers = 0;
    const { calls } = stubFetch((c: Call) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sso/slider') return ok(challenge('s1'));
      if (p === '/api/sys/v1/sso/slider/verify') return ok({ sliderToken: 'st-reg' });
      if (p === '/api/sys/v1/sso/sendSmsCode') {
        sends++;
        if (!(c.body as { sliderToken?: string }).sliderToken)
          return fail(400, '请完成滑块验证', 0, { needSlider: true });
        return ok(null);
      }
      if (p === '/api/sys/v1/sso/registerUser') {
        registers++;
        if (registers === 1) return fail(400, '登录账号已存在', 2, [{ field: 'userName', errorMsg: '登录账号已存在' }]);
        return { status: 200, body: { code: 1, message: '注册成功，请登录', data: { userName: 'newbie' } } };
      }
      return ok({});
    });
    renderApp('/register');
    fireEvent.click(await screen.findByRole('button', { name: '注册' }));
    expect(await screen.findByText('请输入登录账号')).toBeInTheDocument();
    expect(screen.getByText('请输入手机号')).toBeInTheDocument();

    fill('登录账号', 'newbie');
    fill('密码', 'short1');
    fill('确认密码', 'other');
    fill('姓名', '王五');
    fill('手机号', '12345678901');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('sendSmsCode'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('密码至少 8 位，须同时包含字母和数字')).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();

    fill('手机号', '13912345678');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const dialog = await screen.findByRole('dialog', { name: '安全验证' });
    await within(dialog).findByAltText('拼图块');
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: '拖动滑块' })).toHaveAttribute('aria-valuemax', '264'),
    );
    drag(80);
    expect(await screen.findByRole('button', { name: /60秒后重新获取|59秒后重新获取/ })).toBeDisabled();
    expect(screen.getByText('验证码已发送')).toBeInTheDocument();
    const sent = calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/sendSmsCode');
    expect(sends).toBe(2);
    expect(sent[1].method).toBe('PUT');
    expect(sent[1].url.searchParams.get('phone')).toBe('13912345678');
    expect(sent[1].url.searchParams.get('purpose')).toBe('register');
    expect(sent[1].body).toMatchObject({ sliderToken: 'st-reg', purpose: 'register' });

    fill('密码', 'Passw0rd9');
    fill('确认密码', 'Passw0rd9');
    fill('验证码', '12ab3456');
    expect(screen.getByLabelText('验证码')).toHaveValue('123456');
    fill('单位名称', ' 某设计院 ');
    fireEvent.mouseDown(screen.getByLabelText('用户类型'));
    fireEvent.click(await screen.findByRole('option', { name: '设计院' }));
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findAllByText('登录账号已存在')).not.toHaveLength(0);
    const field = screen.getByLabelText('登录账号');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    fill('登录账号', 'newbie2');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功，请登录')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    const reg = calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/registerUser')[1].body as Record<
      string,
      string
    >;
    expect(reg).toMatchObject({
      userName: 'newbie2',
      name: '王五',
      phone: '13912345678',
      smsCode: '123456',
      companyName: '某设计院',
      userType: '1',
    });
    expect(unb64(reg.password)).toBe('Passw0rd9');
    expect(reg).not.toHaveProperty('confirm');
    // one slider per form: the one for the code; the submits went without one
    expect(calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/slider')).toHaveLength(1);
    for (const c of calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/registerUser'))
      expect(c.body).not.toHaveProperty('sliderToken');
  });

  it('never opens the slider on submit, whatever the answer: the code stood for it', async () => {
    const { calls } = stubFetch((c: Call) =>
      c.url.pathname === '/api/sys/v1/sso/registerUser'
        ? fail(400, '请完成滑块验证', 0, { needSlider: true })
        : ok(c.url.pathname.endsWith('/slider') ? challenge('s3') : null),
    );
    renderApp('/register');
    fireEvent.change(await screen.findByLabelText('登录账号'), { target: { value: 'once' } });
    for (const [l, v] of [
      ['密码', 'Passw0rd9'],
      ['确认密码', 'Passw0rd9'],
      ['姓名', '赵六'],
      ['手机号', '13912345670'],
      ['验证码', '123456'],
    ])
      fill(l, v);
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请完成滑块验证')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '安全验证' })).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/registerUser')).toHaveLength(1);
    expect(calls.some((c) => c.url.pathname === '/api/sys/v1/sso/slider')).toBe(false);
  });

  it('after a send the button counts down each second (N秒后重新获取) and stays disabled', async () => {
    stubFetch((c) => (c.url.pathname.endsWith('sendSmsCode') ? ok(null) : ok({})));
    renderApp('/register');
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重新获取' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1100));
    });
    expect(screen.getByRole('button', { name: '59秒后重新获取' })).toBeDisabled();
  });
});

describe('password reset', () => {
  it('asks the slider once: for the code, not again on submit', async () => {
    const { calls } = stubFetch((c: Call) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sso/slider') return ok(challenge('s2'));
      if (p === '/api/sys/v1/sso/slider/verify') return ok({ sliderToken: 'st-reset' });
      if (p === '/api/sys/v1/sso/sendSmsCode')
        return (c.body as { sliderToken?: string }).sliderToken
          ? ok(null)
          : fail(400, '请完成滑块验证', 0, { needSlider: true });
      return ok(null);
    });
    renderApp('/reset-password');
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800000002' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await within(await screen.findByRole('dialog', { name: '安全验证' })).findByAltText('拼图块');
    await waitFor(() =>
      expect(screen.getByRole('slider', { name: '拖动滑块' })).toHaveAttribute('aria-valuemax', '264'),
    );
    drag(80);
    await screen.findByRole('button', { name: /60秒后重新获取|59秒后重新获取/ });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '安全验证' })).toBeNull());
    fill('验证码', '123456');
    fill('新密码', 'NewPass123');
    fill('确认密码', 'NewPass123');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码已重置，请重新登录')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '安全验证' })).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/slider')).toHaveLength(1);
    expect(calls.find((c) => c.url.pathname === '/api/sys/v1/sso/resetPassword')!.body).not.toHaveProperty(
      'sliderToken',
    );
  });

  it('phone + code + new password → resetPassword; /login says 密码已重置，请重新登录 and a stale token is dropped', async () => {
    localStorage.setItem('access-token', 'old-token');
    const { calls } = stubFetch((c) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sso/sendSmsCode') return ok(null);
      if (p === '/api/sys/v1/sso/resetPassword') {
        const b = c.body as { smsCode: string };
        return b.smsCode === '000000'
          ? fail(400, '验证码错误或已失效', 2, [{ field: 'smsCode', errorMsg: '验证码错误或已失效' }])
          : ok(null);
      }
      return ok({});
    });
    renderApp('/reset-password');
    expect(await screen.findByRole('button', { name: '重置密码' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    fill('手机号', '13800000001');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重新获取' });
    expect(calls.find((c) => c.url.pathname.endsWith('sendSmsCode'))!.url.searchParams.get('purpose')).toBe('reset');
    fill('验证码', '000000');
    fill('新密码', 'NewPass123');
    fill('确认密码', 'NewPass124');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    fill('确认密码', 'NewPass123');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findAllByText('验证码错误或已失效')).not.toHaveLength(0);
    fill('验证码', '654321');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码已重置，请重新登录')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    const body = calls.filter((c) => c.url.pathname.endsWith('resetPassword'))[1].body as Record<string, string>;
    expect(body).toMatchObject({ phone: '13800000001', smsCode: '654321' });
    expect(unb64(body.password)).toBe('NewPass123');
  });
});
