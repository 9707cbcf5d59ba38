// The factor library is searched by its Chinese label (tpf3BuildMaterial.label, kept by
// src/server/factors/label.ts): 电 and 电力 find the grid factors, 天然气 the fuel, 江苏 the province's grid factor;
// the label is written on create and update, never taken from the client, and filled at start (fillFactorLabels).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillFactorLabels } from '../../src/server/factors/label';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let user: string;
let admin: string;
const F = '/api/tpf/v1/tpf/tpf3BuildMaterial';

interface Row {
  id: number;
  type: string;
  smallType: string;
  name: string;
  spec: string;
  label: string;
}

const search = async (text: string, type = '能源'): Promise<Row[]> => {
  const r = await t.call(
    'GET',
    `${F}/?pageSize=-1&type=${encodeURIComponent(type)}&label=${encodeURIComponent(text)}`,
    user,
  );
  expect(r.status).toBe(200);
  return r.body.data.dataList as Row[];
};

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('searching the library by its label', () => {
  it('电 and 电力 find every grid factor (54 seeded rows), and nothing else of type 能源', async () => {
    for (const text of ['电', '电力']) {
      const rows = await search(text);
      expect(rows.length).toBe(54);
      expect(rows.every((r) => r.smallType === '电力')).toBe(true);
    }
    const labels = (await search('电')).map((r) => r.label);
    expect(labels).toContain('江苏省 2023 年电网平均排放因子 0.5827 kgCO2/kWh｜能源·电力');
    expect(labels).toContain('华东区域电网 2012 年平均排放因子 0.7035 kgCO2/kWh｜能源·电力');
    expect(labels).toContain('全国 2023 年电网平均排放因子 0.5306 kgCO2/kWh｜能源·电力');
    // no raw dataset code in any label
    expect(labels.filter((l) => /MEE|_province|regional|baseline/.test(l))).toEqual([]);
  });

  it('天然气 finds the fuel; 江苏 the province; 华东 the region', async () => {
    expect((await search('天然气')).map((r) => r.label)).toEqual(['天然气 2.1620 kgCO2/m3｜能源·化石燃料']);
    expect((await search('江苏')).map((r) => [r.name, r.spec])).toEqual([['江苏', 'MEE_NBS_2023_province']]);
    const east = await search('华东');
    expect(east.map((r) => r.spec).sort()).toEqual(['2012_regional_average', '2019_OM_baseline', 'MEE_NBS_2023']);
  });

  it('materials by name and category', async () => {
    const rows = await search('混凝土', '建材');
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['C30混凝土', 'C50混凝土', '混凝土砖（240mm×115mm×90mm）']),
    );
    expect(rows.find((r) => r.name === 'C30混凝土')?.label).toBe('C30混凝土 295.0000 kgCO2e/m3｜建材·混凝土');
  });
});

describe('the label is the server’s', () => {
  it('written on create and on update from the row, whatever the client sends', async () => {
    const c = await t.call('POST', `${F}/`, admin, {
      type: '能源',
      smallType: '电力',
      name: '江苏',
      spec: 'MEE_NBS_2024_province',
      unit: 'kWh',
      materialCo: 0.55,
      coUnit: 'kgCO2/kWh',
      label: '乱写',
    });
    expect(c.status).toBe(200);
    expect(c.body.data.label).toBe('江苏省 2024 年电网平均排放因子 0.5500 kgCO2/kWh｜能源·电力');
    const u = await t.call('PUT', `${F}/`, admin, { ...c.body.data, materialCo: 0.5, label: '乱写' });
    expect(u.body.data.label).toBe('江苏省 2024 年电网平均排放因子 0.5000 kgCO2/kWh｜能源·电力');
    // (a changed value is a new version: the old row keeps its own label)
    expect((await t.call('GET', `${F}/${u.body.data.id}`, admin)).body.data.label).toBe(u.body.data.label);
    expect((await search('江苏')).length).toBe(2);
    await t.call('DELETE', `${F}/${u.body.data.id}`, admin);
    await t.call('DELETE', `${F}/${c.body.data.id}`, admin);
  });

  it('filled at start for rows without one, and a second run changes nothing', async () => {
    const db = t.database.db;
    await sql`update tpf3_build_material set label = null where name = '天然气'`.execute(db);
    expect(await search('天然气')).toEqual([]);
    expect(await fillFactorLabels(db)).toBe(1);
    expect(await fillFactorLabels(db)).toBe(0);
    expect((await search('天然气')).length).toBe(1);
  });
});
