// Account security: registration and reset tell nothing about accounts before the SMS code, at
// most login.sliderAfterFailures passwords are checked before the slider under any concurrency, SMS-code
// guesses cannot outrun their limit, slider challenges are limited per address and pruned, sms.http.url is
// http(s) to a public address without redirects, and generated passwords go only to admin-password.txt.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LIMIT, ACCOUNT_TOO_MANY } from '../../src/server/accounts/loginGate';
import { CHALLENGES_PER_MINUTE, TOO_MANY_CHALLENGES } from '../../src/server/accounts/slider';
import { isPrivateAddress, publicOnlyLookup, URL_NOT_HTTP, URL_PRIVATE } from '../../src/server/accounts/smsGatewayUrl';
import { openPGlite } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/seed/seed';
import { challenge, lastCode, passSlider, sendCode, setConfig } from './accountHelpers';
import { b64, testApp, TEST_PASSWORDS, type TestApp } from './helpers';

// every argon2 verification the server makes (real users and the dummy one for unknown names)
const argon = vi.hoisted(() => ({ verifies: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifies++;
      return real.verify(...args);
    },
  };
});

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, cb) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    cb();
  },
});

let clock = Date.now();
let t: TestApp;
let admin: string;
let seq = 0;
const freshPhone = () => `137${String(20_000_000 + ++seq * 7919).slice(-8)}`;
const freshIp = () => `10.23.${Math.floor(++seq / 250)}.${seq % 250}`;

beforeAll(async () => {
  t = await testApp({ now: () => clock, logStream });
  admin = await t.login('admin');
});
afterAll(() => t.close());
beforeEach(async () => {
  clock += 3_600_000; // the per-phone and per-address SMS limits of the previous case are over
  await t.database.db.deleteFrom('sys_login_failure').where('key', 'not like', 'slider-ip:%').execute();
});

const register = (body: Record<string, unknown>) => t.call('POST', '/api/sys/v1/sso/registerUser', undefined, body);
const registration = (userName: string, phone: string, smsCode: string | undefined) =>
  register({ userName, password: b64('Sec-Pass-2026'), name: '安全测试', phone, smsCode, userType: '1' });
const reset = (phone: string, smsCode: string) =>
  t.call('POST', '/api/sys/v1/sso/resetPassword', undefined, { phone, smsCode, password: b64('New-Pass-2026') });
const WRONG_CODE = {
  code: 2,
  message: '表单校验失败, 请检查输入!',
  data: [{ field: 'smsCode', errorMsg: '验证码错误或已失效' }],
};

