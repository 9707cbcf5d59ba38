// The decision page's pure maths, worked by hand: the GB 55015-2021 check, a percentile among 5 buildings, a variant
// diff and its waterfall, row changes, a hotspot list, and the Monte Carlo band of a small building against its
// analytic mean and variance.
import { describe, expect, it } from 'vitest';
import { buildingFigures, gb55015Check, lineApplies, percentileOf } from '../../src/calc/decide/reference';
import { rowChanges, stageDiffs, waterfall } from '../../src/calc/decide/compare';
import { topRows } from '../../src/calc/decide/hotspots';
import {
  QUALITY_BANDS,
  simulate,
  symmetric,
  tornado,
  triQuantile,
  triVariance,
  type McInput,
  type McRow,
} from '../../src/calc/decide/montecarlo';

describe('reference lines', () => {
  it('building figures: embodied per m², operation per m²·a', () => {
    // (300 + 20 + 10) t × 1000 / 1000 m² = 330 kgCO2e/m²; 1 250 t × 1000 / (1000 m² × 50 a) = 25 kgCO2/(m²·a)
    expect(
      buildingFigures(
        { produce: 300, trans: 20, build: 10, runtimeTotal: 1250, streng3: 31.8, buildArea: 1000, useDateLimit: 50 },
        true,
      ),
    ).toEqual({ embodied: 330, operation: 25, lifecycle: 31.8 });
    expect(buildingFigures({ produce: 300, buildArea: 0, useDateLimit: 50 }, true)).toEqual({
      embodied: null,
      operation: null,
      lifecycle: null,
    });
  });

  it('GB 55015: the reference building minus the design ≥ 7 kgCO2/(m²·a)', () => {
    // the template's Shenyang office: 58.09 − 23.60 = 34.49 ≥ 7 → met
    expect(gb55015Check(58.09, 23.6)).toMatchObject({ reduction: 34.49, pass: true });
    // 57 − 50 = 7: exactly the requirement → met; 56.99 − 50 = 6.99 → not met
    expect(gb55015Check(57, 50)).toMatchObject({ reduction: 7, pass: true });
    expect(gb55015Check(56.99, 50)).toMatchObject({ reduction: 6.99, pass: false });
    // the operation figure is GB/T 51366 §4.1's (the sink inside the operation stage), and says so
    expect(gb55015Check(56.99, 50).text).toBe(
      '运行碳排放强度（含碳汇）50.00 kgCO2/(m²·a)，较基准建筑 56.99 降低 6.99 kgCO2/(m²·a)，未达到 GB 55015-2021 降低不少于 7 kgCO2/(m²·a) 的要求',
    );
    expect(gb55015Check(null, 50)).toMatchObject({ pass: null, reduction: null });
  });

  it('a line applies to 全部 or a level of the type path', () => {
    expect(lineApplies('办公建筑', '公共建筑/办公建筑/商务办公')).toBe(true);
    expect(lineApplies('全部', '居住建筑/住宅')).toBe(true);
    expect(lineApplies('居住建筑', '公共建筑/办公建筑')).toBe(false);
  });

  it('percentile among 5: rank by intensity, (rank − 1) / (n − 1)', () => {
    // 20, 25, 30, 35, 40: 30 is 3rd lowest → (3 − 1) / 4 = 50 %; median 30
    expect(percentileOf(30, [40, 20, 35, 30, 25])).toMatchObject({ peers: 5, rank: 3, percentile: 50, median: 30 });
    // the highest → 100 %; ties: 25 among 25, 25, 30, 35, 40 → nobody lower → rank 1, 0 %
    expect(percentileOf(40, [40, 20, 35, 30, 25])).toMatchObject({ rank: 5, percentile: 100 });
    expect(percentileOf(25, [25, 25, 30, 35, 40])).toMatchObject({ rank: 1, percentile: 0 });
    // 4 peers: no number
    expect(percentileOf(30, [20, 25, 30, 35])).toMatchObject({
      peers: 4,
      rank: null,
      percentile: null,
      text: '同类已完成计算的单体不足 5 个（当前 4 个），暂不显示百分位',
    });
  });
});

