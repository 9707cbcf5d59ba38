import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passSlider, setConfig } from './accountHelpers';
import { REMEMBER_MS, SESSION_MS } from '../../src/server/auth/sessions';
import { hashToken } from '../../src/server/auth/tokens';
import { b64, testApp, TEST_PASSWORDS, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());
// failures of one test must not put the slider in front of the next one's logins
beforeEach(async () => {
  await t.database.db.deleteFrom('sys_login_failure').execute();
});

const LOGIN = '/api/sys/v1/sso/login';
let ipSeq = 0;
/** Each test logs in from its own address so the per-IP limit of one test does not leak into the next. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function login(body: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: LOGIN, payload: body, remoteAddress });
}

describe('login', () => {
  it('answers the token and the session user', async () => {
    const res = await login({ userName: '  demo_admin ', password: b64(TEST_PASSWORDS.demo_admin) }, freshIp());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { token, userId, tenantId, ...rest } = body.data;
    expect(typeof userId).toBe('number');
    expect(typeof tenantId).toBe('number');
    expect(rest).toEqual({
      name: '演示管理员',
      userName: 'demo_admin',
      avatar: '',
      isTrial: false,
      isAdmin: false,
      createDay: 0,
      companyName: '演示集团',
      roleList: ['groupAdmin'],
      phone: '',
      email: '',
      userType: '',
      mustChangePassword: false,
      trialDaysLeft: null,
      trialExpired: false,
    });
    expect(token).not.toBe(
      (await login({ userName: 'demo_admin', password: b64(TEST_PASSWORDS.demo_admin) }, freshIp())).json().data.token,
    );
  });

  it('marks the trial account and the super admin', async () => {
    const trial = (await login({ userName: 'demo_trial', password: b64(TEST_PASSWORDS.demo_trial) }, freshIp())).json()
      .data;
    expect([trial.isTrial, trial.isAdmin]).toEqual([true, false]);
    const admin = (await login({ userName: 'admin', password: b64(TEST_PASSWORDS.admin) }, freshIp())).json().data;
    expect([admin.isTrial, admin.isAdmin, admin.tenantId, admin.roleList]).toEqual([false, true, null, ['admin']]);
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const a = await login({ userName: 'nobody_here', password: b64('Whatever-1') }, freshIp());
    const b = await login({ userName: 'demo_user', password: b64('Wrong-Pass-1') }, freshIp());
    expect(a.statusCode).toBe(400);
    expect(b.statusCode).toBe(400);
    expect(a.body).toBe(b.body);
    expect(a.headers['content-type']).toBe(b.headers['content-type']);
    expect(a.json()).toEqual({ code: 0, message: '用户名或密码错误', data: null });
  });

  it('decodes the password strictly', async () => {
    for (const bad of [
      '!!!!',
      'abc',
      'RGVtby1Vc2VyLVBhc3MtMQ',
      ' ' + b64(TEST_PASSWORDS.demo_user),
      b64(TEST_PASSWORDS.demo_user) + '\n',
      '/w==',
    ]) {
      const res = await login({ userName: 'demo_user', password: bad }, freshIp());
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ code: 0, message: '密码格式不正确', data: null });
    }
    // a trailing space is part of the password, not trimmed
    const spaced = await login({ userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user + ' ') }, freshIp());
    expect(spaced.json().message).toBe('用户名或密码错误');
  });

  it('validates the body with code 2', async () => {
    const res = await login({ password: 5 }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 2,
      message: '表单校验失败, 请检查输入!',
      data: [
        { field: 'userName', errorMsg: '请输入登录账号' },
        { field: 'password', errorMsg: '密码应当是文本' },
      ],
    });
  });

  it('remember me lasts 7 days, a plain session 12 hours', async () => {
    const plain = (await login({ userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user) }, freshIp())).json()
      .data.token;
    const kept = (
      await login({ userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user), remember: true }, freshIp())
    ).json().data.token;
    const rows = (await t.database.db
      .selectFrom('sys_session')
      .select(['token_hash', 'remember', 'created_at', 'idle_expires_at', 'absolute_expires_at'])
      .where('token_hash', 'in', [hashToken(plain), hashToken(kept)])
      .execute()) as {
      token_hash: string;
      remember: boolean;
      created_at: Date;
      idle_expires_at: Date;
      absolute_expires_at: Date;
    }[];
    const byHash = Object.fromEntries(rows.map((r) => [r.token_hash, r]));
    const p = byHash[hashToken(plain)];
    const k = byHash[hashToken(kept)];
    expect(p.remember).toBe(false);
    expect(+p.absolute_expires_at - +p.created_at).toBe(SESSION_MS);
    expect(+p.idle_expires_at - +p.created_at).toBe(12 * 3600_000);
    expect(k.remember).toBe(true);
    expect(+k.absolute_expires_at - +k.created_at).toBe(REMEMBER_MS);
    expect(REMEMBER_MS).toBe(7 * 86_400_000);
  });

  it('an expired session is refused', async () => {
    const token = await t.login('demo_user');
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token)).status).toBe(200);
    await t.database.db
      .updateTable('sys_session')
      .set({ idle_expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const r = await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token);
    expect(r.status).toBe(401);
  });

  it('touches last_seen at most once a minute, sliding the 12 h idle limit', async () => {
    const token = await t.login('demo_user');
    const h = hashToken(token);
    const read = async () =>
      (await t.database.db
        .selectFrom('sys_session')
        .select(['last_seen_at', 'idle_expires_at', 'absolute_expires_at'])
        .where('token_hash', '=', h)
        .executeTakeFirstOrThrow()) as {
        last_seen_at: Date;
        idle_expires_at: Date;
        absolute_expires_at: Date;
      };
    const first = await read();
    await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token);
    expect(+(await read()).last_seen_at).toBe(+first.last_seen_at); // within the minute: untouched
    await t.database.db
      .updateTable('sys_session')
      .set({
        last_seen_at: sql`now() - interval '2 hours'`,
        idle_expires_at: sql`now() + interval '10 hours'`,
        absolute_expires_at: sql`now() + interval '11 hours'`,
      })
      .where('token_hash', '=', h)
      .execute();
    await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token);
    const touched = await read();
    expect(Date.now() - +touched.last_seen_at).toBeLessThan(10_000);
    // idle limit slides to now + 12 h but never past the absolute limit
    expect(+touched.idle_expires_at).toBe(+touched.absolute_expires_at);
  });

  it('stores only the SHA-256 of a token', async () => {
    const token = await t.login('demo_user');
    const found = await sql<{
      n: number;
    }>`select count(*)::int as n from sys_session where token_hash = ${token} or token_hash = ${hashToken(token)}`.execute(
      t.database.db,
    );
    expect(found.rows[0].n).toBe(1);
    const raw = await sql<{
      n: number;
    }>`select count(*)::int as n from sys_session s where s::text like ${'%' + token + '%'}`.execute(t.database.db);
    expect(raw.rows[0].n).toBe(0);
  });
});

describe('login failures', () => {
  it('never lock an account: after 2 failures a login needs the slider, and passes with it', async () => {
    const user = 'demo_trial';
    const first = await login({ userName: user, password: b64('Wrong-1-pass') }, freshIp());
    expect(first.json()).toEqual({ code: 0, message: '用户名或密码错误', data: null });
    // the second failure says that the next try needs the slider
    const second = await login({ userName: user, password: b64('Wrong-2-pass') }, freshIp());
    expect(second.json()).toEqual({ code: 0, message: '用户名或密码错误', data: { needSlider: true } });
    // even the right password, from any address, now needs the slider — but the account is not locked
    const right = { userName: user, password: b64(TEST_PASSWORDS.demo_trial) };
    const noSlider = await login(right, freshIp());
    expect([noSlider.statusCode, noSlider.json()]).toEqual([
      400,
      { code: 0, message: '请完成滑块验证', data: { needSlider: true } },
    ]);
    const forged = await login({ ...right, sliderToken: 'not-a-real-token-0123456789' }, freshIp());
    expect(forged.json().message).toBe('请完成滑块验证');
    const sliderToken = await passSlider(t);
    const ok = await login({ ...right, sliderToken }, freshIp());
    expect(ok.statusCode).toBe(200);
    // the token was spent: replaying it does not count
    await login({ userName: user, password: b64('Wrong-3-pass') }, freshIp());
    await login({ userName: user, password: b64('Wrong-4-pass') }, freshIp());
    expect((await login({ ...right, sliderToken }, freshIp())).json().message).toBe('请完成滑块验证');
    // other accounts are unaffected
    expect(
      (await login({ userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user) }, freshIp())).statusCode,
    ).toBe(200);
  });

  it('the failures of one address put the slider in front of every account from it', async () => {
    const ip = freshIp();
    await login({ userName: 'ghost_a', password: b64('Wrong-pass-x') }, ip);
    await login({ userName: 'ghost_b', password: b64('Wrong-pass-x') }, ip);
    const r = await login({ userName: 'demo_admin', password: b64(TEST_PASSWORDS.demo_admin) }, ip);
    expect(r.json().data).toEqual({ needSlider: true });
    expect(
      (await login({ userName: 'demo_admin', password: b64(TEST_PASSWORDS.demo_admin) }, freshIp())).statusCode,
    ).toBe(200);
  });

  it('the threshold and the switch come from 全局配置 and take effect at once', async () => {
    const admin = await t.login('admin');
    await setConfig(t, admin, 'login.sliderAfterFailures', '1');
    const one = await login({ userName: 'demo_user', password: b64('Wrong-1-pass') }, freshIp());
    expect(one.json().data).toEqual({ needSlider: true });
    await setConfig(t, admin, 'login.slider', 'off');
    expect(
      (await login({ userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user) }, freshIp())).statusCode,
    ).toBe(200);
    await setConfig(t, admin, 'login.slider', 'on');
    await setConfig(t, admin, 'login.sliderAfterFailures', '2');
  });

  it('limits one address to 20 failures in 15 minutes, also with the slider off', async () => {
    const admin = await t.login('admin');
    await setConfig(t, admin, 'login.slider', 'off');
    try {
      const ip = '10.9.9.9';
      for (let i = 0; i < 20; i++) {
        const r = await login({ userName: `ghost_${i}`, password: b64('Wrong-pass-x') }, ip);
        expect(r.statusCode, `attempt ${i + 1}`).toBe(400);
      }
      const r = await login({ userName: 'demo_admin', password: b64(TEST_PASSWORDS.demo_admin) }, ip);
      expect(r.statusCode).toBe(429);
      expect(r.json()).toEqual({ code: 0, message: '登录失败次数过多，请 15 分钟后再试', data: null });
      expect(
        (await login({ userName: 'demo_admin', password: b64(TEST_PASSWORDS.demo_admin) }, '10.9.9.10')).statusCode,
      ).toBe(200);
      // after the window the address opens again
      await t.database.db
        .updateTable('sys_login_failure')
        .set({ window_start: sql`now() - interval '16 minutes'` })
        .where('key', '=', 'ip:10.9.9.9')
        .execute();
      expect((await login({ userName: 'demo_admin', password: b64(TEST_PASSWORDS.demo_admin) }, ip)).statusCode).toBe(
        200,
      );
    } finally {
      await setConfig(t, admin, 'login.slider', 'on');
    }
  });
});

describe('sessions', () => {
  it('401 without a token, with a query token, or with a garbage token', async () => {
    const token = await t.login('demo_user');
    for (const [url, headers] of [
      ['/api/sys/v1/sys/sysUser/currentUser', {}],
      [`/api/sys/v1/sys/sysUser/currentUser?token=${token}`, {}],
      [`/api/sys/v1/sys/sysUser/currentUser?access-token=${token}`, {}],
      ['/api/sys/v1/sys/sysUser/currentUser', { 'access-token': 'x'.repeat(43) }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ code: 0, message: '用户登录已失效，请重新登录!', data: null });
    }
  });

  it('currentUser answers the login user object without the token', async () => {
    const res = await login({ userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user) }, freshIp());
    const { token, ...user } = res.json().data;
    const me = await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ code: 1, message: '操作成功', data: user });
    expect(user.name).toBe('演示用户');
  });

  it('logout revokes the token server-side', async () => {
    const token = await t.login('demo_user');
    const other = await t.login('demo_user');
    expect((await t.call('GET', '/api/sys/v1/sso/logout', token)).body.code).toBe(1);
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token)).status).toBe(401);
    expect((await t.call('GET', '/api/sys/v1/sso/logout', token)).status).toBe(401);
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', other)).status).toBe(200);
  });

  it('disabling a user ends their sessions and their logins', async () => {
    const admin = await t.login('admin');
    const created = await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
      userName: 'soon_off',
      name: '待停用',
      password: 'Soon-Off-Pass-1',
      roleList: [],
    });
    expect(created.body.code).toBe(1);
    const token = await t.login('soon_off', 'Soon-Off-Pass-1');
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token)).status).toBe(200);
    const upd = await t.call('PUT', '/api/sys/v1/sys/sysUser/', admin, { ...created.body.data, status: 0 });
    expect(upd.body.code).toBe(1);
    const n = await sql<{
      n: number;
    }>`select count(*)::int as n from sys_session where user_id = ${created.body.data.id}`.execute(t.database.db);
    expect(n.rows[0].n).toBe(0);
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token)).status).toBe(401);
    const again = await login({ userName: 'soon_off', password: b64('Soon-Off-Pass-1') }, freshIp());
    expect(again.json()).toMatchObject({ code: 0, message: '用户名或密码错误' });
  });

  it('stores passwords as argon2id and keeps the old one when an update sends none', async () => {
    const admin = await t.login('admin');
    const created = (
      await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
        userName: 'keep_pw',
        name: '保留密码',
        password: 'Keep-Pw-Pass-1',
      })
    ).body.data;
    expect(created).not.toHaveProperty('password');
    const cred = (await t.database.db
      .selectFrom('sys_credential')
      .select('password_hash')
      .where('user_id', '=', created.id)
      .executeTakeFirstOrThrow()) as { password_hash: string };
    expect(cred.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const upd = await t.call('PUT', '/api/sys/v1/sys/sysUser/', admin, { ...created, name: '改名' });
    expect(upd.body.data.name).toBe('改名');
    expect(await t.login('keep_pw', 'Keep-Pw-Pass-1')).toBeTruthy();
    await t.call('PUT', '/api/sys/v1/sys/sysUser/', admin, { ...created, password: 'New-Pw-Pass-2' });
    expect(await t.login('keep_pw', 'New-Pw-Pass-2')).toBeTruthy();
  });
});
