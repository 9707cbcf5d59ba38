import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/server/http/logger';
import { b64, testApp, TEST_PASSWORDS, type TestApp } from './helpers';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, cb) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    cb();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ logStream: stream });
});
afterAll(() => t.close());

describe('logs', () => {
  it('cut secret query parameters out of URLs', () => {
    expect(redactUrl('/upload/a.xlsx?token=SECRET123&x=1')).toBe('/upload/a.xlsx?token=[Redacted]&x=1');
    expect(redactUrl('/a?x=1&password=p&sig=abc&Access-Token=t')).toBe(
      '/a?x=1&password=[Redacted]&sig=[Redacted]&Access-Token=[Redacted]',
    );
    expect(redactUrl('/a/b')).toBe('/a/b');
  });

  it('never contain the Access-Token, the password or a query token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/v1/sso/login',
      payload: { userName: 'demo_user', password: b64(TEST_PASSWORDS.demo_user) },
    });
    const token = res.json().data.token as string;
    await t.app.inject({
      method: 'GET',
      url: '/api/sys/v1/sys/sysUser/currentUser',
      headers: { 'access-token': token, cookie: 'sid=COOKIE-SECRET' },
    });
    await t.app.inject({ method: 'GET', url: `/upload/report.pdf?token=${token}&sig=SIG-SECRET` });
    await t.app.inject({
      method: 'POST',
      url: '/api/sys/v1/sso/login',
      payload: { userName: 'demo_user', password: b64('Wrong-Secret-Pw') },
    });
    t.app.log.info({ user: { name: 'x', password: 'PLAIN-SECRET' }, password: 'TOP-SECRET' }, 'object with passwords');

    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(8);
    expect(all).toContain('"url":"/upload/report.pdf?token=[Redacted]&sig=[Redacted]"');
    expect(all).toContain('"access-token":"[Redacted]"');
    expect(all).toContain('"cookie":"[Redacted]"');
    expect(all).toContain('object with passwords');
    for (const secret of [
      token,
      'COOKIE-SECRET',
      'SIG-SECRET',
      'PLAIN-SECRET',
      'TOP-SECRET',
      TEST_PASSWORDS.demo_user,
      b64(TEST_PASSWORDS.demo_user),
      b64('Wrong-Secret-Pw'),
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
