import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/client/providers/authProvider';
import { getToken, setToken, TOKEN_KEY } from '../../src/client/providers/tokenStorage';
import { takeLoginNotice } from '../../src/client/providers/loginNotice';
import { fail, groupAdmin, ok, plainUser, stubFetch } from './fakeApi';

const LOGIN = '/api/sys/v1/sso/login';
const CURRENT = '/api/sys/v1/sys/sysUser/currentUser';

describe('authProvider', () => {
  it('login trims the user name, base64-encodes the password (UTF-8), and keeps a plain token in sessionStorage', async () => {
    const { calls } = stubFetch(() => ok({ ...plainUser, token: 'tok-s' }));
    const auth = createAuthProvider();
    await auth.login({ username: '  zhangsan ', password: '密码Pa55', remember: false });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url.pathname).toBe(LOGIN);
    const body = calls[0].body as { userName: string; password: string; remember: boolean };
    expect(body.userName).toBe('zhangsan');
    expect(body.remember).toBe(false);
    expect(new TextDecoder().decode(Uint8Array.from(atob(body.password), (c) => c.charCodeAt(0)))).toBe('密码Pa55');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-s');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('remember me keeps the token in localStorage', async () => {
    stubFetch(() => ok({ ...plainUser, token: 'tok-l' }));
    await createAuthProvider().login({ username: 'a', password: 'b', remember: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-l');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a failed login rejects with the server message', async () => {
    stubFetch(() => fail(400, '用户名或密码错误'));
    await expect(createAuthProvider().login({ username: 'a', password: 'b' })).rejects.toMatchObject({
      message: '用户名或密码错误',
    });
    expect(getToken()).toBeNull();
  });

  it('logout calls the server with the token, then clears storage', async () => {
    setToken('tok', true);
    sessionStorage.setItem('projectId', '9');
    const { calls } = stubFetch(() => ok(null));
    await createAuthProvider().logout({});
    expect(calls[0].url.pathname).toBe('/api/sys/v1/sso/logout');
    expect(calls[0].headers.get('Access-Token')).toBe('tok');
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem('projectId')).toBeNull();
  });

  it('checkError: 401 rejects (log out) and removes the token', async () => {
    setToken('tok', true);
    window.history.replaceState(null, '', '/sys/user?page=2');
    const err = await createAuthProvider()
      .checkError({ status: 401, message: '用户登录已失效，请重新登录!' })
      .catch((e) => e);
    expect(err).toMatchObject({
      message: '用户登录已失效，请重新登录!',
      redirectTo: '/login?redirect=%2Fsys%2Fuser%3Fpage%3D2',
    });
    expect(getToken()).toBeNull();
    expect(takeLoginNotice()).toBe('用户登录已失效，请重新登录!');
  });

  it('checkError: 403 resolves (stays logged in) and keeps the token', async () => {
    setToken('tok', true);
    await expect(createAuthProvider().checkError({ status: 403 })).resolves.toBeUndefined();
    expect(getToken()).toBe('tok');
  });

  it('checkAuth without a token rejects towards /login?redirect=<path>', async () => {
    window.history.replaceState(null, '', '/divisor');
    await expect(createAuthProvider().checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login?redirect=%2Fdivisor',
      message: false,
    });
  });

  it('checkAuth loads the current user once; empty user data → 校验失败，请重新登录! and the token is cleared', async () => {
    setToken('tok', false);
    const { calls } = stubFetch(() => ok(null));
    const err = await createAuthProvider()
      .checkAuth({})
      .catch((e) => e);
    expect(calls[0].url.pathname).toBe(CURRENT);
    expect(err.message).toBe('校验失败，请重新登录!');
    expect(getToken()).toBeNull();
  });

  it('checkAuth whose currentUser is cut off (a reload) or fails on the server keeps the token; a 401 ends the session', async () => {
    setToken('tok', false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(createAuthProvider().checkAuth({})).rejects.toBeTruthy();
    expect(getToken()).toBe('tok');
    stubFetch(() => fail(500, '服务器错误!'));
    await expect(createAuthProvider().checkAuth({})).rejects.toMatchObject({ message: '服务器错误!' });
    expect(getToken()).toBe('tok');
    stubFetch(() => fail(401, '登录已过期'));
    await expect(createAuthProvider().checkAuth({})).rejects.toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('getIdentity (cached), getPermissions = roleList, canAccess from the registry roles', async () => {
    setToken('tok', false);
    const { calls } = stubFetch(() => ok(groupAdmin));
    const auth = createAuthProvider();
    await auth.checkAuth({});
    expect(await auth.getIdentity!()).toMatchObject({ id: 3, fullName: '李四' });
    expect(await auth.getPermissions!({})).toEqual(['groupAdmin']);
    expect(await auth.canAccess!({ resource: 'sysUser', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'sysRole', action: 'list' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'tpf3BuildMaterial', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'tpf3BuildMaterial', action: 'delete' })).toBe(true);
    expect(calls.filter((c) => c.url.pathname === CURRENT)).toHaveLength(1);
  });

  it('a plain user may read but not write the factor library', async () => {
    setToken('tok', false);
    stubFetch(() => ok(plainUser));
    const auth = createAuthProvider();
    expect(await auth.canAccess!({ resource: 'tpf3BuildMaterial', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'tpf3BuildMaterial', action: 'edit' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'sysUser', action: 'list' })).toBe(false);
  });
});
