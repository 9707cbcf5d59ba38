// EPD import through the API: a pre-flight that stores nothing, an import that makes one factor of class EPD with the
// declaration kept whole, refusals that name what is wrong and import nothing, the library's write rights and tenant
// scope, and the EPD's own conversion data used on a stage row (its density per its own unit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from './builders';
import { multipart, type UploadFile } from './files';
import { libraryMaterials } from '../../src/server/imports/library';
import { SYSTEM_CALLER } from '../../src/server/db/caller';

const EPD = '/api/tpf/v1/tpf/tpf3BuildMaterial/epd';
const LIBRARY = '/api/tpf/v1/tpf/tpf3BuildMaterial';
const STAGE = '/api/tpf/v1/tpf/stage';

let t: TestApp;
let admin: string;
let aAdmin: string;
let aUser: string;
let bUser: string;

const json = (name: string, doc: unknown): UploadFile => ({ name, content: Buffer.from(JSON.stringify(doc)) });

/** An openEPD document of an invented ready-mix concrete: 1 m3 = 2 400 kg, A1–A3 300, D −20 kgCO2e. */
const concrete = (over: Record<string, unknown> = {}) =>
  json('concrete.json', {
    id: 'test-epd-0001',
    doctype: 'openEPD',
    name: '测试预拌混凝土 C30',
    manufacturer: { name: '测试建材有限公司' },
    program_operator: { name: '测试 EPD 平台' },
    pcr: { name: 'PCR 混凝土 2024' },
    declaration_url: 'https://example.com/epd/0001',
    date_of_issue: '2024-01-01',
    valid_until: '2099-12-31',
    declared_unit: { qty: 1, unit: 'm3' },
    kg_per_declared_unit: { qty: 2400, unit: 'kg' },
    impacts: {
      'EN 15804+A2': {
        gwp: {
          A1A2A3: { mean: 300, unit: 'kgCO2e' },
          A4: { mean: 12, unit: 'kgCO2e' },
          C1: { mean: 2, unit: 'kgCO2e' },
          D: { mean: -20, unit: 'kgCO2e' },
        },
      },
    },
    ...over,
  });

const send = async (route: 'preflight' | 'import', token: string, files: UploadFile[], fields = {}) => {
  const { payload, contentType } = multipart(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: `${EPD}/${route}`,
    headers: { 'access-token': token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
};

const named = async (token: string, name: string) =>
  (await t.call('GET', `${LIBRARY}/?name=${encodeURIComponent(name)}&pageSize=50`, token)).body.data.dataList as {
    id: number;
  }[];

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, {
    name: '乙集团',
    code: 'tenantEpd',
    status: 1,
  });
  await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
    userName: 'epd_b',
    name: '乙用户',
    password: 'epd_b-Pass-1',
    roleList: [],
    tenantId: tb.body.data.id,
  });
  bUser = await t.login('epd_b', 'epd_b-Pass-1');
});
afterAll(() => t.close());

describe('pre-flight and import', () => {
  it('the pre-flight shows what was read and the factor it becomes, and stores nothing', async () => {
    const r = await send('preflight', aAdmin, [concrete()]);
    expect(r.status).toBe(200);
    const { reading, factor, refusals } = r.body.data;
    expect(reading.data).toMatchObject({ declaredAmount: 1, declaredUnit: 'm3', a1a3: 300, a1a3From: 'declared' });
    expect(refusals).toEqual([]);
    // 300 kgCO2e per 1 m3; the density is the mass per declared unit, per that unit: 2 400 kg = 2.4 t per m3
    expect(factor).toMatchObject({ unit: 'm3', materialCo: 300, coUnit: 'kgCO2e/m3', density: 2.4 });
    expect(factor).toMatchObject({ densityUnit: 't/m3', quality: 'epd', type: '建材' });
    expect(await named(aAdmin, '测试预拌混凝土 C30')).toHaveLength(0);
  });

  it('the import makes one factor in the group admin’s tenant, with the declaration kept whole', async () => {
    const r = await send('import', aAdmin, [concrete()], { smallType: '混凝土' });
    expect(r.body).toMatchObject({ code: 1, message: 'EPD 已导入为因子' });
    const got = (await t.call('GET', `${LIBRARY}/${r.body.data.id}`, aUser)).body.data;
    expect(got).toMatchObject({ name: '测试预拌混凝土 C30', smallType: '混凝土', quality: 'epd', materialCo: 300 });
    expect(got.epd.modules).toEqual(
      expect.arrayContaining([
        { module: 'A1-A3', scenario: null, value: 300 },
        { module: 'D', scenario: null, value: -20 },
      ]),
    );
    expect(got.epd).toMatchObject({ manufacturer: '测试建材有限公司', validUntil: '2099-12-31' });
    // another tenant does not see it
    expect(await named(bUser, '测试预拌混凝土 C30')).toHaveLength(0);
  });

  it('the same declaration imported again is a new version of its factor, the old one kept for its rows', async () => {
    const doc = { id: 'test-epd-0003', name: '再版混凝土' };
    const first = (await send('import', aAdmin, [concrete(doc)])).body.data;
    const gwp = { A1A2A3: { mean: 310, unit: 'kgCO2e' } };
    const pre = (await send('preflight', aAdmin, [concrete({ ...doc, impacts: { 'EN 15804+A2': { gwp } } })])).body
      .data;
    expect(pre.replaces).toMatchObject({ id: first.id, version: 1 });
    const again = await send('import', aAdmin, [concrete({ ...doc, impacts: { 'EN 15804+A2': { gwp } } })]);
    expect(again.body.message).toBe('EPD 已导入为已有因子的新版本');
    expect(again.body.data).toMatchObject({ materialCo: 310, version: 2, lineageId: first.id });
    expect(again.body.data.epd.a1a3).toBe(310);
    const old = (await t.call('GET', `${LIBRARY}/${first.id}`, aAdmin)).body.data;
    expect(old).toMatchObject({ materialCo: 300, supersededBy: again.body.data.id });
    expect(old.epd.a1a3).toBe(300);
  });

  it('a plain user may not import (the library’s write rights)', async () => {
    expect((await send('preflight', aUser, [concrete()])).status).toBe(403);
    expect((await send('import', aUser, [concrete()])).status).toBe(403);
  });
});

