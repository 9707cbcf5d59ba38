// The slider check, the SMS sender settings with their write-only key, and logs that never
// hold a code, a password or a token.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challenge, outbox, passSlider, sendCode, setConfig } from './accountHelpers';
import { b64, testApp, type TestApp } from './helpers';

let clock = Date.now();
let logs = '';
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  t = await testApp({ now: () => clock, logStream: stream });
});
afterAll(() => t.close());

const VERIFY = '/api/sys/v1/sso/slider/verify';
const verify = (body: Record<string, unknown>) => t.call('POST', VERIFY, undefined, body);
const FAILED = { code: 0, message: '滑块验证失败，请重试', data: null };

describe('slider', () => {
  it('draws a background with the gap and a piece, and never sends the gap position', async () => {
    const { body, gapX } = await challenge(t);
    const d = body.data;
    expect(Object.keys(d).sort()).toEqual(['background', 'height', 'id', 'piece', 'size', 'width', 'y']);
    expect([d.width, d.height, d.size]).toEqual([320, 160, 56]);
    expect(JSON.stringify(body)).not.toMatch(new RegExp(`"(x|gapX|gap_x)":`));
    const bg = await sharp(Buffer.from(d.background.replace(/^data:image\/png;base64,/, ''), 'base64')).metadata();
    const piece = await sharp(Buffer.from(d.piece.replace(/^data:image\/png;base64,/, ''), 'base64')).metadata();
    expect([bg.width, bg.height, piece.width, piece.height, piece.hasAlpha]).toEqual([320, 160, 56, 56, true]);
    // the gap keeps clear of the start, so not dragging never passes
    expect(gapX).toBeGreaterThanOrEqual(76);
    expect(gapX).toBeLessThanOrEqual(320 - 56 - 4);
  });

  it('a wrong position, a too-fast drag or a second answer fails; a right one gives a one-time token', async () => {
    let c = await challenge(t);
    expect((await verify({ id: c.id, x: c.gapX + 6, duration: 900 })).body).toEqual(FAILED);
    expect((await verify({ id: c.id, x: c.gapX, duration: 900 })).body).toEqual(FAILED); // used up by the wrong answer
    c = await challenge(t);
    expect((await verify({ id: c.id, x: c.gapX, duration: 50 })).body).toEqual(FAILED); // no hand drags that fast
    c = await challenge(t);
    const ok = await verify({ id: c.id, x: c.gapX - 5, duration: 700 });
    expect(ok.body.code).toBe(1);
    expect(ok.body.data.sliderToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await verify({ id: c.id, x: c.gapX, duration: 700 })).body).toEqual(FAILED);
    expect((await verify({ id: 'no-such-challenge', x: 100, duration: 700 })).body).toEqual(FAILED);
  });

  it('a token is spent once and ends after 2 minutes; so does an unanswered challenge', async () => {
    const phone = '13600000001';
    const token = await passSlider(t);
    const send = (sliderToken: string) =>
      t.call('PUT', `/api/sys/v1/sso/sendSmsCode?phone=${phone}&purpose=register`, undefined, { sliderToken });
    expect((await send(token)).body.code).toBe(1);
    clock += 61_000;
    expect((await send(token)).body.message).toBe('请完成滑块验证');

    const late = await passSlider(t);
    clock += 2 * 60_000 + 1000;
    expect((await send(late)).body.message).toBe('请完成滑块验证');
    const c = await challenge(t);
    clock += 2 * 60_000 + 1000;
    expect((await verify({ id: c.id, x: c.gapX, duration: 700 })).body).toEqual(FAILED);
  });

  it('off in 全局配置: SMS codes go out without it', async () => {
    const admin = await t.login('admin');
    await setConfig(t, admin, 'login.slider', 'off');
    try {
      const r = await t.call('PUT', '/api/sys/v1/sso/sendSmsCode?phone=13600000002&purpose=register');
      expect(r.body.code).toBe(1);
    } finally {
      await setConfig(t, admin, 'login.slider', 'on');
    }
  });
});

