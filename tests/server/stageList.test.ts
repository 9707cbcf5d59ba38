// A stage's rows listed a page at a time: filtered by 计算方式 on the server, with the emission summed
// over every row of the filter (`sums`), and cleared by the same filter. Factor from the seeded library:
// 柴油 3.096 kgCO2/kg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';

let t: TestApp;
let user: string;
let b: { id: number };
const BUILD = '/api/tpf/v1/tpf/stage/build';

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 10000, menus: 'produce,build' }),
    )
  ).body.data;
  const diesel = await libraryFactor(t, user, '柴油');
  // 12 rows by energy: 1 … 12 kg of diesel; 3 by machine shift
  const energy = Array.from({ length: 12 }, (_, i) => ({
    projectId: b.id,
    method: 'energy',
    name: `柴油${i + 1}`,
    unit: 'kg',
    quantity: i + 1,
    factorId: diesel.id,
  }));
  const machine = Array.from({ length: 3 }, (_, i) => ({
    projectId: b.id,
    method: 'machine',
    name: `挖掘机${i + 1}`,
    unit: '台班',
    quantity: 1,
    energyPerShift: 10,
    factorId: diesel.id,
  }));
  const saved = await t.call('POST', `${BUILD}/batch`, user, [...energy, ...machine]);
  expect(saved.body.code).toBe(1);
});
afterAll(() => t.close());

describe('a stage listed a page at a time', () => {
  it('pages one method on the server and sums its emission over every page', async () => {
    const r = await t.call(
      'GET',
      `${BUILD}/?projectId=${b.id}&method=energy&pageNum=2&pageSize=5&sortField=id&sortOrder=ascend`,
      user,
    );
    expect(r.body.code).toBe(1);
    expect(r.body.data.total).toBe(12);
    expect(r.body.data.dataList.map((x: { name: string }) => x.name)).toEqual([
      '柴油6',
      '柴油7',
      '柴油8',
      '柴油9',
      '柴油10',
    ]);
    // (1 + 2 + … + 12) kg × 3.096 = 78 × 3.096 = 241.488 kg, whatever page is shown
    expect(r.body.data.sums.emission).toBeCloseTo(241.488, 6);
    // the rows of the other method are counted apart and, not being the building's method (energy), count 0
    const m = await t.call('GET', `${BUILD}/?projectId=${b.id}&method=machine&pageSize=1`, user);
    expect(m.body.data).toMatchObject({ total: 3, sums: { emission: 0 } });
  });

  it('sorts by the emission and searches the row names, the sum following the search', async () => {
    const top = await t.call(
      'GET',
      `${BUILD}/?projectId=${b.id}&method=energy&pageSize=3&sortField=emission&sortOrder=descend`,
      user,
    );
    expect(top.body.data.dataList.map((x: { name: string }) => x.name)).toEqual(['柴油12', '柴油11', '柴油10']);
    // 柴油1, 柴油10, 柴油11, 柴油12: (1 + 10 + 11 + 12) kg × 3.096 = 34 × 3.096 = 105.264 kg
    const found = await t.call(
      'GET',
      `${BUILD}/?projectId=${b.id}&method=energy&name=${encodeURIComponent('柴油1')}&pageSize=10`,
      user,
    );
    expect(found.body.data).toMatchObject({ total: 4 });
    expect(found.body.data.sums.emission).toBeCloseTo(105.264, 6);
  });

  it('a list without x-sum columns answers no sums', async () => {
    const r = await t.call('GET', `${PROJECT}/?pageSize=1`, user);
    expect(r.body.data).not.toHaveProperty('sums');
  });

  it('clears the rows of one method only; an unknown filter is refused', async () => {
    expect((await t.call('DELETE', `${BUILD}/deleteBatch?projectId=${b.id}&nothing=1`, user)).status).toBe(400);
    const r = await t.call('DELETE', `${BUILD}/deleteBatch?projectId=${b.id}&method=machine`, user);
    expect(r.body).toMatchObject({ code: 1, data: 3 });
    const left = await t.call('GET', `${BUILD}/?projectId=${b.id}&pageSize=-1`, user);
    expect(left.body.data.total).toBe(12);
    expect(left.body.data.dataList.every((x: { method: string }) => x.method === 'energy')).toBe(true);
  });
});
