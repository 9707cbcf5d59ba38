// The calculation engine against numbers worked by hand from the GB/T 51366 formulas and the row factors.
// Building: design life y = 50 a, area A = 10 000 m².
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { calculateBuilding, intensity, runtimeBreakdown } from '../../src/calc/building';
import { calculateStage, limitRenewables } from '../../src/calc/stage';

const S = STAGE_SCHEMAS as unknown as Record<string, ResourceSchema>;
const ctx = { years: 50, area: 10_000 };
let id = 0;
const rows = (list: Record<string, unknown>[]) => list.map((r) => ({ id: ++id, ...r }));

const produce = rows([
  { materialName: 'C30混凝土', unit: 'm3', quantity: 3000, factorValue: 295 }, // 3000 × 295 = 885 000 kg
  { materialName: '普通碳钢', unit: 't', quantity: 500, factorValue: 2050 }, // 500 × 2050 = 1 025 000 kg
]);
const trans = rows([
  // 3000 m³ × 2.4 t/m³ × 40 km (the library's concrete default) × 0.162 kgCO2e/(t·km) = 46 656 kg
  {
    materialName: 'C30混凝土',
    unit: 'm3',
    quantity: 3000,
    density: 2.4,
    distance: null,
    defaultDistance: 40,
    factorValue: 0.162,
  },
  // 500 t × 500 km (the library's default for other materials) × 0.162 = 40 500 kg
  { materialName: '钢筋', unit: 't', quantity: 500, defaultDistance: 500, factorValue: 0.162 },
]);
const build = rows([
  { method: 'energy', name: '电力', energy: 'electricity', quantity: 800_000, factorValue: 0.581 }, // 800 000 kWh × 0.581 = 464 800 kg
  { method: 'energy', name: '柴油', energy: 'diesel', quantity: 50_000, factorValue: 3.0959 }, // 50 000 kg × 3.0959 = 154 795 kg
  { method: 'machine', name: '挖掘机', energy: 'diesel', quantity: 100, energyPerShift: 63, factorValue: 3.0959 }, // other method: not counted
]);
const remove = rows([{ method: 'ratio', name: '按建造比例', ratio: 10 }]); // 10 % × 619 595 = 61 959.5 kg
const runtime = rows([
  {
    method: 'systems',
    part: 'light',
    name: '照明',
    energy: 'electricity',
    annualQuantity: 120_000,
    factorValue: 0.581,
  }, // ×50 a = 3 486 000 kg
  {
    method: 'systems',
    part: 'airCool',
    name: '制冷',
    energy: 'electricity',
    annualQuantity: 300_000,
    factorValue: 0.581,
  }, // = 8 715 000 kg
  {
    method: 'systems',
    part: 'pv',
    name: '屋面光伏',
    energy: 'electricity',
    annualQuantity: 50_000,
    factorValue: 0.581,
  }, // = −1 452 500 kg
]);
const green = rows([{ method: 'planting', name: '阔叶大乔木', area: 2000, factorValue: 22.5 }]); // −2000 × 22.5 × 50 = −2 250 000 kg