describe('SMS sender settings', () => {
  it('the gateway key is write-only; the HTTP sender posts the code to the gateway with it', async () => {
    const received: { body: Record<string, unknown>; key: string | undefined }[] = [];
    const gateway = createServer((req: IncomingMessage, res) => {
      let s = '';
      req.on('data', (d) => (s += d));
      req.on('end', () => {
        received.push({ body: JSON.parse(s), key: req.headers['x-api-key'] as string | undefined });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const port = (gateway.address() as AddressInfo).port;
    const admin = await t.login('admin');
    process.env.SMS_HTTP_ALLOW_PRIVATE = '1'; // the test's gateway listens on 127.0.0.1 (accountSecurity.test.ts: refused without)
    try {
      await setConfig(t, admin, 'sms.http.key', 'Gateway-Secret-Key');
      await setConfig(t, admin, 'sms.http.url', `http://127.0.0.1:${port}/send`);
      await setConfig(t, admin, 'sms.http.template', 'SMS_0042');
      const rows = (await t.call('GET', '/api/sys/v1/sys/sysConfig/?pageSize=-1', admin)).body.data.dataList as {
        id: number;
        configKey: string;
        configValue: string;
      }[];
      const keyRow = rows.find((r) => r.configKey === 'sms.http.key')!;
      expect(keyRow.configValue).toBe('******');
      expect(JSON.stringify(rows)).not.toContain('Gateway-Secret-Key');
      expect(JSON.stringify((await t.call('GET', `/api/sys/v1/sys/sysConfig/${keyRow.id}`, admin)).body)).not.toContain(
        'Gateway-Secret-Key',
      );
      // saving the row back as read keeps the secret
      await t.call('PUT', '/api/sys/v1/sys/sysConfig/', admin, { ...keyRow, remarks: '改了备注' });
      await setConfig(t, admin, 'sms.sender', 'http');

      const before = outbox(t).length;
      clock += 3_600_000;
      const sent = await sendCode(t, '13600000003', 'register');
      expect(sent.body.code).toBe(1);
      expect(outbox(t).length).toBe(before); // nothing in the dev outbox
      expect(received).toHaveLength(1);
      expect(received[0].key).toBe('Gateway-Secret-Key');
      expect(received[0].body).toMatchObject({ phone: '13600000003', purpose: 'register', template: 'SMS_0042' });
      expect(String(received[0].body.code)).toMatch(/^\d{6}$/);

      // a gateway that is down: a clear message
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
      clock += 61_000;
      const down = await sendCode(t, '13600000003', 'register');
      expect([down.status, down.body.message]).toEqual([502, '验证码发送失败，请稍后再试']);
    } finally {
      gateway.close();
      delete process.env.SMS_HTTP_ALLOW_PRIVATE;
      await setConfig(t, admin, 'sms.sender', 'dev');
    }
  });
});

describe('logs', () => {
  it('hold no SMS code, password or token', async () => {
    clock += 3_600_000;
    const phone = '13600000009';
    const { code } = await sendCode(t, phone, 'register');
    const password = 'Log-Check-Pass-5';
    const reg = await t.call('POST', '/api/sys/v1/sso/registerUser', undefined, {
      userName: 'log_user',
      password: b64(password),
      name: '日志',
      phone,
      smsCode: code,
    });
    expect(reg.body.code).toBe(1);
    clock += 61_000;
    const login = await sendCode(t, phone, 'login');
    const res = await t.call('POST', '/api/sys/v1/sso/smsLogin', undefined, { phone, smsCode: login.code });
    const token = res.body.data.token as string;
    await t.call('PUT', '/api/sys/v1/sys/sysUser/updatePassword', token, {
      oldPassword: b64(password),
      newPassword: b64('Log-Check-Pass-6'),
    });
    expect(logs).toContain('sms code');
    for (const secret of [password, b64(password), 'Log-Check-Pass-6', token]) expect(logs).not.toContain(secret);
    // a code as a number of its own (not the digits inside a timestamp)
    for (const c of [code!, login.code!]) expect(logs).not.toMatch(new RegExp(`(?<!\\d)${c}(?!\\d)`));
    expect(logs).toContain('136****0009');
  });
});
