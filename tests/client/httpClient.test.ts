import { describe, expect, it, vi } from 'vitest';
import { apiFetch, apiUrl, toQueryString } from '../../src/client/providers/httpClient';
import { setToken } from '../../src/client/providers/tokenStorage';
import { HTTP_TIMEOUT_MS } from '../../src/client/constants';
import { fail, ok, stubFetch } from './fakeApi';

describe('httpClient (the envelope)', () => {
  it('builds /api URLs with repeated array params and drops empty values', () => {
    expect(apiUrl('sys/v1/sys/sysUser/', { ids: [1, 2], q: '', n: null, name: '电' })).toBe(
      '/api/sys/v1/sys/sysUser/?ids=1&ids=2&name=%E7%94%B5',
    );
    expect(toQueryString({})).toBe('');
  });

  it('sends the Access-Token header and JSON, and returns data on code 1', async () => {
    setToken('tok-123', false);
    const { calls } = stubFetch(() => ok({ a: 1 }));
    await expect(apiFetch('/api/x', { method: 'POST', body: JSON.stringify({ b: 2 }) })).resolves.toEqual({ a: 1 });
    expect(calls[0].headers.get('Access-Token')).toBe('tok-123');
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Access-Token header without a token', async () => {
    const { calls } = stubFetch(() => ok(null));
    await apiFetch('/api/x');
    expect(calls[0].headers.has('Access-Token')).toBe(false);
  });

  it('code 0 → an error carrying the server message', async () => {
    stubFetch(() => fail(200, '名称已存在'));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: '名称已存在', status: 400 });
  });

  it('code 2 with HTTP 400 → HttpError 400 whose body.errors maps fields, root.serverError the message', async () => {
    stubFetch(() =>
      fail(400, '表单校验失败, 请检查输入!', 2, [
        { field: 'name', errorMsg: '请输入名称' },
        { field: 'items.0.value', errorMsg: '值不应多于 50 个字符' },
      ]),
    );
    const err = (await apiFetch('/api/x').catch((e: unknown) => e)) as {
      status: number;
      message: string;
      body: { errors: unknown };
    };
    expect(err.status).toBe(400);
    expect(err.message).toBe('请输入名称');
    expect(err.body.errors).toEqual({
      name: '请输入名称',
      'items.0.value': '值不应多于 50 个字符',
      root: { serverError: '表单校验失败, 请检查输入!' },
    });
  });

  it.each([
    [401, '用户登录已失效，请重新登录!'],
    [403, '没有权限，拒绝访问!'],
    [404, '很抱歉，资源未找到!'],
    [500, '服务器错误!'],
    [504, '网络超时!'],
    [502, '服务正在联调中，请稍后!'],
  ])('HTTP %i without a body message → %s', async (status, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status })),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status, message });
  });

  it('HTTP error with a body message → that message', async () => {
    stubFetch(() => fail(429, '登录失败次数过多，请 15 分钟后再试'));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      status: 429,
      message: '登录失败次数过多，请 15 分钟后再试',
    });
  });

  it('no response → the error message is shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Failed to fetch', status: 0 });
  });

  it('gives up after 180 s with 网络超时!', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const p = apiFetch('/api/slow').catch((e) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(await p).toMatchObject({ status: 504, message: '网络超时!' });
  });
});
