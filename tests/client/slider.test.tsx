// The slider check: the one helper that repeats a call with a sliderToken, the SliderCaptcha dialog (drag →
// verify with x and duration; a miss shows 滑块验证失败，请重试 and loads a new puzzle), and password login
// through it (a wrong password past the threshold is shown, the next submit goes through the slider first).
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { challenge, drag } from './sliderHelpers';
import { withSlider, needsSlider, type SliderState } from '../../src/client/account/withSlider';
import { getToken } from '../../src/client/providers/tokenStorage';
import { fail, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';

const needSlider = (message = '请完成滑块验证') =>
  new HttpError(message, 400, { code: 0, message, data: { needSlider: true } });

describe('withSlider', () => {
  it('runs the call; 请完成滑块验证 + needSlider → asks for the slider and repeats the call with the token', async () => {
    const call = vi.fn(async (token?: string) => {
      if (!token) throw needSlider();
      return `done with ${token}`;
    });
    const ask = vi.fn(async () => 'tok-1');
    expect(await withSlider(call, ask)).toBe('done with tok-1');
    expect(call.mock.calls.map((c) => c[0])).toEqual([undefined, 'tok-1']);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('a call that needs no slider never asks', async () => {
    const ask = vi.fn(async () => 'x');
    expect(await withSlider(async () => 42, ask)).toBe(42);
    expect(ask).not.toHaveBeenCalled();
  });

  it('another failure carrying needSlider is thrown as it is, and the next run asks before calling', async () => {
    const state: SliderState = { armed: false };
    const ask = vi.fn(async () => 'tok-2');
    const wrong = vi.fn(async () => {
      throw needSlider('用户名或密码错误');
    });
    await expect(withSlider(wrong, ask, state)).rejects.toMatchObject({ message: '用户名或密码错误' });
    expect(ask).not.toHaveBeenCalled();
    expect(state.armed).toBe(true);
    const right = vi.fn(async (token?: string) => token);
    expect(await withSlider(right, ask, state)).toBe('tok-2');
    expect(right).toHaveBeenCalledTimes(1);
    expect(state.armed).toBe(false);
  });

  it('closing the slider fails the call; a plain error passes through', async () => {
    await expect(
      withSlider(
        async () => Promise.reject(needSlider()),
        () => Promise.reject(new Error('请完成滑块验证')),
      ),
    ).rejects.toThrow('请完成滑块验证');
    const plain = new HttpError('服务器错误!', 500, null);
    expect(needsSlider(plain)).toBe(false);
    await expect(
      withSlider(
        async () => Promise.reject(plain),
        async () => 't',
      ),
    ).rejects.toBe(plain);
  });
});

describe('SliderCaptcha in the login page', () => {
  function api(opts: { failFirstVerify?: boolean } = {}) {
    let slides = 0;
    let verifies = 0;
    let logins = 0;
    const stub = stubFetch((c: Call) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sso/slider') return ok(challenge(`c${++slides}`));
      if (p === '/api/sys/v1/sso/slider/verify') {
        verifies++;
        if (opts.failFirstVerify && verifies === 1) return fail(400, '滑块验证失败，请重试');
        return ok({ sliderToken: `st-${verifies}` });
      }
      if (p === '/api/sys/v1/sso/login') {
        logins++;
        const body = c.body as { sliderToken?: string; password: string };
        if (logins === 1) return fail(400, '用户名或密码错误', 0, { needSlider: true });
        if (!body.sliderToken) return fail(400, '请完成滑块验证', 0, { needSlider: true });
        return ok({ ...plainUser, token: 'tok-after-slider' });
      }
      if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(plainUser);
      return ok({});
    });
    return stub;
  }

  it('a wrong password past the threshold is shown; the next submit opens 安全验证 first, a miss reloads, a pass logs in', async () => {
    const { calls } = api({ failFirstVerify: true });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'demo_user' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong-1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'right-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '安全验证' });
    expect(within(dialog).getByText('拖动滑块完成拼图')).toBeInTheDocument();
    expect(await within(dialog).findByAltText('拼图块')).toHaveAttribute('src', 'data:image/png;base64,BBBB');
    // no login call while the slider is open: the token comes first
    expect(calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/login')).toHaveLength(1);

    await waitFor(() =>
      expect(screen.getByRole('slider', { name: '拖动滑块' })).toHaveAttribute('aria-valuemax', '264'),
    );
    drag(120);
    expect(await within(dialog).findByText('滑块验证失败，请重试')).toBeInTheDocument();
    const first = calls.find((c) => c.url.pathname === '/api/sys/v1/sso/slider/verify')!;
    expect(first.body).toMatchObject({ id: 'c1', x: 120 });
    expect(typeof (first.body as { duration: number }).duration).toBe('number');
    // a new puzzle was loaded, the piece back at 0
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/slider')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('slider', { name: '拖动滑块' })).toHaveAttribute('aria-valuenow', '0'));

    drag(500); // clamped to width - size
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    const verifies = calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/slider/verify');
    expect(verifies[1].body).toMatchObject({ id: 'c2', x: 264 });
    const logins = calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/login');
    expect(logins).toHaveLength(2);
    expect(logins[1].body).toMatchObject({ userName: 'demo_user', sliderToken: 'st-2' });
    expect(getToken()).toBe('tok-after-slider');
  });

  it('刷新 loads a new puzzle; 取消 closes the dialog and says 请完成滑块验证', async () => {
    const { calls } = stubFetch((c) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sso/slider') return ok(challenge('r'));
      if (p === '/api/sys/v1/sso/login') return fail(400, '请完成滑块验证', 0, { needSlider: true });
      return ok({});
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'b' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '安全验证' });
    await within(dialog).findByAltText('拼图背景');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '刷新' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/sys/v1/sso/slider')).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('请完成滑块验证')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