describe('registration and reset before the SMS code', () => {
  it('a wrong code answers alike for a registered phone and name and for free ones', async () => {
    const owned = freshPhone();
    expect((await registration('sec_owner', owned, (await sendCode(t, owned, 'register')).code)).body.code).toBe(1);
    clock += 61_000;
    await sendCode(t, owned, 'register');
    const free = freshPhone();
    await sendCode(t, free, 'register');

    const taken = await registration('sec_owner', owned, '000000');
    const open = await registration('sec_nobody', free, '000000');
    expect([taken.status, taken.body]).toEqual([400, WRONG_CODE]);
    expect([open.status, open.body]).toEqual([taken.status, taken.body]);
    // no code at all (never sent) answers the same too
    const never = await registration('sec_owner', freshPhone(), '123456');
    expect([never.status, never.body]).toEqual([taken.status, taken.body]);
  });

  it('a valid code may learn of a conflict, and a refused registration leaves the code for a second try', async () => {
    const owned = freshPhone();
    expect((await registration('sec_first', owned, (await sendCode(t, owned, 'register')).code)).body.code).toBe(1);
    clock += 61_000;
    const ownCode = (await sendCode(t, owned, 'register')).code;
    expect((await registration('sec_other', owned, ownCode)).body.data).toEqual([
      { field: 'phone', errorMsg: '手机号已注册' },
    ]);

    const phone = freshPhone();
    const code = (await sendCode(t, phone, 'register')).code;
    expect((await registration('sec_first', phone, code)).body.data).toEqual([
      { field: 'userName', errorMsg: '登录账号已存在' },
    ]);
    expect((await registration('sec_second', phone, code)).body.code).toBe(1);
    expect((await registration('sec_third', phone, code)).body).toEqual(WRONG_CODE); // now spent
  });

  it('reset: a known and an unknown phone with a wrong code answer identically, and the unknown one gets no code', async () => {
    const known = freshPhone();
    expect((await registration('sec_resetter', known, (await sendCode(t, known, 'register')).code)).body.code).toBe(1);
    const unknown = freshPhone();
    await sendCode(t, known, 'reset');
    const sent = await sendCode(t, unknown, 'reset');
    expect(sent.body).toEqual({ code: 1, message: '验证码已发送', data: null });
    expect(lastCode(t, unknown, 'reset')).toBeUndefined();
    const a = await reset(known, '000000');
    const b = await reset(unknown, '000000');
    expect([a.status, a.body]).toEqual([400, WRONG_CODE]);
    expect([b.status, b.body]).toEqual([a.status, a.body]);
  });

  it('parallel guesses of one code take at most 5 tries between them', async () => {
    const phone = freshPhone();
    expect((await registration('sec_guessed', phone, (await sendCode(t, phone, 'register')).code)).body.code).toBe(1);
    clock += 61_000;
    const { code } = await sendCode(t, phone, 'login');
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call('POST', '/api/sys/v1/sso/smsLogin', undefined, { phone, smsCode: String(i).padStart(6, '9') }),
      ),
    );
    expect(guesses.every((g) => g.body.message === '验证码错误或已失效')).toBe(true);
    const row = (await t.database.db
      .selectFrom('sys_sms_code')
      .select('attempts')
      .where('phone', '=', phone)
      .where('purpose', '=', 'login')
      .executeTakeFirstOrThrow()) as { attempts: number };
    expect(row.attempts).toBe(5);
    expect((await t.call('POST', '/api/sys/v1/sso/smsLogin', undefined, { phone, smsCode: code })).body.message).toBe(
      '验证码错误或已失效',
    );
  });
});

describe('failed logins', () => {
  const login = (body: Record<string, unknown>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/sys/v1/sso/login', payload: body, remoteAddress });

  it('60 parallel wrong passwords for one account, from 60 addresses: only sliderAfterFailures are checked', async () => {
    const after = 2; // login.sliderAfterFailures as seeded
    const before = argon.verifies;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login({ userName: 'demo_user', password: b64(`Wrong-Pass-${i}`) }, freshIp()),
      ),
    );
    const messages = answers.map((a) => a.json().message as string);
    expect(argon.verifies - before).toBe(after);
    expect(messages.filter((m) => m === '用户名或密码错误')).toHaveLength(after);
    expect(messages.filter((m) => m === '请完成滑块验证')).toHaveLength(60 - after);
    // an unknown name is counted alike (the dummy verification)
    const ghost = argon.verifies;
    await Promise.all(
      Array.from({ length: 20 }, () => login({ userName: 'sec_ghost', password: b64('Wrong-Pass-1') }, freshIp())),
    );
    expect(argon.verifies - ghost).toBe(after);
    // the owner passes with the slider, and that clears the account's count
    const ok = await login(
      { userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user), sliderToken: await passSlider(t) },
      freshIp(),
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (await login({ userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user) }, freshIp())).statusCode,
    ).toBe(200);
  });

  it('a refused try gives its reservation back; a slider bought per try stops at the per-account limit', async () => {
    // 20 requests without a slider after 2 failures leave the count at 2: none of them checked anything
    for (let i = 0; i < 2; i++) await login({ userName: 'demo_trial', password: b64('Wrong-Pass-9') }, freshIp());
    await Promise.all(
      Array.from({ length: 20 }, () => login({ userName: 'demo_trial', password: b64('Wrong-Pass-9') }, freshIp())),
    );
    const count = async () =>
      (
        (await t.database.db
          .selectFrom('sys_login_failure')
          .select('count')
          .where('key', '=', 'user:demo_trial')
          .executeTakeFirstOrThrow()) as { count: number }
      ).count;
    expect(await count()).toBe(2);

    await t.database.db
      .updateTable('sys_login_failure')
      .set({ count: ACCOUNT_LIMIT, window_start: sql`now()` })
      .where('key', '=', 'user:demo_trial')
      .execute();
    const before = argon.verifies;
    const r = await login(
      { userName: 'demo_trial', password: b64(TEST_PASSWORDS.demo_trial), sliderToken: await passSlider(t) },
      freshIp(),
    );
    expect([r.statusCode, r.json().message]).toEqual([429, ACCOUNT_TOO_MANY]);
    expect(argon.verifies).toBe(before);
    expect(await count()).toBe(ACCOUNT_LIMIT);
  });
});