describe('refusals: a clear message, nothing imported', () => {
  it('an expired EPD', async () => {
    const r = await send('import', aAdmin, [concrete({ name: '过期混凝土', valid_until: '2018-09-15' })]);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('EPD 有效期已于 2018-09-15 结束');
    expect(await named(aAdmin, '过期混凝土')).toHaveLength(0);
  });

  it('no declared unit, no A1–A3', async () => {
    const r = await send('import', aAdmin, [
      concrete({ name: '缺单位', declared_unit: undefined, impacts: { 'EN 15804+A2': { gwp: { C1: { mean: 1 } } } } }),
    ]);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('缺少声明单位');
    expect(r.body.message).toContain('缺少 A1–A3 的 GWP');
    expect(await named(aAdmin, '缺单位')).toHaveLength(0);
  });

  it('a file that is not an EPD', async () => {
    const r = await send('preflight', aAdmin, [json('notes.json', { hello: 'world' })]);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('不是 EPD');
  });

  it('an upload past 20 MB is refused while it is read', async () => {
    const big = { name: 'big.json', content: Buffer.alloc(21 * 1024 * 1024, 32) };
    const r = await send('preflight', aAdmin, [big]);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('EPD 文件不能超过 20 MB');
  });
});

describe('an EPD factor on a stage row', () => {
  it('converts by the EPD’s own density per its own unit, and refuses a unit it gives nothing for', async () => {
    const factor = (await send('import', aAdmin, [concrete({ id: 'test-epd-0002', name: '行用混凝土' })])).body.data;
    const eng = (await t.call('POST', `${ENG}/`, aUser, engineeringBody())).body.data;
    const b = (await t.call('POST', `${PROJECT}/`, aUser, buildingBody(eng.id, { menus: 'produce' }))).body.data;
    // 24 t ÷ 2.4 t/m3 (2 400 kg per declared m3) = 10 m3 × 300 kgCO2e/m3 = 3 000 kgCO2e
    const row = { projectId: b.id, materialName: '混凝土', unit: 't', quantity: 24, factorId: factor.id };
    const saved = await t.call('POST', `${STAGE}/produce/batch`, aUser, [row]);
    expect(saved.body.code).toBe(1);
    const rows = (await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, aUser)).body.data.dataList;
    expect(rows[0]).toMatchObject({ quality: 'epd', density: 2.4, densityUnit: 't/m3', emission: 3000 });
    // m2: the EPD gives no thickness, so an area cannot become its m3
    const area = await t.call('POST', `${STAGE}/produce/batch`, aUser, [{ ...row, unit: 'm2', quantity: 5 }]);
    expect(area.status).toBe(400);
    expect(JSON.stringify(area.body)).toContain('m2');
  });
});

describe('an EPD factor in the BIM and budget mappings', () => {
  it('a product declared per kg brings its gross density as the bulk density, never as t per kg', async () => {
    // an EC3 record of an invented aluminium profile: 1 kg, 2 700 kg/m3, A1–A3 8.5 kgCO2e
    const ec3 = json('alu.json', {
      id: 'test-ec3-0001',
      name: '测试铝型材',
      manufacturer: { name: '测试铝业' },
      declared_unit: '1 kg',
      density: '2700 kg / m^3',
      gwp: '8.5 kgCO2e',
      date_of_issue: '2024-01-01',
      date_validity_ends: '2099-01-01',
    });
    const f = (await send('import', aAdmin, [ec3])).body.data;
    // 2 700 kg/m3 = 2.7 t per m3: a line in m3 converts by it; read as "t per kg" it would weigh 2.7 t a kg
    expect(f).toMatchObject({ unit: 'kg', materialCo: 8.5, density: 2.7, densityUnit: 't/m3' });
    const [m] = [...(await libraryMaterials(t.database.db, SYSTEM_CALLER, [f.id])).values()];
    expect(m).toMatchObject({ density: null, bulk: { value: 2.7 } });
  });
});