describe('variants compared', () => {
  const titles = { produce: '建材生产', trans: '建材运输', runtimeTotal: '建筑运行', green: '碳汇' };

  it('per stage t and %, and a waterfall whose deltas add up', () => {
    // produce 100 → 90: −10 t = −10 %; runtime 500 → 480: −20 t = −4 %; trans 10 = 10; green absent on both
    const d = stageDiffs(
      { produce: 100, trans: 10, runtimeTotal: 500 },
      { produce: 90, trans: 10, runtimeTotal: 480 },
      titles,
    );
    expect(d).toEqual([
      { field: 'produce', title: '建材生产', baseline: 100, value: 90, diff: -10, diffPct: -10 },
      { field: 'trans', title: '建材运输', baseline: 10, value: 10, diff: 0, diffPct: 0 },
      { field: 'runtimeTotal', title: '建筑运行', baseline: 500, value: 480, diff: -20, diffPct: -4 },
    ]);
    // 610 − 10 − 20 = 580
    expect(
      waterfall(
        '基准方案',
        610,
        d.map((s) => ({ label: s.title, diff: s.diff })),
        '方案B',
        580,
      ),
    ).toEqual([
      { label: '基准方案', value: 610, kind: 'start' },
      { label: '建材生产', value: -10, kind: 'delta' },
      { label: '建筑运行', value: -20, kind: 'delta' },
      { label: '方案B', value: 580, kind: 'end' },
    ]);
  });

  it('rows matched by id: changed, added, removed; largest first', () => {
    const base = [
      {
        id: 1,
        stageTitle: '建材生产',
        label: 'C30混凝土',
        facts: { 因子: 'C30混凝土', 用量: '100.00' },
        emission: 29500,
      },
      { id: 2, stageTitle: '建材生产', label: '钢筋', facts: { 因子: '热轧碳钢钢筋', 用量: '2.00' }, emission: 4680 },
      { id: 3, stageTitle: '建材生产', label: '砂', facts: { 因子: '砂', 用量: '10.00' }, emission: 25.1 },
    ];
    const other = [
      { ...base[0], facts: { 因子: 'C30混凝土', 用量: '80.00' }, emission: 23600 },
      base[1],
      { id: 9, stageTitle: '建材生产', label: '碎石', facts: { 因子: '碎石', 用量: '10.00' }, emission: 21.8 },
    ];
    expect(rowChanges(base, other)).toEqual([
      {
        stageTitle: '建材生产',
        label: 'C30混凝土',
        kind: 'changed',
        detail: '用量 100.00 → 80.00',
        before: 29500,
        after: 23600,
        diff: -5900,
      },
      { stageTitle: '建材生产', label: '砂', kind: 'removed', detail: '删除', before: 25.1, after: 0, diff: -25.1 },
      { stageTitle: '建材生产', label: '碎石', kind: 'added', detail: '新增', before: 0, after: 21.8, diff: 21.8 },
    ]);
  });
});

describe('hotspots', () => {
  it('the largest rows with their share of the positive total and the cumulative share', () => {
    // total 500 + 300 + 100 + 50 + 50 = 1 000 kg (the −200 sink row is not part of it)
    const rows = [50, 300, -200, 500, 100, 50].map((emission, i) => ({ id: i, emission }));
    const top = topRows(rows, 3);
    expect(top.total).toBe(1000);
    expect(top.rows.map((r) => [r.emission, r.share, r.cumulative])).toEqual([
      [500, 50, 50],
      [300, 30, 80],
      [100, 10, 90],
    ]);
  });
});