describe('slider challenges', () => {
  it(`${CHALLENGES_PER_MINUTE} a minute per address, then a clear 429; other addresses are not affected`, async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < CHALLENGES_PER_MINUTE; i++) expect((await challenge(t, ip)).body.code).toBe(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/v1/sso/slider', remoteAddress: ip });
    expect([res.statusCode, res.json()]).toEqual([429, { code: 0, message: TOO_MANY_CHALLENGES, data: null }]);
    expect((await challenge(t, '203.0.113.8')).body.code).toBe(1);
  });

  it('expired challenges are pruned by the next one; a token earned in time outlives its challenge', async () => {
    const stale = await challenge(t);
    const answered = await challenge(t);
    clock += 100_000;
    // answered at +100 s: the challenge ends at +120 s, its token at +220 s
    const verified = await t.call('POST', '/api/sys/v1/sso/slider/verify', undefined, {
      id: answered.id,
      x: answered.gapX + 2,
      duration: 900,
    });
    const token = verified.body.data.sliderToken as string;
    clock += 50_000;
    await challenge(t);
    const ids = (await t.database.db.selectFrom('sys_slider').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(stale.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/sys/v1/sso/sendSmsCode?phone=${freshPhone()}&purpose=register`,
      payload: { sliderToken: token },
      remoteAddress: freshIp(),
    });
    expect(res.json().message).toBe('验证码已发送');
    clock += 3 * 60_000;
    await challenge(t);
    const live = (
      await t.database.db.selectFrom('sys_slider').select('id').where('expires_at', '<', new Date(clock)).execute()
    ).length;
    expect(live).toBe(0);
  });
});

describe('sms.http.url', () => {
  const saveUrl = async (value: string) => {
    const list = await t.call('GET', '/api/sys/v1/sys/sysConfig/?pageSize=-1&configKey=sms.http.url', admin);
    const row = list.body.data.dataList.find((r: { configKey: string }) => r.configKey === 'sms.http.url');
    return (await t.call('PUT', '/api/sys/v1/sys/sysConfig/', admin, { ...row, configValue: value })).body;
  };
  const refused = (errorMsg: string) => ({
    code: 2,
    message: '表单校验失败, 请检查输入!',
    data: [{ field: 'configValue', errorMsg }],
  });

  it('saves http(s) to a public host only', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1:6379/_x', 'ftp://sms.example.com/', 'not a url'])
      expect(await saveUrl(url)).toEqual(refused(URL_NOT_HTTP));
    for (const url of [
      'http://127.0.0.1:8080/send',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/',
      'http://172.20.0.1/',
      'http://192.168.1.1/',
      'http://0.0.0.0/',
      'http://2130706433/', // 127.0.0.1 written as a number
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://localhost:8080/',
    ])
      expect(await saveUrl(url), url).toEqual(refused(URL_PRIVATE));
    expect((await saveUrl('https://sms.example.com/send')).code).toBe(1);
    expect((await saveUrl('')).code).toBe(1);
    process.env.SMS_HTTP_ALLOW_PRIVATE = '1';
    try {
      expect((await saveUrl('http://127.0.0.1:8080/send')).code).toBe(1);
    } finally {
      delete process.env.SMS_HTTP_ALLOW_PRIVATE;
      await saveUrl('');
    }
  });

  it('classifies addresses and refuses a name that resolves to a private one', async () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '::',
      '169.254.169.254',
      'fe80::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888']) expect(isPrivateAddress(a), a).toBe(false);
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (e) => resolve(e)),
    );
    expect(err?.message).toContain('短信网关地址不能指向本机');
  });

  describe('sending', () => {
    let gateway: Server;
    let target: Server;
    let gatewayHits = 0;
    let targetHits = 0;
    const listen = async (s: Server) => {
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
      return (s.address() as AddressInfo).port;
    };
    beforeAll(async () => {
      target = createServer((_req, res) => {
        targetHits++;
        res.end('{}');
      });
      const targetPort = await listen(target);
      gateway = createServer((req, res) => {
        gatewayHits++;
        req.resume();
        if (req.url === '/redirect') res.writeHead(307, { location: `http://127.0.0.1:${targetPort}/stolen` }).end();
        else res.end('{}');
      });
      await listen(gateway);
      await setConfig(t, admin, 'sms.sender', 'http');
    });
    afterAll(async () => {
      delete process.env.SMS_HTTP_ALLOW_PRIVATE;
      await setConfig(t, admin, 'sms.sender', 'dev');
      await saveUrl('');
      gateway.close();
      target.close();
    });
    const port = () => (gateway.address() as AddressInfo).port;
    const send = async () => (await sendCode(t, freshPhone(), 'register', freshIp())).body;

    it('a local gateway works only with SMS_HTTP_ALLOW_PRIVATE=1, checked again at send time (also after DNS)', async () => {
      process.env.SMS_HTTP_ALLOW_PRIVATE = '1';
      await setConfig(t, admin, 'sms.http.url', `http://127.0.0.1:${port()}/send`);
      expect((await send()).code).toBe(1);
      expect(gatewayHits).toBe(1);

      delete process.env.SMS_HTTP_ALLOW_PRIVATE; // the flag taken away after the address was saved
      expect(await send()).toEqual({ code: 0, message: '验证码发送失败，请稍后再试', data: null });
      process.env.SMS_HTTP_ALLOW_PRIVATE = '1';
      await setConfig(t, admin, 'sms.http.url', `http://localhost:${port()}/send`);
      delete process.env.SMS_HTTP_ALLOW_PRIVATE;
      expect((await send()).message).toBe('验证码发送失败，请稍后再试'); // the name resolves to 127.0.0.1
      expect(gatewayHits).toBe(1);
    });

    it('does not follow a redirect: a 3xx is a failure, logged', async () => {
      process.env.SMS_HTTP_ALLOW_PRIVATE = '1';
      await setConfig(t, admin, 'sms.http.url', `http://127.0.0.1:${port()}/redirect`);
      const hits = gatewayHits;
      expect((await send()).message).toBe('验证码发送失败，请稍后再试');
      expect(gatewayHits).toBe(hits + 1);
      expect(targetHits).toBe(0);
      expect(logLines.some((l) => l.includes('sms gateway failed') && l.includes('307'))).toBe(true);
    });
  });
});

describe('first start', () => {
  it('writes generated passwords only to admin-password.txt (mode 600) and prints only where it is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tansuan-seed-'));
    const database = await openPGlite({});
    try {
      await migrate(database.db);
      const printed: string[] = [];
      const result = await seed(database.db, {
        adminPassword: 'Given-Admin-Pass-1',
        dataDir,
        print: (l) => printed.push(l),
      });
      expect(result.generated).toEqual(['demo_admin', 'demo_user', 'demo_trial']);
      const file = join(dataDir, 'admin-password.txt');
      for (const a of result.generated) expect(printed.join('\n')).not.toContain(result.passwords[a]);
      expect(printed).toEqual([expect.stringContaining(file)]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const text = readFileSync(file, 'utf8');
      for (const a of result.generated) expect(text).toContain(`\n${a} ${result.passwords[a]}\n`);
      expect(text).toContain('首次登录时必须修改密码');
      expect(text).not.toContain('Given-Admin-Pass-1');
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
