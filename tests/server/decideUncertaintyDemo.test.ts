// The uncertainty band is centred on the figure. Every demo building that the analysis accepts (估算,
// 概预算: A1, B2, D4 — C3 is 核算, refused) has its nominal total and intensity within its own P10–P90.
//
// Why it failed before: the grid factor's triangle took the published values of its region as they are, with the
// building's factor as the mode. 江苏 has one year (2023, 0.5827), so the range came from the national average's
// years relative to its newest value — 0.5306 (2023) … 0.5810 — i.e. (1, 1, 1.095): mode = minimum, one-sided
// upward. D4's operation (23 016.65 t of 26 072.37 t) reads the grid factor, so its band sat above the nominal
// (intensity 53.21 < P10 53.24). Now the half-width is the largest relative distance of a published value from the
// building's figure, applied both ways: h = (0.5810 − 0.5306) ÷ 0.5306 = 0.094 987 → 0.5827 × (1 ∓ 0.094 987) =
// 0.527 351 … 0.638 049 → 0.5274 … 0.6380 kgCO2/kWh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT } from './builders';
import { testApp, type TestApp } from './helpers';
import { aroundOne } from '../../src/server/decide/gridRange';

const D = '/api/tpf/v1/tpf/decide';
let t: TestApp;
let user: string;

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
});
afterAll(() => t?.close());

describe('uncertainty of the demo buildings', () => {
  it('the grid triangle is two-sided around the building’s factor', () => {
    // published values 0.5306 … 0.5810 relative to the figure 0.5306: (1, 1.0950) → ±0.0950
    const tri = aroundOne(1, 0.581 / 0.5306);
    expect(tri.mode).toBe(1);
    expect(tri.low).toBeCloseTo(1 - 0.0504 / 0.5306, 12);
    expect(tri.high).toBeCloseTo(1 + 0.0504 / 0.5306, 12);
    // a figure inside the published values: the larger distance both ways (0.9 … 1.05 → ±0.1)
    expect(aroundOne(0.9, 1.05)).toEqual({ low: expect.closeTo(0.9, 12), mode: 1, high: expect.closeTo(1.1, 12) });
  });

  it('every non-accounting demo building: P10 ≤ nominal ≤ P90 for the total and the intensity', async () => {
    const list = (await t.call('GET', `${PROJECT}/?pageSize=-1`, user)).body.data.dataList as Record<string, unknown>[];
    const demo = list.filter((b) => String(b.code).startsWith('DEMO-') && b.computeMethod !== 'accounting');
    expect(demo.map((b) => b.code).sort()).toEqual(['DEMO-A1', 'DEMO-B2', 'DEMO-D4']);
    for (const b of demo) {
      const r = await t.call('GET', `${D}/${b.id}/uncertainty?draws=2000&seed=1`, user);
      expect(r.body.code, `${b.code}: ${JSON.stringify(r.body)}`).toBe(1);
      const u = r.body.data;
      expect(u.total.nominal, String(b.code)).toBeCloseTo(Number(b.total), 1); // 2 decimals of the stored 4
      expect(u.intensity.nominal, String(b.code)).toBe(b.streng3);
      for (const band of [u.total, u.intensity]) {
        expect(band.p10, `${b.code} P10`).toBeLessThanOrEqual(band.nominal);
        expect(band.p90, `${b.code} P90`).toBeGreaterThanOrEqual(band.nominal);
      }
      const grid = u.inputs.find((i: { label: string }) => i.label === '电网排放因子');
      expect(grid.distribution, String(b.code)).toContain('向两侧对称取值');
    }
    // D4, the case of the issue (nominal 53.21): the grid factor 0.5827 ± 9.50 %
    const d4 = demo.find((b) => b.code === 'DEMO-D4')!;
    const u = (await t.call('GET', `${D}/${d4.id}/uncertainty?draws=2000&seed=1`, user)).body.data;
    expect(u.intensity.nominal).toBe(53.21);
    expect(u.inputs[0].distribution).toBe(
      '三角分布 0.5274–0.5827–0.6380 kgCO2/kWh（江苏仅有一个年份的电网因子，按全国平均电网因子 2021–2023 年相对最新年份的最大变化幅度 ±9.50% 向两侧对称取值）',
    );
  });
});