describe('stages', () => {
  it('material production: Σ M·F', () => {
    expect(calculateStage(S.stageProduce, produce, ctx).total).toBeCloseTo(1_910_000, 6);
  });

  it('transport: mass × distance × factor with the 40 / 500 km defaults', () => {
    const r = calculateStage(S.stageTrans, trans, ctx);
    expect(r.rows.map((x) => x.emission)).toEqual([46_656, 40_500].map((v) => expect.closeTo(v, 6)));
    // a given distance wins over the default: 3000 × 2.4 × 25 × 0.162 = 29 160
    expect(calculateStage(S.stageTrans, rows([{ ...trans[0], distance: 25 }]), ctx).total).toBeCloseTo(29_160, 6);
  });

  it('construction counts only the rows of the chosen method', () => {
    expect(calculateStage(S.stageBuild, build, ctx, 'energy').total).toBeCloseTo(619_595, 6);
    // machine: 100 shifts × 63 kg/shift × 3.0959 = 19 504.17
    expect(calculateStage(S.stageBuild, build, ctx, 'machine').total).toBeCloseTo(19_504.17, 6);
  });

  it('demolition by ratio reads the construction total', () => {
    expect(calculateStage(S.stageRemove, remove, ctx, 'ratio', { build: 619_595 }).total).toBeCloseTo(61_959.5, 6);
  });

  it('operation: parts over the design life, renewables negative', () => {
    const r = calculateStage(S.stageRuntime, runtime, ctx, 'systems');
    expect(r.parts).toEqual({
      light: expect.closeTo(3_486_000, 4),
      airCool: expect.closeTo(8_715_000, 4),
      pv: expect.closeTo(-1_452_500, 4),
    });
    expect(r.total).toBeCloseTo(10_748_500, 4);
  });

  it('operation by rated index: intensity × area × factor × years', () => {
    // 30 kWh/(m²·a) × 10 000 m² × 0.581 × 50 a = 8 715 000 kg
    const r = calculateStage(
      S.stageRuntime,
      rows([
        { method: 'rated', part: 'airCool', name: '空调', energy: 'electricity', intensity: 30, factorValue: 0.581 },
      ]),
      ctx,
      'rated',
    );
    expect(r.total).toBeCloseTo(8_715_000, 4);
  });

  it('renewables above consumption offset the consumption only (documented choice)', () => {
    // consumption 100 kWh/a × 1 × 50 = 5 000 kg; PV 300 × 1 × 50 = −15 000 kg → limited to −5 000, total 0
    const r = calculateStage(
      S.stageRuntime,
      rows([
        { method: 'systems', part: 'light', name: '照明', energy: 'electricity', annualQuantity: 100, factorValue: 1 },
        { method: 'systems', part: 'pv', name: '光伏', energy: 'electricity', annualQuantity: 300, factorValue: 1 },
      ]),
      ctx,
      'systems',
    );
    expect(r.total).toBeCloseTo(0, 9);
    expect(r.parts?.pv).toBeCloseTo(-5000, 9);
    expect(r.notes).toHaveLength(1);
    const parts = { light: 10, pv: -4 };
    limitRenewables(parts, ['pv'], []);
    expect(parts).toEqual({ light: 10, pv: -4 }); // below consumption: unchanged
  });

  it('carbon sink is negative (减碳)', () => {
    expect(calculateStage(S.stageGreen, green, ctx).total).toBeCloseTo(-2_250_000, 6);
  });

  it('waste: quantity × treatment factor; accounting renovation: quantity × factor × replacements', () => {
    // 1200 t × 2.5 kgCO2e/t = 3000 kg
    expect(
      calculateStage(S.stageWaste, rows([{ name: '建筑垃圾', quantity: 1200, factorValue: 2.5 }]), ctx).total,
    ).toBeCloseTo(3000, 9);
    // 150 m² of windows × 194 kgCO2e/m² × 2 replacements = 58 200 kg
    expect(
      calculateStage(
        S.stageRuntimeChange,
        rows([{ materialName: '断桥铝合金窗', quantity: 150, factorValue: 194, times: 2 }]),
        ctx,
      ).total,
    ).toBeCloseTo(58_200, 9);
    // renovation demolition: 20 shifts × 63 kg diesel × 3.096 = 3900.96 kg
    expect(
      calculateStage(
        S.stageRemoveChange,
        rows([{ name: '挖掘机', energy: 'diesel', quantity: 20, energyPerShift: 63, factorValue: 3.096 }]),
        ctx,
      ).total,
    ).toBeCloseTo(3900.96, 9);
  });

  it('stages without a formula have no emission', () => {
    expect(calculateStage(S.stageVoucher, rows([{ name: '发票', voucherType: '发票' }]), ctx).total).toBe(0);
  });
});

describe('building result', () => {
  it('sums the stages in tCO2e, in dependency order, and derives the intensity', () => {
    // remove is listed before build: the engine still calculates build first
    const r = calculateBuilding(
      [
        { schema: S.stageRemove, rows: remove, method: 'ratio' },
        { schema: S.stageProduce, rows: produce },
        { schema: S.stageTrans, rows: trans },
        { schema: S.stageBuild, rows: build, method: 'energy' },
        { schema: S.stageRuntime, rows: runtime, method: 'systems' },
        { schema: S.stageGreen, rows: green },
      ],
      ctx,
    );
    expect(r.fields).toEqual({
      produce: 1910,
      trans: 87.156,
      build: 619.595,
      remove: 61.9595,
      runtimeTotal: 10748.5,
      runtimeChange: 0,
      waste: 0,
      green: -2250,
    });
    // 1910 + 87.156 + 619.595 + 61.9595 + 10 748.5 − 2250 = 11 177.2105 t
    expect(r.total).toBeCloseTo(11_177.2105, 6);
    // 11 177.2105 × 1000 / (50 × 10 000) = 22.354421 → 22.35
    expect(r.streng3).toBe(22.35);
    expect(r.parts).toEqual({ light: 3486, airCool: 8715, pv: -1452.5 });
  });

  it('intensity needs a design life and an area', () => {
    expect(intensity(100, 0, 1000)).toBeNull();
    expect(intensity(100, 50, 0)).toBeNull();
    expect(intensity(1, 50, 1000)).toBe(0.02); // 1 × 1000 / 50 000 = 0.02
  });
});

describe('operation breakdown by runtime type', () => {
  it("type '1' and non-accounting buildings: by system part; accounting otherwise: energy, water, renewables", () => {
    const parts = { light: 3486, airCool: 8715, water: 120, pv: -1452.5, sun: -10 };
    expect(runtimeBreakdown(parts, '1', 'accounting')).toEqual(parts);
    expect(runtimeBreakdown(parts, undefined, 'budget')).toEqual(parts);
    // energy 3486 + 8715 = 12 201; water 120; renewables −1452.5 − 10 = −1462.5
    expect(runtimeBreakdown(parts, '2', 'accounting')).toEqual({ gas: 12201, water: 120, renew: -1462.5 });
  });
});
