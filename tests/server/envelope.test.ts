import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, fail } from '../../src/server/envelope';
import { tileOrigin } from '../../src/server/http/csp';
import { NO_CLIENT_HTML } from '../../src/server/http/static';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let built: TestApp;
const clientDir = mkdtempSync(join(tmpdir(), 'tansuan-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>碳算</title><div id="root"></div>');
writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');

beforeAll(async () => {
  t = await testApp({
    configure(app) {
      app.get('/api/test/boom', { config: { writes: false } }, async () => {
        throw new Error('secret internal detail: relation "x" does not exist');
      });
    },
  });
  built = await testApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  await built.close();
});

describe('envelope', () => {
  it('has the three shapes', () => {
    expect(ok({ a: 1 })).toEqual({ code: 1, message: '操作成功', data: { a: 1 } });
    expect(fail('x')).toEqual({ code: 0, message: 'x', data: null });
    expect(fail('表单校验失败, 请检查输入!', [{ field: 'a', errorMsg: 'b' }], 2).code).toBe(2);
  });

  it('answers an unknown /api route with a 404 envelope, with or without a token', async () => {
    const token = await t.login('demo_user');
    for (const [method, url, tok] of [
      ['GET', '/api/nope', undefined],
      ['GET', '/api/nope', token],
      ['POST', '/api/sys/v1/sys/nothing/', token],
      ['DELETE', '/api/x', undefined],
    ] as const) {
      const r = await t.call(method, url, tok);
      expect(r.status, url).toBe(404);
      expect(r.body).toEqual({ code: 0, message: '很抱歉，资源未找到!', data: null });
      expect(r.res.headers['cache-control']).toBe('no-store');
    }
  });

  it('hides the details of a 500', async () => {
    const token = await t.login('demo_user');
    const r = await t.call('GET', '/api/test/boom', token);
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: 0, message: '服务器错误!', data: null });
    expect(r.res.body).not.toContain('secret');
  });

  it('answers malformed JSON and prototype poisoning with a 400 envelope', async () => {
    const token = await t.login('admin');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/sys/v1/sys/sysRole/',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      payload: '{"roleCode":',
    });
    expect([bad.statusCode, bad.json()]).toEqual([400, { code: 0, message: '请求参数不正确', data: null }]);
    const poison = await t.app.inject({
      method: 'POST',
      url: '/api/sys/v1/sys/sysRole/',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      payload: '{"roleCode":"x","roleName":"y","__proto__":{"isAdmin":true}}',
    });
    expect(poison.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('413 for a body over the limit', async () => {
    const token = await t.login('admin');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/sys/v1/sys/sysRole/',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ roleCode: 'big', roleName: 'x', remarks: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe(0);
  });

  it('sends security headers with a CSP fit for the SPA', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('img-src');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('map tiles in the CSP', () => {
  it('derives the tile origin from a Leaflet URL template', () => {
    expect(tileOrigin('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileOrigin('http://10.0.0.5:8081/tiles/{z}/{x}/{y}.png')).toBe('http://10.0.0.5:8081');
    // 天地图 and 高德 put the subdomain inside the first label
    expect(tileOrigin('https://t{s}.tianditu.gov.cn/vec_w/wmts?tk={key}&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}')).toBe(
      'https://*.tianditu.gov.cn',
    );
    expect(tileOrigin('https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}')).toBe(
      'https://*.is.autonavi.com',
    );
    expect(tileOrigin('')).toBeUndefined();
    expect(tileOrigin('https://evil.example; script-src *')).toBeUndefined();
  });

  it('allows the tile host configured in 全局配置 once it is saved', async () => {
    const token = await t.login('admin');
    const row = (await t.call('GET', '/api/sys/v1/sys/sysConfig/?configKey=map.tileUrl', token)).body.data.dataList[0];
    expect(row.configKey).toBe('map.tileUrl');
    const before = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(before).not.toContain('tiles.example.cn');
    const upd = await t.call('PUT', '/api/sys/v1/sys/sysConfig/', token, {
      ...row,
      configValue: 'https://{s}.tiles.example.cn/{z}/{x}/{y}.png',
    });
    expect(upd.body.code).toBe(1);
    const after = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(after).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.cn/);
  });
});

describe('client serving', () => {
  it('without a build, SPA routes get a short Chinese note', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/project/list' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toBe(NO_CLIENT_HTML);
  });

  it('with a build, files are served and every other non-/api GET is index.html', async () => {
    const asset = await built.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/login', '/sys/user', '/estimate/project/list?x=1']) {
      const r = await built.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('<div id="root">');
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    const api = await built.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(0);
  });
});
