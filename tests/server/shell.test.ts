// The shell's server parts: module templates built from the stage schemas, 缓存管理 (sizes, clears,
// replicas through sys_cache) and the footer text.
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../src/server/cache/memoryCache';
import { setConfig } from './accountHelpers';
import { testApp, type TestApp } from './helpers';

const TEMPLATE = '/api/tpf/v1/tpf/template';
const CACHE = '/api/sys/v1/sys/cache';

let t: TestApp;
let admin: string, aAdmin: string, aUser: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
});
afterAll(() => t.close());

async function fetchLink(url: string) {
  expect(url).toMatch(/^\/upload\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+$/);
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res;
}

async function workbookOf(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return wb;
}

const header = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);

describe('module templates', () => {
  it('budget: three standards, three workbooks, one sheet per stage the standard offers', async () => {
    const sheets: Record<string, string[]> = {};
    const names: Record<string, string> = {};
    for (const standard of ['GB', 'JS-STD', 'JS']) {
      const r = await t.call('GET', `${TEMPLATE}/budget?standard=${standard}`, aUser);
      expect([r.body.code, r.body.message]).toEqual([1, '下载模板成功']);
      const res = await fetchLink(r.body.data);
      names[standard] = decodeURIComponent(
        /filename\*=UTF-8''(.+)$/.exec(res.headers['content-disposition'] as string)![1],
      );
      const wb = await workbookOf(res.rawPayload);
      sheets[standard] = wb.worksheets.map((w) => w.name);
      expect(wb.getWorksheet('填写说明')!.getRow(1).getCell(1).value).toContain('建筑碳排放概预算');
    }
    // budget offers 建材生产, 建材运输, 建筑建造, 建筑拆除, 建筑运行, 废弃物处理, 碳汇 — JS-STD without 废弃物处理;
    // every stage with import columns is a sheet, in wizard order
    expect(sheets.GB).toEqual([
      '建材生产',
      '建材运输',
      '建筑建造',
      '建筑拆除',
      '建筑运行',
      '废弃物处理',
      '碳汇',
      '填写说明',
    ]);
    expect(sheets['JS-STD']).toEqual(['建材生产', '建材运输', '建筑建造', '建筑拆除', '建筑运行', '碳汇', '填写说明']);
    expect(sheets.JS).toEqual(sheets.GB);
    expect(names.GB).toMatch(/^概预算导入模板-国家标准GB_T 51366-2019_\d{12}\.xlsx$/);
    expect(names['JS-STD']).toContain('江苏省标准');
    expect(names.JS).toContain('江苏省导则');

    // the sheets are the stages' own import templates: same header as GET stage/produce/template
    const own = await fetchLink((await t.call('GET', '/api/tpf/v1/tpf/stage/produce/template', aUser)).body.data);
    const gb = await workbookOf(
      (await fetchLink((await t.call('GET', `${TEMPLATE}/budget?standard=GB`, aUser)).body.data)).rawPayload,
    );
    expect(header(gb.getWorksheet('建材生产')!)).toEqual(
      header((await workbookOf(own.rawPayload)).getWorksheet('建材生产')!),
    );
  });

  it('accounting: one zip of every accounting stage template; estimate: one workbook of its stages', async () => {
    const r = await t.call('GET', `${TEMPLATE}/accounting`, aUser);
    const res = await fetchLink(r.body.data);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const list = Object.keys(files);
    expect(list).toEqual(
      expect.arrayContaining([
        '核算信息补充导入模板.xlsx',
        '建材生产导入模板.xlsx',
        '建筑运行导入模板.xlsx',
        '核算凭证管理导入模板.xlsx',
      ]),
    );
    for (const name of list) {
      const wb = await workbookOf(files[name]);
      expect(wb.worksheets.map((w) => w.name)).toEqual([name.replace('导入模板.xlsx', ''), '填写说明']);
    }

    const est = await workbookOf(
      (await fetchLink((await t.call('GET', `${TEMPLATE}/estimate`, aUser)).body.data)).rawPayload,
    );
    // estimate's wizard drops 建材运输, 建筑建造 and 建筑拆除 (its first stage covers them)
    expect(est.worksheets.map((w) => w.name)).toEqual(['建材生产', '建筑运行', '废弃物处理', '碳汇', '填写说明']);
  });

  it('refuses a missing or unknown standard and an unknown module; needs a session', async () => {
    const none = await t.call('GET', `${TEMPLATE}/budget`, aUser);
    expect([none.status, none.body.data]).toEqual([400, [{ field: 'standard', errorMsg: '请选择模板标准' }]]);
    expect((await t.call('GET', `${TEMPLATE}/budget?standard=ZQYJG`, aUser)).status).toBe(400);
    expect((await t.call('GET', `${TEMPLATE}/nothing`, aUser)).status).toBe(404);
    expect((await t.call('GET', `${TEMPLATE}/accounting`)).status).toBe(401);
  });
});