describe('Monte Carlo', () => {
  const q = Object.fromEntries(Object.entries(QUALITY_BANDS).map(([k, h]) => [k, symmetric(h)])) as McInput['quality'];
  const row = (over: Partial<McRow>): McRow => ({
    emission: 0,
    grid: 0,
    life: 0,
    distance: 0,
    factorKey: null,
    quality: 'standard',
    label: 'x',
    ...over,
    factorLabel: over.label ?? 'x',
  });
  // A small building: A 1 000 kg on a 标准默认值 factor (±20 %); B 500 kg on an 估算 factor (±50 %); C 200 kg transport
  // on its own 标准默认值 factor with a distance (±50 %); D 3 000 kg of electricity on the grid factor (±10 %) over the
  // design life (±20 %). All inputs independent with mean 1 (symmetric triangles), so E[total] = 4 700 kg and, rows
  // being independent (no shared draw), Var = Σ c² (Π(1 + vᵢ) − 1) with v = h² / 6 for a triangle of half-width h:
  //   A: 1000² × 0.2²/6            = 1000000 × 0.0066667            = 6 666.67
  //   B: 500² × 0.5²/6             = 250000 × 0.0416667             = 10 416.67
  //   C: 200² × ((1 + 0.0066667)(1 + 0.0416667) − 1) = 40000 × 0.0486111 = 1 944.44
  //   D: 3000² × ((1 + 0.0016667)(1 + 0.0066667) − 1) = 9000000 × 0.0083444 = 75 100.00
  //   Var = 94 127.78 kg², SD = 306.80 kg = 0.3068 t
  const input: McInput = {
    rows: [
      row({ emission: 1000, factorKey: 'A', quality: 'standard', label: 'A' }),
      row({ emission: 500, factorKey: 'B', quality: 'estimate', label: 'B' }),
      row({ emission: 200, factorKey: 'C', quality: 'standard', distance: 1, label: 'C' }),
      row({ emission: 3000, grid: 1, life: 1, label: 'D' }),
    ],
    grid: symmetric(0.1),
    life: symmetric(0.2),
    distance: symmetric(0.5),
    quality: q,
    area: 100,
    years: 50,
    draws: 40000,
    seed: 3,
  };

  it('the analytic variance of the small building (checked by the formula) and the simulated band within 3 %', () => {
    const v = (h: number) => triVariance(symmetric(h));
    expect(v(0.2)).toBeCloseTo(0.04 / 6, 12);
    const analytic =
      1000 ** 2 * v(0.2) +
      500 ** 2 * v(0.5) +
      200 ** 2 * ((1 + v(0.2)) * (1 + v(0.5)) - 1) +
      3000 ** 2 * ((1 + v(0.1)) * (1 + v(0.2)) - 1);
    expect(analytic).toBeCloseTo(94127.78, 1);
    const sim = simulate(input);
    expect(sim.total.nominal).toBe(4.7);
    // tolerance: 40 000 draws give the SD to about ±0.4 % (1/√(2n)); 3 % leaves room for the tails
    expect(Math.abs(sim.total.sd - Math.sqrt(analytic) / 1000) / (Math.sqrt(analytic) / 1000)).toBeLessThan(0.03);
    expect(Math.abs(sim.total.mean - 4.7)).toBeLessThan(0.01);
    expect(sim.total.p10).toBeLessThan(4.7);
    expect(sim.total.p90).toBeGreaterThan(4.7);
    // the same seed → the same draws
    expect(simulate(input).total).toEqual(sim.total);
    // another seed → other draws (the band itself agrees to 2 decimals at 40 000 draws; the histogram does not)
    expect(simulate({ ...input, seed: 4 }).histogram).not.toEqual(sim.histogram);
  });

  it('the tornado: each input alone at its P10 and P90', () => {
    // triangle ±h, P90: 1 + h(1 − √0.2) = 1 + 0.5528 h; P10 symmetric. D's grid (h 0.1): 3 000 × 0.05528 × 2 = 331.66
    // kg; D's life (h 0.2): 663.33; A (h 0.2): 1 000 × 0.11056 × 2 = 221.11; B (h 0.5): 500 × 0.2764 × 2 = 276.39; C's
    // distance and its factor: 200 × 0.2764 × 2 = 110.56 and 200 × 0.11056 × 2 = 44.22 kg
    expect(triQuantile(symmetric(0.5), 0.9)).toBeCloseTo(1 + 0.5 * (1 - Math.sqrt(0.2)), 12);
    const bars = tornado(input);
    expect(bars.map((b) => [b.label, b.swing])).toEqual([
      ['设计使用年限', 0.6633],
      ['电网排放因子', 0.3317],
      ['因子：B', 0.2764],
      ['因子：A', 0.2211],
      ['运输距离：C', 0.1106],
      ['因子：C', 0.0442],
    ]);
  });
});
