// The budget file's plausibility review: each material family's amount per m² of the building's floor area against
// the ceilings of the BIM pre-flight (src/server/imports/ranges.csv). A family over its ceiling is a 待确认
// problem naming its lines, their figures and the ceiling; an import mapping one of them is refused until
// confirmed, and the answer says what was confirmed. Figures worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReview, reviewItems } from '../../../src/server/budget/review';
import type { BudgetItem } from '../../../src/server/budget/preflight';
import type { BudgetPreflightAnswer } from '../../../schemas/budget';
import { testApp, type TestApp } from '../helpers';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from '../builders';
import { upload } from '../files';
import { rcjSheet, xlsxBook, type RcjLine } from './workbooks';

const line = (name: string, spec: string, unit: string, quantity: number, row: number): BudgetItem => ({
  key: `material|${name}|${spec}|${unit}`,
  cls: 'material',
  reason: '类别「材」',
  code: '',
  name,
  spec,
  unit,
  quantity,
  sources: [{ sheet: '人材机汇总表', row }],
});
const floor = { value: 1000, basis: '单体建筑面积' };

describe("the review of a bill's lines", () => {
  it("converts each line to the ceiling's measure and sums a family: aluminium in m³ and kg, copper in t", () => {
    const review = reviewItems(
      [
        // 20 m³ × 2.7 t/m³ (GB 50009 铝 27.0 kN/m³) = 54 t = 54 000 kg
        line('铝单板', '3mm', 'm3', 20, 9),
        // 4 256.8 kg, the same family: 54 000 + 4 256.8 = 58 256.8 kg ÷ 1 000 m² = 58.26 kg/m² > 30
        line('铝合金型材', '', 'kg', 4256.8, 10),
        // 30 t = 30 000 kg ÷ 1 000 m² = 30.00 kg/m² > 25
        line('紫铜板', 'T2', 't', 30, 11),
        // 1 284.36 m³ ÷ 1 000 = 1.28 ≤ 1.5: fine
        line('商品混凝土', 'C30', 'm3', 1284.36, 12),
        // 卷 converts to nothing: not counted
        line('防水卷材', 'SBS', '卷', 86, 13),
      ],
      floor,
    );
    expect(review.map((p) => [p.label, p.names, p.keys, p.sources.map((s) => s.row)])).toEqual([
      ['铝及铝合金', ['铝单板 3mm', '铝合金型材'], ['material|铝单板|3mm|m3', 'material|铝合金型材||kg'], [9, 10]],
      ['铜及铜合金', ['紫铜板 T2'], ['material|紫铜板|T2|t'], [11]],
    ]);
    expect(review[0].message).toMatch(
      /^铝及铝合金：「铝单板 3mm」20 m3 × 密度 2\.7 t\/m3 = 54,000 kg.*，「铝合金型材」4,256\.80 kg，合计 58,256\.80 kg ÷ 楼面面积 1,000\.00 m²（单体建筑面积）= 58\.26 kg\/m²，超过铝及铝合金上限 30\.00 kg\/m²（物理上限：/,
    );
    expect(review[1].message).toContain(
      '「紫铜板 T2」30 t = 30,000 kg ÷ 楼面面积 1,000.00 m²（单体建筑面积）= 30.00 kg/m²，超过铜及铜合金上限 25.00 kg/m²',
    );
  });

  it('bricks by their size, insulation sheets by their thickness; nothing without a floor area', () => {
    // 900 千块 × 240×115×53 mm (0.0014628 m³ each) = 1 316.52 m³ ÷ 1 000 m² = 1.32 m³/m² > 1.0 (砌体)
    // XPS 50mm: 2 000 m² × 0.05 m = 100 m³ → 0.10 m³/m² ≤ 1.2: fine
    const items = [line('标准砖', '240×115×53', '千块', 900, 7), line('挤塑聚苯板', 'XPS 50mm', 'm2', 2000, 8)];
    const review = reviewItems(items, floor);
    expect(review.map((p) => p.label)).toEqual(['砌体']);
    expect(review[0].message).toContain(
      '= 1,316.52 m3 ÷ 楼面面积 1,000.00 m²（单体建筑面积）= 1.32 m³/m²，超过砌体上限 1.00 m³/m²',
    );
    // 26 000 m² × 0.05 m = 1 300 m³ → 1.30 > 1.2
    expect(reviewItems([line('挤塑聚苯板', 'XPS 50mm', 'm2', 26_000, 8)], floor).map((p) => p.label)).toEqual([
      '保温材料',
    ]);
    expect(reviewItems(items, null)).toEqual([]);
  });
});

// ---- through the API ---------------------------------------------------------------------------------------------

const BASE = '/api/tpf/v1/tpf/budgetBill';
const STAGE = '/api/tpf/v1/tpf/stage';
let t: TestApp;
let user: string;
let b: { id: number };
let bill: NonNullable<BudgetPreflightAnswer['bill']>;

const rcj = (code: string, name: string, spec: string, unit: string, quantity: number): RcjLine => ({
  code,
  category: '材',
  name,
  spec,
  unit,
  quantity,
  budgetPrice: 1,
  marketPrice: 1,
});

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '预算合理性工程', code: 'BUD-R' }))).body
    .data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { name: '铝板楼', code: 'BUD-R1', buildArea: 1000, menus: 'produce' }),
    )
  ).body.data;
  // 20 m³ of aluminium sheet on a 1 000 m² building: the absurd line; 100 m³ of C30: a plausible one
  const content = await xlsxBook([
    rcjSheet([rcj('80210013', '商品混凝土', 'C30', 'm3', 100), rcj('11010312', '铝单板', '3mm', 'm3', 20)]),
  ]);
  const up = await upload(t, BASE, user, { projectId: b.id }, { name: '铝板楼人材机汇总表.xlsx', content });
  expect(up.body.message).toBe('预算文件读取完成');
  bill = (await t.call('GET', `${BASE}/${up.body.data.jobId}`, user)).body.data.bill;
});
afterAll(() => t?.close());