describe('缓存管理', () => {
  it('lists each cache with its size and last load; a clear empties it; super admin only', async () => {
    // fill the dictionary cache
    await t.call('GET', '/api/sys/v1/sys/sysDict/dropDown/standard', aUser);
    await t.call('GET', '/api/sys/v1/sys/sysDict/dropDown/computeMethod', aUser);
    const list = (await t.call('GET', `${CACHE}/`, admin)).body.data as {
      name: string;
      title: string;
      size: number;
      loadedAt: string | null;
    }[];
    expect(list.map((c) => [c.name, c.title])).toEqual([
      ['dict', '系统字典'],
      ['factor', '因子库'],
      ['config', '全局配置'],
      ['session', '登录会话'],
    ]);
    const dict = list.find((c) => c.name === 'dict')!;
    expect(dict.size).toBeGreaterThanOrEqual(2);
    expect(Date.parse(dict.loadedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(list.find((c) => c.name === 'session')!.size).toBeGreaterThanOrEqual(3);

    const r = await t.call('DELETE', `${CACHE}/dict`, admin);
    expect([r.body.code, r.body.message]).toEqual([1, '清除缓存成功']);
    const after = (await t.call('GET', `${CACHE}/`, admin)).body.data.find((c: { name: string }) => c.name === 'dict');
    expect([after.size, after.loadedAt]).toEqual([0, null]);
    // and still answers from the database
    expect((await t.call('GET', '/api/sys/v1/sys/sysDict/dropDown/standard', aUser)).body.data.GB).toBe(
      '国家标准GB/T 51366-2019',
    );

    expect((await t.call('GET', `${CACHE}/`, aAdmin)).status).toBe(403);
    expect((await t.call('DELETE', `${CACHE}/dict`, aAdmin)).status).toBe(403);
    expect((await t.call('DELETE', `${CACHE}/nothing`, admin)).status).toBe(404);
  });

  it('a dictionary edited through the API is seen at once (its write clears the cache)', async () => {
    await t.call('GET', '/api/sys/v1/sys/sysDict/dropDown/feedbackType', aUser);
    const dict = (await t.call('GET', '/api/sys/v1/sys/sysDict/?dictCode=feedbackType', admin)).body.data.dataList[0];
    const items = dict.items.map((i: { value: string; label: string }) =>
      i.value === '4' ? { ...i, label: '其他问题' } : i,
    );
    expect((await t.call('PUT', '/api/sys/v1/sys/sysDict/', admin, { ...dict, items })).body.code).toBe(1);
    expect((await t.call('GET', '/api/sys/v1/sys/sysDict/dropDown/feedbackType', aUser)).body.data['4']).toBe(
      '其他问题',
    );
  });

  it('clearing the sessions signs everybody out but the administrator who asked', async () => {
    const other = await t.login('demo_user');
    expect((await t.call('DELETE', `${CACHE}/session`, admin)).body.code).toBe(1);
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', other)).status).toBe(401);
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', aAdmin)).status).toBe(401);
    expect((await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', admin)).status).toBe(200);
    aAdmin = await t.login('demo_admin');
    aUser = await t.login('demo_user');
  });

  it('replicas: a clear on one drops the value on another within its sync interval', async () => {
    const db = t.database.db;
    // two caches of the same name = the same cache on two replicas (short sync interval for the test)
    const a = new MemoryCache<string>(db, 'replica-test', 0);
    const b = new MemoryCache<string>(db, 'replica-test', 0);
    let source = 'v1';
    expect(await a.get('k', async () => source)).toBe('v1');
    expect(await b.get('k', async () => source)).toBe('v1');
    source = 'v2';
    expect(await b.get('k', async () => source)).toBe('v1'); // cached
    await a.clear();
    expect(await b.get('k', async () => source)).toBe('v2');
    expect(await a.get('k', async () => source)).toBe('v2');
  });
});

describe('map settings', () => {
  it('the reverse geocoder of 全局配置 is handed to the browser with its key, and its host is allowed by the CSP', async () => {
    await setConfig(t, admin, 'map.keys', JSON.stringify([{ key: 'K123', securityCode: '' }]));
    await setConfig(
      t,
      admin,
      'map.geocodeUrl',
      'https://api.tianditu.gov.cn/geocoder?postStr={"lon":{lng},"lat":{lat}}&tk={key}',
    );
    const s = (await t.call('GET', '/api/sys/v1/sys/sysConfig/mapSettings', aUser)).body.data;
    expect(s.geocodeUrl).toBe('https://api.tianditu.gov.cn/geocoder?postStr={"lon":{lng},"lat":{lat}}&tk=K123');
    const csp = (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.tianditu\.gov\.cn/);
  });
});

describe('footer', () => {
  it('the technical-service text comes from 全局配置, without a session', async () => {
    expect((await t.call('GET', '/api/sys/v1/sys/sysConfig/site')).body.data.footer).toBe(
      '技术服务：碳算建筑碳排放计算平台运营团队',
    );
    await setConfig(t, admin, 'site.footer', '技术服务：江苏某科技有限公司 025-00000000');
    expect((await t.call('GET', '/api/sys/v1/sys/sysConfig/site')).body.data).toEqual({
      footer: '技术服务：江苏某科技有限公司 025-00000000',
    });
  });
});
