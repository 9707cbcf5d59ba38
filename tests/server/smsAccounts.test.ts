// SMS codes, SMS login, registration and password reset, on a clock the test moves.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastCode, outbox, passSlider, sendCode } from './accountHelpers';
import { b64, testApp, type TestApp } from './helpers';

let clock = Date.now();
let t: TestApp;
let phoneSeq = 0;
/** A phone of its own for each case, so the per-phone limits of one case do not reach the next. */
const freshPhone = () => `139${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;

beforeAll(async () => {
  t = await testApp({ now: () => clock });
});
afterAll(() => t.close());
beforeEach(() => {
  clock += 3_600_000; // an hour later: the per-address limits of the previous case are over
});

const SEND = '/api/sys/v1/sso/sendSmsCode';
const register = (body: Record<string, unknown>) => t.call('POST', '/api/sys/v1/sso/registerUser', undefined, body);

/** The form as the client sends it: one slider, for the code (sendCode), and none on submit. */
async function registerUser(userName: string, phone: string, over: Record<string, unknown> = {}) {
  const { code } = await sendCode(t, phone, 'register');
  const r = await register({
    userName,
    password: b64('Reg-Pass-2026'),
    name: '注册用户',
    phone,
    smsCode: code,
    companyName: '某设计院',
    userType: '1',
    ...over,
  });
  clock += 61_000; // the next code for this phone may be sent
  return r;
}

describe('sending codes', () => {
  it('needs the slider, validates the phone and writes one JSON line to the dev outbox', async () => {
    const phone = freshPhone();
    const bare = await t.call('PUT', `${SEND}?phone=${phone}&purpose=register`);
    expect([bare.status, bare.body]).toEqual([400, { code: 0, message: '请完成滑块验证', data: { needSlider: true } }]);
    const bad = await t.call('PUT', `${SEND}?phone=12345678901&purpose=register`, undefined, {
      sliderToken: await passSlider(t),
    });
    expect(bad.body).toEqual({
      code: 2,
      message: '表单校验失败, 请检查输入!',
      data: [{ field: 'phone', errorMsg: '请输入正确的手机号' }],
    });
    const sent = await sendCode(t, phone, 'register');
    expect(sent.body).toEqual({ code: 1, message: '验证码已发送', data: null });
    const line = outbox(t).pop()!;
    expect(Object.keys(line).sort()).toEqual(['code', 'phone', 'purpose', 'time']);
    expect(line).toMatchObject({ phone, purpose: 'register', time: new Date(clock).toISOString() });
    expect(line.code).toMatch(/^\d{6}$/);
  });

  it('answers the same for a phone without an account and sends it nothing', async () => {
    const phone = freshPhone();
    const before = outbox(t).length;
    const r = await sendCode(t, phone, 'login');
    expect(r.body).toEqual({ code: 1, message: '验证码已发送', data: null });
    expect(outbox(t).length).toBe(before);
  });

  it('one per phone per 60 s, ten per phone per day, twenty per address per hour', async () => {
    const phone = freshPhone();
    expect((await sendCode(t, phone, 'register')).status).toBe(200);
    clock += 30_000;
    const soon = await sendCode(t, phone, 'register');
    expect([soon.status, soon.body.message]).toEqual([429, '验证码发送过于频繁，请 30 秒后再试']);
    for (let i = 2; i <= 10; i++) {
      clock += 61_000;
      expect((await sendCode(t, phone, 'register')).status, `send ${i}`).toBe(200);
    }
    clock += 61_000;
    const eleventh = await sendCode(t, phone, 'register');
    expect([eleventh.status, eleventh.body.message]).toEqual([429, '今日验证码发送次数已达上限']);
    clock += 24 * 3_600_000;
    expect((await sendCode(t, phone, 'register')).status).toBe(200);

    clock += 3_600_000;
    for (let i = 0; i < 20; i++)
      expect((await sendCode(t, freshPhone(), 'register', '10.7.7.7')).status, `address send ${i + 1}`).toBe(200);
    const r = await sendCode(t, freshPhone(), 'register', '10.7.7.7');
    expect([r.status, r.body.message]).toEqual([429, '请求过于频繁，请稍后再试']);
    expect((await sendCode(t, freshPhone(), 'register', '10.7.7.8')).status).toBe(200);
  });
});

describe('registration and SMS login', () => {
  it('a registered user is a trial user in a tenant of their own, and logs in by SMS', async () => {
    const phone = freshPhone();
    const reg = await registerUser('reg_alice', phone);
    expect(reg.body).toEqual({ code: 1, message: '注册成功，请登录', data: { userName: 'reg_alice' } });

    const { code } = await sendCode(t, phone, 'login');
    const login = await t.call('POST', '/api/sys/v1/sso/smsLogin', undefined, { phone, smsCode: code });
    expect(login.body.code).toBe(1);
    const me = login.body.data;
    expect(me).toMatchObject({
      userName: 'reg_alice',
      name: '注册用户',
      isTrial: true,
      phone,
      companyName: '某设计院',
      userType: '1',
      mustChangePassword: false,
      trialExpired: false,
      roleList: [],
    });
    // 30 days (trial.days) from the account's creation, on the test's clock, a started day counting as a day
    const created = (await t.database.db
      .selectFrom('sys_user')
      .select('create_date')
      .where('id', '=', me.userId)
      .executeTakeFirstOrThrow()) as { create_date: Date };
    expect(me.trialDaysLeft).toBe(Math.ceil((+created.create_date + 30 * 86_400_000 - clock) / 86_400_000));
    expect(me.trialDaysLeft).toBeGreaterThanOrEqual(28);
    const demo = (await t.database.db
      .selectFrom('sys_tenant')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow()) as { id: number };
    expect(me.tenantId).not.toBe(demo.id);
    // own tenant: the demo tenant's engineering projects are not visible
    const list = await t.call('GET', '/api/tpf/v1/tpf/tpf3Engineering/?pageSize=-1', me.token);
    expect(list.body.data.total).toBe(0);
    // and the password chosen at registration works
    expect(await t.login('reg_alice', 'Reg-Pass-2026')).toBeTruthy();
  });

  it('用户类型 may be left out; a value that is none of its choices is refused as 请选择用户类型', async () => {
    const odd = await registerUser(`reg_odd_${Date.now() % 100000}`, freshPhone(), { userType: '' });
    expect([odd.status, odd.body]).toEqual([
      400,
      { code: 2, message: '表单校验失败, 请检查输入!', data: [{ field: 'userType', errorMsg: '请选择用户类型' }] },
    ]);
    const none = await registerUser(`reg_none_${Date.now() % 100000}`, freshPhone(), { userType: undefined });
    expect(none.body.code).toBe(1);
  });

  it('refuses duplicate user names and phones, weak passwords and wrong codes, and creates nothing', async () => {
    const phone = freshPhone();
    expect((await registerUser('reg_bob', phone)).body.code).toBe(1);
    const users = async () =>
      Number(
        (
          (await t.database.db
            .selectFrom('sys_user')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()) as { n: number }
        ).n,
      );
    const before = await users();

    const dupName = await registerUser('reg_bob', freshPhone());
    expect(dupName.body.data).toEqual([{ field: 'userName', errorMsg: '登录账号已存在' }]);
    const dupPhone = await registerUser('reg_bob2', phone);
    expect(dupPhone.body.data).toEqual([{ field: 'phone', errorMsg: '手机号已注册' }]);
    const weak = await registerUser('reg_bob3', freshPhone(), { password: b64('abcdefgh') });
    expect(weak.body.data).toEqual([{ field: 'password', errorMsg: '密码至少 8 位，须同时包含字母和数字' }]);
    const wrong = await registerUser('reg_bob4', freshPhone(), { smsCode: '000000x' });
    expect(wrong.body.data).toEqual([{ field: 'smsCode', errorMsg: '验证码错误或已失效' }]);
    // without its code nothing goes through (the code is what stands for the slider)
    const noCode = await registerUser('reg_bob5', freshPhone(), { smsCode: '' });
    expect(noCode.body.code).toBe(2);
    expect(await users()).toBe(before);
  });

  it('asks the slider once per form: the code, sent only after a solved slider, stands for it on submit', async () => {
    const tokens = async () =>
      (await t.database.db.selectFrom('sys_slider').select('id').where('token_hash', 'is not', null).execute()).length;
    const phone = freshPhone();
    const { code } = await sendCode(t, phone, 'register');
    const live = await tokens();
    const body = { userName: 'reg_once', password: b64('Reg-Pass-2026'), name: '注册用户', phone, smsCode: code };
    const r = await register(body);
    expect(r.body).toEqual({ code: 1, message: '注册成功，请登录', data: { userName: 'reg_once' } });
    expect(await tokens()).toBe(live); // no slider token asked or spent by the submit
    clock += 61_000;

    const reset = (await sendCode(t, phone, 'reset')).code;
    const done = await t.call('POST', '/api/sys/v1/sso/resetPassword', undefined, {
      phone,
      smsCode: reset,
      password: b64('Once-Pass-2026'),
    });
    expect(done.body).toEqual({ code: 1, message: '密码已重置，请重新登录', data: null });
    // and without its code neither goes through, a slider or not
    clock += 61_000;
    await sendCode(t, phone, 'reset');
    const wrong = await t.call('POST', '/api/sys/v1/sso/resetPassword', undefined, {
      phone,
      smsCode: '000000',
      password: b64('Twice-Pass-2026'),
    });
    expect(wrong.body.data).toEqual([{ field: 'smsCode', errorMsg: '验证码错误或已失效' }]);
  });

  it('a code is single use, ends after 5 minutes, belongs to its phone and purpose, and dies after 5 wrong tries', async () => {
    const phone = freshPhone();
    const other = freshPhone();
    expect((await registerUser('reg_carol', phone)).body.code).toBe(1);
    expect((await registerUser('reg_dave', other)).body.code).toBe(1);
    const smsLogin = (p: string, smsCode: string | undefined) =>
      t.call('POST', '/api/sys/v1/sso/smsLogin', undefined, { phone: p, smsCode });

    const { code } = await sendCode(t, phone, 'login');
    expect((await smsLogin(other, code)).body).toEqual({ code: 0, message: '验证码错误或已失效', data: null });
    expect((await smsLogin(phone, code)).body.code).toBe(1);
    expect((await smsLogin(phone, code)).body.message).toBe('验证码错误或已失效'); // used

    clock += 61_000;
    const late = (await sendCode(t, phone, 'login')).code;
    clock += 5 * 60_000 + 1000;
    expect((await smsLogin(phone, late)).body.message).toBe('验证码错误或已失效'); // expired

    const reset = (await sendCode(t, phone, 'reset')).code;
    expect((await smsLogin(phone, reset)).body.message).toBe('验证码错误或已失效'); // another purpose

    clock += 61_000;
    const tried = (await sendCode(t, phone, 'login')).code!;
    for (let i = 0; i < 5; i++)
      expect((await smsLogin(phone, tried === '000000' ? '111111' : '000000')).body.code).toBe(0);
    expect((await smsLogin(phone, tried)).body.message).toBe('验证码错误或已失效'); // five wrong tries end it
    expect(lastCode(t, phone, 'login')).toBe(tried);
  });
});

describe('password reset', () => {
  it('sets a new password by SMS code and ends every session', async () => {
    const phone = freshPhone();
    expect((await registerUser('reg_erin', phone)).body.code).toBe(1);
    const a = await t.login('reg_erin', 'Reg-Pass-2026');
    const b = await t.login('reg_erin', 'Reg-Pass-2026');
    const { code } = await sendCode(t, phone, 'reset');
    const weak = await t.call('POST', '/api/sys/v1/sso/resetPassword', undefined, {
      phone,
      smsCode: code,
      password: b64('short1'),
    });
    expect(weak.body.data).toEqual([{ field: 'password', errorMsg: '密码至少 8 位，须同时包含字母和数字' }]);
    const r = await t.call('POST', '/api/sys/v1/sso/resetPassword', undefined, {
      phone,
      smsCode: code,
      password: b64('Reset-Pass-77'),
    });
    expect(r.body).toEqual({ code: 1, message: '密码已重置，请重新登录', data: null });
    for (const token of [a, b])
      expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', token)).status).toBe(401);
    await expect(t.login('reg_erin', 'Reg-Pass-2026')).rejects.toThrow(/用户名或密码错误/);
    expect(await t.login('reg_erin', 'Reset-Pass-77')).toBeTruthy();
    const again = await t.call('POST', '/api/sys/v1/sso/resetPassword', undefined, {
      phone,
      smsCode: code,
      password: b64('Reset-Pass-88'),
    });
    expect(again.body.data).toEqual([{ field: 'smsCode', errorMsg: '验证码错误或已失效' }]);
  });
});
