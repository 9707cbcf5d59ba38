// Set-based writes of stage rows: the wizard's batch save checks its new rows together and inserts
// them in one statement — the factor library read once per factor, not once per row — with the answers of a save
// row by row: the first failing row named, nothing kept. Planting schemes are checked across the set, so one
// import cannot mix them either. Factors from the seeded library: C30混凝土 295 kgCO2e/m³, C50混凝土 385 kgCO2e/m³.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from '../../src/server/cache/memoryCache';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';
import { upload, xlsx } from './files';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let user: string;
let b: { id: number };
const STAGE = '/api/tpf/v1/tpf/stage';
const factor = (name: string, spec = '') => libraryFactor(t, user, name, spec);
const SCHEMES = '同一单体的碳汇只能采用一种种植方案，不得混用';

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 10000, standard: 'GB', menus: 'produce,green' }),
    )
  ).body.data;
});
afterAll(() => t.close());
// every test starts from a building without rows
beforeEach(async () => {
  for (const stage of ['produce', 'green'])
    await t.call('DELETE', `${STAGE}/${stage}/deleteBatch?projectId=${b.id}`, user);
});

describe('batch save of new rows, set-based', () => {
  it('reads each factor once for 300 rows and keeps their order; stored rows with ids are updated in the same save', async () => {
    const c30 = await factor('C30混凝土');
    const c50 = await factor('C50混凝土');
    const rows = Array.from({ length: 300 }, (_, i) => ({
      projectId: b.id,
      materialName: `混凝土${i}`,
      unit: 'm3',
      quantity: 1,
      factorId: i % 2 ? c50.id : c30.id,
    }));
    const reads = vi.spyOn(MemoryCache.prototype, 'get');
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, rows);
    const factorReads = reads.mock.calls.length;
    reads.mockRestore();
    expect(r.body).toMatchObject({ code: 1, data: { saved: 300 } });
    // the factor cache is asked once per distinct factor of the set (two), not once per row (300)
    expect(factorReads).toBe(2);
    const saved = r.body.data.rows as { id: number; materialName: string; factorValue: number; emission: number }[];
    expect(saved.map((x) => x.materialName)).toEqual(rows.map((x) => x.materialName));
    expect(saved[1]).toMatchObject({ factorValue: 385, emission: 385 });
    // 150 × 295 + 150 × 385 = 102 000 kg = 102 t
    expect(r.body.data.result.produce).toBeCloseTo(102, 6);

    // the wizard sends the stored rows back (with ids) and a new one after them
    const again = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { ...saved[0], quantity: 2 },
      { projectId: b.id, materialName: '新增', unit: 'm3', quantity: 1, factorId: c30.id },
    ]);
    expect(again.body).toMatchObject({ code: 1, data: { saved: 2 } });
    const after = again.body.data.rows as { id: number; materialName: string; quantity: number }[];
    expect(after).toHaveLength(301);
    expect(after[0]).toMatchObject({ id: saved[0].id, quantity: 2 });
    expect(after[300]).toMatchObject({ materialName: '新增' });
    // 102 t + 295 kg (row 1 doubled) + 295 kg (the new row) = 102.59 t
    expect(again.body.data.rows[0]).toMatchObject({ emission: 590 }); // 2 m³ × 295
    expect(again.body.data.result.produce).toBeCloseTo(102.59, 6);
    // the rows answered are the rows stored (as a later read lists them), emissions and traces included
    const listed = await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, user);
    expect(again.body.data.rows).toEqual(listed.body.data.dataList);
  });

  it('keeps the rows of a stage the building does not calculate (not in its menus), uncounted', async () => {
    const diesel = await factor('柴油');
    const r = await t.call('POST', `${STAGE}/build/batch`, user, [
      { projectId: b.id, name: '柴油', unit: 'kg', quantity: 10, factorId: diesel.id },
    ]);
    expect(r.body).toMatchObject({ code: 1, data: { saved: 1 } });
    const listed = await t.call('GET', `${STAGE}/build/?projectId=${b.id}&pageSize=-1`, user);
    expect(listed.body.data.dataList).toEqual(r.body.data.rows);
    expect(listed.body.data.dataList).toMatchObject([{ name: '柴油', quantity: 10 }]);
    expect(r.body.data.result.build ?? 0).toBe(0);
    await t.call('DELETE', `${STAGE}/build/deleteBatch?projectId=${b.id}`, user);
  });

  it('names the first failing row of the new ones and keeps nothing, updates included', async () => {
    const c30 = await factor('C30混凝土');
    const kept = (
      await t.call('POST', `${STAGE}/produce/batch`, user, [
        { projectId: b.id, materialName: '已存', unit: 'm3', quantity: 1, factorId: c30.id },
      ])
    ).body.data.rows[0];
    const r = await t.call('POST', `${STAGE}/produce/batch`, user, [
      { ...kept, quantity: 5 },
      { projectId: b.id, materialName: '好', unit: 'm3', quantity: 1, factorId: c30.id },
      { projectId: b.id, materialName: '坏', unit: 'm3', quantity: 1, factorId: 99999999 },
      { projectId: b.id, materialName: '也坏', unit: 'm3', quantity: 1, factorId: 99999999 },
    ]);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 2,
      message: '第 3 行：排放因子(因子库)不存在',
      data: [{ field: '第3行 factorId', errorMsg: '排放因子(因子库)不存在' }],
    });
    const list = await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, user);
    expect(
      list.body.data.dataList.map((x: { materialName: string; quantity: number }) => [x.materialName, x.quantity]),
    ).toEqual([['已存', 1]]);
  });
});

describe('planting schemes are checked across the set', () => {
  it('a batch names the row of the second scheme', async () => {
    const tree = await factor('阔叶大乔木（土深>1.0m）');
    const other = await factor('闊葉大喬木');
    const r = await t.call('POST', `${STAGE}/green/batch`, user, [
      { projectId: b.id, method: 'planting', name: '乔木', area: 100, factorId: tree.id },
      { projectId: b.id, method: 'planting', name: '乔木2', area: 100, factorId: other.id },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(new RegExp(`^第 2 行：${SCHEMES}（已采用：`));
  });

  it('one import of two schemes is refused naming its second row (the rows are checked before any is stored)', async () => {
    const file = await xlsx(
      ['计算方式', '种植类型', '面积(m²)', '固碳量名称'],
      [
        ['planting', '乔木', 100, '阔叶大乔木（土深>1.0m）'],
        ['planting', '乔木2', 100, '闊葉大喬木'],
      ],
    );
    const r = await upload(t, `${STAGE}/green`, user, { projectId: b.id }, file);
    expect(r.body).toMatchObject({ code: 2, message: '导入数据校验失败' });
    expect(r.body.data).toEqual([{ field: '第3行 固碳量名称', errorMsg: expect.stringContaining(SCHEMES) }]);
    const list = await t.call('GET', `${STAGE}/green/?projectId=${b.id}&pageSize=-1`, user);
    expect(list.body.data.total).toBe(0);
  });
});
