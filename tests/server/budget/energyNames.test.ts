// Qualified energy and water lines through the budget-file API: a bill writing 柴油（机械） and 施工用水 under 材 gets
// them proposed as energy with their factors, and imports them as 建筑建造 energy rows, worked by hand from the seeded
// factors: 柴油 3.096 kgCO2/kg (GB/T 51366-2019 附录A), 自来水 0.168 kgCO2e/t (附录D, the library's water energy row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers';
import { buildingBody, ENG, engineeringBody, PROJECT } from '../builders';
import { upload } from '../files';
import type { BudgetPreflightAnswer } from '../../../schemas/budget';
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import { rcjSheet, xlsxBook, type RcjLine } from './workbooks';

const BASE = '/api/tpf/v1/tpf/budgetBill';
let t: TestApp;
let user: string;
let b: { id: number };
let bill: NonNullable<BudgetPreflightAnswer['bill']>;

const LINES: RcjLine[] = [
  {
    code: '14390101',
    category: '材',
    name: '柴油（机械）',
    spec: '',
    unit: 'kg',
    quantity: 2856.4,
    budgetPrice: 7.5,
    marketPrice: 7.8,
  },
  {
    code: '34110117',
    category: '材',
    name: '施工用水',
    spec: '',
    unit: 'm3',
    quantity: 1250,
    budgetPrice: 4.5,
    marketPrice: 4.6,
  },
  {
    code: '34110120',
    category: '材',
    name: '中水',
    spec: '',
    unit: 'm3',
    quantity: 80,
    budgetPrice: 2.5,
    marketPrice: 2.5,
  },
];
const item = (name: string) => bill.items.find((i) => i.name === name)!;

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '能源名称工程', code: 'BUD-E' }))).body
    .data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { name: '能源名称楼', code: 'BUD-E1', menus: 'produce,trans,build' }),
    )
  ).body.data;
  const up = await upload(
    t,
    BASE,
    user,
    { projectId: b.id },
    { name: '施工能源.xlsx', content: await xlsxBook([rcjSheet(LINES)]) },
  );
  expect(up.body.message).toBe('预算文件读取完成');
  bill = (await t.call('GET', `${BASE}/${up.body.data.jobId}`, user)).body.data.bill;
});
afterAll(() => t.close());

describe('qualified energy names in a bill', () => {
  it('are energy items proposed the factors of their energy', () => {
    expect(item('柴油（机械）')).toMatchObject({ cls: 'energy', energy: 'diesel' });
    expect(item('柴油（机械）').suggestions[0]).toMatchObject({ unit: 'kg', quantity: 2856.4, error: null });
    expect(item('柴油（机械）').suggestions[0].label).toMatch(/^柴油/);
    // water: 1 250 m³ × 1 t/m³ = 1 250 t on the per-t factor
    expect(item('施工用水')).toMatchObject({ cls: 'energy', energy: 'water' });
    expect(item('施工用水').suggestions[0]).toMatchObject({ unit: 't', quantity: 1250, error: null });
    expect(item('施工用水').suggestions[0].label).toMatch(/^自来水/);
    expect(item('施工用水').suggestions[0].confidence).toBeGreaterThanOrEqual(CONFIRM_AT);
    // reclaimed water is offered tap water's factor, but never opens chosen: the factor stands in for another product
    expect(item('中水').suggestions[0].label).toMatch(/^自来水/);
    expect(item('中水').suggestions[0].confidence).toBeLessThan(CONFIRM_AT);
  });

  it('import as 建筑建造 energy rows: 2 856.4 kg × 3.096 = 8 843.4144 kg, 1 250 t × 0.168 = 210 kg', async () => {
    const mappings = ['柴油（机械）', '施工用水'].map((n) => ({
      key: item(n).key,
      factorId: item(n).suggestions[0].factorId,
    }));
    const r = await t.call('POST', `${BASE}/import`, user, {
      jobId: bill.jobId,
      projectId: b.id,
      mode: 'append',
      mappings,
    });
    expect(r.body.data?.rows, JSON.stringify(r.body)).toEqual({ materials: 0, transport: 0, construction: 2 });
    const rows = (await t.call('GET', `/api/tpf/v1/tpf/stage/build/?projectId=${b.id}`, user)).body.data.dataList as {
      name: string;
      energy: string;
      emission: number;
    }[];
    const by = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(by['柴油（机械）']).toMatchObject({ energy: 'diesel' });
    expect(by['柴油（机械）'].emission).toBeCloseTo(8843.4144, 6);
    expect(by['施工用水']).toMatchObject({ energy: 'water' });
    expect(by['施工用水'].emission).toBeCloseTo(210, 9);
  });
});
