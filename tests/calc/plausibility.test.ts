// 合理性检查 (src/calc/plausibility.ts) against figures worked by hand.
// Building: 居住建筑/住宅, A = 1 000 m². Residential ranges as seeded in 参考值库 (土木在线, 抗震 7 度区):
// 混凝土 0.30–0.47 m³/m², 钢筋 30–75 kg/m².
import { describe, expect, it } from 'vitest';
import {
  flagWarning,
  materialKind,
  materialTotals,
  rangeOf,
  reviewPlausibility,
  type RangeLine,
} from '../../src/calc/plausibility';

const SRC = '土木在线《普通住宅建筑混凝土用量和用钢量》';
const lines: RangeLine[] = [
  {
    id: 1,
    metric: 'concrete',
    name: '住宅混凝土用量',
    buildType: '居住建筑',
    value: null,
    low: 0.3,
    high: 0.47,
    unit: 'm³/m²',
    verification: 'V',
    source: SRC,
  },
  {
    id: 2,
    metric: 'steel',
    name: '住宅钢筋用量',
    buildType: '居住建筑',
    value: null,
    low: 30,
    high: 75,
    unit: 'kg/m²',
    verification: 'V',
    source: SRC,
  },
  // a value-only line: the band is 33.5 ÷ 3 = 11.17 … 33.5 × 3 = 100.50
  {
    id: 3,
    metric: 'operation',
    name: '全国平均运行碳排放强度',
    buildType: '全部',
    value: 33.5,
    low: null,
    high: null,
    unit: 'kgCO2/(m²·a)',
    verification: 'D',
    source: '推算',
  },
  // a line of another type never applies to a 住宅
  {
    id: 4,
    metric: 'steel',
    name: '办公楼用钢量',
    buildType: '办公建筑',
    value: null,
    low: 1,
    high: 2,
    unit: 'kg/m²',
    verification: 'V',
    source: 'x',
  },
  // nobody published it: U, no figure → 暂无公开范围
  {
    id: 5,
    metric: 'lifecycle',
    name: '全生命周期碳排放强度（按建筑类型）',
    buildType: '全部',
    value: null,
    low: null,
    high: null,
    unit: 'kgCO2e/(m²·a)',
    verification: 'U',
    source: '',
  },
];
const stageRows = { produce: 3, runtime: 1 };
const base = {
  buildType: '居住建筑/住宅',
  area: 1000,
  stageRows,
  lines,
  intensities: { lifecycle: 20, embodied: null, operation: 30 },
};

describe('material quantities per m² from the 建材生产 rows', () => {
  it('classifies by the library category first, else by name', () => {
    expect(materialKind({ materialName: 'C30混凝土', category: '混凝土' })).toBe('concrete');
    expect(materialKind({ materialName: '混凝土砖', category: '砖' })).toBeNull(); // a brick, though named 混凝土
    expect(materialKind({ materialName: 'HRB400', category: '钢铁', libraryName: '热轧碳钢钢筋' })).toBe('steel');
    expect(materialKind({ materialName: '炼钢生铁', category: '钢铁' })).toBeNull(); // iron
    expect(materialKind({ materialName: '塑钢窗', category: '玻璃铝门窗' })).toBeNull();
    expect(materialKind({ materialName: '塑钢窗' })).toBeNull(); // PVC windows, by name
    expect(materialKind({ materialName: '商品砼C35' })).toBe('concrete');
    expect(materialKind({ materialName: '加气混凝土砌块' })).toBeNull();
    expect(materialKind({ materialName: '钢化玻璃' })).toBeNull();
    expect(materialKind({ materialName: 'Q235钢板' })).toBe('steel');
  });

  it('converts by the row unit and density — concrete in t through its density; a row that cannot be converted is named, not guessed', () => {
    const totals = materialTotals([
      { materialName: 'C30混凝土', unit: 'm3', quantity: 500, category: '混凝土' }, // 500 m³
      { materialName: 'C15垫层混凝土', unit: 'L', quantity: 20_000 }, // 20 000 L × 0.001 = 20 m³
      // by mass at the library's 2.4 t/m³: 240 t = 240 000 kg ÷ 2 400 kg/m³ = 100 m³
      { materialName: 'C30混凝土', unit: 't', quantity: 240, density: 2.4, densityUnit: 't/m3', category: '混凝土' },
      { materialName: 'C35混凝土', unit: 't', quantity: 240, category: '混凝土' }, // t without a density: skipped
      { materialName: '预制混凝土', unit: '块', quantity: 12 }, // pieces without a density: skipped
      { materialName: '热轧碳钢钢筋', unit: 't', quantity: 40, category: '钢铁' }, // 40 t = 40 000 kg
      { materialName: '镀锌钢板', unit: 'kg', quantity: 5000 }, // 5 000 kg
      { materialName: '钢管', unit: 'm', quantity: 1000, density: 0.005 }, // 1 000 m × 0.005 t/m = 5 t = 5 000 kg
      { materialName: '钢格栅', unit: '块', quantity: 10 }, // no density: skipped
      { materialName: '页岩空心砖', unit: 'm3', quantity: 300, category: '砖' }, // neither
    ]);
    // 500 + 20 + 100 = 620 m³
    expect(totals.concrete).toMatchObject({
      amount: 620,
      rows: 3,
      skipped: [
        { name: 'C35混凝土', unit: 't', reason: '单位 t 无密度，无法换算为 m³' },
        { name: '预制混凝土', unit: '块', reason: '单位 块 不是体积单位，无法换算为 m³' },
      ],
    });
    expect(totals.concrete.converted).toHaveLength(1);
    expect(totals.concrete.converted![0]).toMatch(/^「C30混凝土」240 t = 240,000 kg，.*= 100 m3$/);
    expect(totals.steel.amount).toBeCloseTo(50_000, 9);
    expect(totals.steel.rows).toBe(3);
    expect(totals.steel.skipped).toEqual([{ name: '钢格栅', unit: '块', reason: '单位 块 无密度，无法换算为质量' }]);
  });

  it('a value-only line is read as value ÷ 3 … value × 3', () => {
    expect(rangeOf({ value: 33.5, low: null, high: null })).toEqual({ low: 11.17, high: 100.5, basis: 'value' });
    expect(rangeOf({ value: null, low: 0.3, high: 0.47 })).toEqual({ low: 0.3, high: 0.47, basis: 'range' });
    expect(rangeOf({ value: null, low: null, high: null })).toBeNull();
  });
});