describe('what a refusal names', () => {
  it('three lines of a family by name and the count of the rest, only the families the mapping imports', () => {
    const problem = (label: string, n: number) => ({
      label,
      message: '',
      keys: Array.from({ length: n }, (_, i) => `${label}${i}`),
      names: Array.from({ length: n }, (_, i) => `${label}-${i + 1}`),
      sources: [],
    });
    const open = openReview([problem('混凝土', 250), problem('铜及铜合金', 1)], new Set(['混凝土0', '混凝土7']));
    expect(open).toEqual({ count: 1, text: '混凝土：「混凝土-1」、「混凝土-2」、「混凝土-3」 等 250 项' });
  });
});

describe('the review in the budget pre-flight and import', () => {
  it('flags the aluminium line; its import is refused until confirmed, a plausible line needs no confirmation', async () => {
    // 20 m³ × 2.7 t/m³ = 54 000 kg ÷ 1 000 m² (the building's 建筑面积) = 54.00 kg/m² > 30
    expect(bill.review).toHaveLength(1);
    expect(bill.review![0]).toMatchObject({
      label: '铝及铝合金',
      names: ['铝单板 3mm'],
      sources: [{ sheet: '人材机汇总表' }],
    });
    expect(bill.review![0].message).toContain('= 54,000 kg');
    expect(bill.review![0].message).toContain(
      '÷ 楼面面积 1,000.00 m²（单体建筑面积）= 54.00 kg/m²，超过铝及铝合金上限 30.00 kg/m²',
    );
    const key = (name: string) => bill.items.find((i) => i.name === name)!.key;
    const [aluminium, c30] = [
      await libraryFactor(t, user, '电解铝（全国平均电网电力）'),
      await libraryFactor(t, user, 'C30混凝土'),
    ];
    const produce = async () =>
      (await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, user)).body.data.dataList as Record<
        string,
        unknown
      >[];

    const plain = await t.call('POST', `${BASE}/import`, user, {
      jobId: bill.jobId,
      projectId: b.id,
      mode: 'append',
      mappings: [{ key: key('商品混凝土'), factorId: c30.id }],
    });
    expect(plain.status).toBe(200);
    expect(plain.body.data.warnings.some((w: string) => w.startsWith('已确认导入'))).toBe(false);

    const body = {
      jobId: bill.jobId,
      projectId: b.id,
      mode: 'append',
      mappings: [{ key: key('铝单板'), factorId: aluminium.id }],
    };
    const refused = await t.call('POST', `${BASE}/import`, user, body);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      '所选清单项有 1 个待确认的问题（铝及铝合金：「铝单板 3mm」，用量超出单位建筑面积的合理范围），请核对预检报告后确认导入',
    ]);
    expect((await produce()).map((r) => r.materialName)).toEqual(['C30混凝土']);

    const confirmed = await t.call('POST', `${BASE}/import`, user, { ...body, confirmProblems: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.warnings).toContain(
      '已确认导入用量超出单位建筑面积合理范围的清单项：铝及铝合金：「铝单板 3mm」，请核对建材生产数据',
    );
    // 20 m³ × 2.7 t/m³ = 54 t on the per-t factor
    expect((await produce()).find((r) => r.materialName === '电解铝（全国平均电网电力）')).toMatchObject({
      unit: 't',
      quantity: 54,
    });
  });
});

describe('the review after the building changes', () => {
  it('is held again on the floor area the building has at the import, not the one it had at the upload', async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '面积变更工程', code: 'BUD-R2' }))).body
      .data;
    const small = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(eng.id, { name: '面积变更楼', code: 'BUD-R2', buildArea: 1000, menus: 'produce' }),
      )
    ).body.data;
    const content = await xlsxBook([rcjSheet([rcj('11010312', '铝单板', '3mm', 'm3', 20)])]);
    const up = await upload(t, BASE, user, { projectId: small.id }, { name: '面积变更.xlsx', content });
    const read = (await t.call('GET', `${BASE}/${up.body.data.jobId}`, user)).body.data.bill;
    expect(read.review).toHaveLength(1);
    // 54 000 kg ÷ 5 000 m² = 10.80 kg/m², under the 30 kg/m² ceiling: nothing to confirm any more
    const grown = await t.call('PUT', `${PROJECT}/`, user, { ...small, buildArea: 5000 });
    expect(grown.body.code).toBe(1);
    const aluminium = await libraryFactor(t, user, '电解铝（全国平均电网电力）');
    const key = read.items.find((i: { name: string }) => i.name === '铝单板').key;
    const r = await t.call('POST', `${BASE}/import`, user, {
      jobId: read.jobId,
      projectId: small.id,
      mode: 'append',
      mappings: [{ key, factorId: aluminium.id }],
    });
    expect([r.status, r.body.message]).toEqual([200, '导入成功，生成 1 条数据']);
    // and back to 1 000 m²: over the ceiling again, refused until confirmed
    const b2 = (await t.call('GET', `${PROJECT}/${small.id}`, user)).body.data;
    await t.call('PUT', `${PROJECT}/`, user, { ...b2, buildArea: 1000 });
    const again = await t.call('POST', `${BASE}/import`, user, {
      jobId: read.jobId,
      projectId: small.id,
      mode: 'append',
      mappings: [{ key, factorId: aluminium.id }],
    });
    expect(again.status).toBe(400);
  });
});