describe('the review', () => {
  it('no flag: 450 m³ C30 and 50 t rebar on 1 000 m² are within the residential ranges', () => {
    // concrete 450 m³ ÷ 1 000 m² = 0.45 m³/m² ∈ [0.30, 0.47]
    // steel 50 t = 50 000 kg ÷ 1 000 m² = 50.00 kg/m² ∈ [30, 75]; operation 30 ∈ [11.17, 100.50]
    const r = reviewPlausibility({
      ...base,
      materials: [
        { materialName: 'C30混凝土', unit: 'm3', quantity: 450, category: '混凝土' },
        { materialName: '热轧碳钢钢筋', unit: 't', quantity: 50, category: '钢铁' },
      ],
    });
    expect(r.flags).toEqual([]);
    expect(r.figures.find((f) => f.metric === 'concrete')?.value).toBe(0.45);
    expect(r.figures.find((f) => f.metric === 'steel')?.value).toBe(50);
    // three checks: concrete, steel, operation (the 办公建筑 line does not apply)
    expect(r.checks.map((c) => [c.metric, c.direction])).toEqual([
      ['operation', null],
      ['concrete', null],
      ['steel', null],
    ]);
    // nobody published a life-cycle or an embodied range for a 住宅 here
    expect(r.missing.map((m) => [m.metric, m.text, m.unknownLines])).toEqual([
      ['lifecycle', '暂无公开范围', ['全生命周期碳排放强度（按建筑类型）']],
      ['embodied', '暂无公开范围', []],
    ]);
  });

  it('flags: 500 m³ C30 → 0.50 m³/m² above 0.30–0.47; 180 t steel → 180.00 kg/m² above 30–75; the figures unchanged', () => {
    // concrete 500 m³ ÷ 1 000 m² = 0.50 m³/m² > 0.47 → 高于
    // steel (150 t + 30 000 kg) = 180 000 kg ÷ 1 000 m² = 180.00 kg/m² > 75 → 高于
    // operation 5 < 11.17 (= 33.5 ÷ 3) → 低于
    const materials = [
      { materialName: 'C30混凝土', unit: 'm3', quantity: 500, category: '混凝土' },
      { materialName: '热轧碳钢钢筋', unit: 't', quantity: 150, category: '钢铁' },
      { materialName: '型钢', unit: 'kg', quantity: 30_000 },
    ];
    const r = reviewPlausibility({ ...base, intensities: { lifecycle: 20, embodied: null, operation: 5 }, materials });
    expect(r.flags.map((f) => f.text)).toEqual([
      '运行碳排放强度 5.00 kgCO2/(m²·a) 低于参考范围 11.17–100.50 kgCO2/(m²·a)（按参考值 33.50 的 1/3–3 倍；参考值库「全国平均运行碳排放强度」，来源：推算）',
      `混凝土用量 0.50 m³/m² 高于参考范围 0.30–0.47 m³/m²（参考值库「住宅混凝土用量」，来源：${SRC}）`,
      `钢材用量 180.00 kg/m² 高于参考范围 30.00–75.00 kg/m²（参考值库「住宅钢筋用量」，来源：${SRC}）`,
    ]);
    expect(r.flags[2]).toMatchObject({
      metric: 'steel',
      value: 180,
      direction: 'high',
      low: 30,
      high: 75,
      lineId: 2,
      verification: 'V',
    });
    expect(flagWarning(r.flags[1])).toMatch(/^合理性检查：混凝土用量 0.50/);
    // the review reads the rows; it never writes them
    expect(materials[0].quantity).toBe(500);
  });

  it('an intensity above its range names the material that drives it', () => {
    const embodiedLine: RangeLine = {
      id: 6,
      metric: 'embodied',
      name: '住宅物化阶段参考值',
      buildType: '居住建筑',
      value: null,
      low: 350,
      high: 550,
      unit: 'kgCO2e/m²',
      verification: 'D',
      source: '推算',
    };
    // 707.211 t × 20 300 = 14 356 383.3 kg; 453.4 m³ × 295 = 133 753 kg; two rows of C30 summed by name and unit:
    // 400 + 53.4 = 453.4 m³. The aluminium is 14 356 383.3 ÷ (14 356 383.3 + 133 753) = 99.08 % → 99 %
    const materials = [
      { materialName: 'C30混凝土', unit: 'm3', quantity: 400, category: '混凝土', emission: 118_000 },
      { materialName: '电解铝', unit: 't', quantity: 707.211, emission: 14_356_383.3 },
      { materialName: 'C30混凝土', unit: 'm3', quantity: 53.4, category: '混凝土', emission: 15_753 },
    ];
    const high = reviewPlausibility({
      ...base,
      lines: [embodiedLine],
      intensities: { lifecycle: null, embodied: 6391.77, operation: null },
      materials,
    });
    expect(high.flags.map((f) => f.driver)).toEqual(['电解铝（707.21 t）占建材生产 99%']);
    expect(high.flags[0].text).toBe(
      '隐含碳排放强度 6,391.77 kgCO2e/m² 高于参考范围 350.00–550.00 kgCO2e/m²（参考值库「住宅物化阶段参考值」，来源：推算）；主要来源：电解铝（707.21 t）占建材生产 99%',
    );
    // below its range nothing drives it: no material is named
    const low = reviewPlausibility({
      ...base,
      lines: [embodiedLine],
      intensities: { lifecycle: null, embodied: 100, operation: null },
      materials,
    });
    expect(low.flags.map((f) => [f.direction, f.driver])).toEqual([['low', undefined]]);
    expect(low.flags[0].text).not.toContain('主要来源');
  });

  it('an aggregate intensity is checked only when its stages have rows', () => {
    const r = reviewPlausibility({
      ...base,
      stageRows: { produce: 2, runtime: 0 },
      intensities: { lifecycle: 1, embodied: 1, operation: 0 },
      materials: [],
    });
    expect(r.flags).toEqual([]);
    expect(r.figures.find((f) => f.metric === 'operation')).toMatchObject({
      value: 0,
      unchecked: '建筑运行尚无数据，未检查',
    });
    expect(r.figures.find((f) => f.metric === 'concrete')).toMatchObject({ value: null });
  });

  it('a material whose rows cannot be converted is not checked, and its rows are named', () => {
    const r = reviewPlausibility({
      ...base,
      materials: [{ materialName: 'C30混凝土', unit: 't', quantity: 1200, category: '混凝土' }],
    });
    expect(r.flags).toEqual([]);
    expect(r.figures.find((f) => f.metric === 'concrete')).toEqual({
      metric: 'concrete',
      label: '混凝土用量',
      unit: 'm³/m²',
      value: null,
      unchecked: '建材生产中没有可换算的混凝土（体积）行，未检查',
      working: '混凝土未计入：「C30混凝土」单位 t 无密度，无法换算为 m³',
    });
  });

  it('a line in another unit is left out and said so', () => {
    const r = reviewPlausibility({
      ...base,
      materials: [{ materialName: 'C30混凝土', unit: 'm3', quantity: 900, category: '混凝土' }],
      lines: [{ ...lines[0], unit: 't/m²' }],
    });
    expect(r.flags).toEqual([]);
    expect(r.notes).toEqual(['参考值库「住宅混凝土用量」的单位 t/m² 与混凝土用量的单位 m³/m² 不一致，未用于检查']);
  });
});
