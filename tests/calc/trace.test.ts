// No silent defaults. Each rule worked by hand; building y = 50 a, A = 10 000 m², grid 0.5827 kgCO2/kWh.
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { calculateBuilding } from '../../src/calc/building';
import { qualityGrade, qualityShares } from '../../src/calc/quality';
import { calculateStage, explainRow } from '../../src/calc/stage';
import { rowNeeds } from '../../src/calc/trace';

const S = STAGE_SCHEMAS as unknown as Record<string, ResourceSchema>;
const ctx = {
  years: 50,
  area: 10_000,
  gridFactor: 0.5827,
  gridFactorSource: '公告2025年第47号 表3',
  stageTitles: { build: '建筑建造' },
};
let id = 0;
const rows = (...list: Record<string, unknown>[]) => list.map((r) => ({ id: ++id, ...r }));

describe('transport mass', () => {
  it('m³ concrete × density 2.4 t/m³; the library default distance is recorded as 默认值', () => {
    // 100 m³ × 2.4 t/m³ = 240 t × 40 km (C30混凝土's default) × 0.078 kgCO2e/(t·km) = 748.8 kg
    const row = rows({
      materialName: 'C30混凝土',
      unit: 'm3',
      quantity: 100,
      density: 2.4,
      defaultDistance: 40,
      factorValue: 0.078,
    });
    const r = calculateStage(S.stageTrans, row, ctx);
    expect(r.total).toBeCloseTo(748.8, 9);
    expect(r.rows[0].trace!.defaults).toEqual([expect.objectContaining({ field: 'distance', value: 40, unit: 'km' })]);
    // explained on demand: the same defaults, the formula in words and in numbers
    const t = explainRow(S.stageTrans, row[0], ctx)!;
    expect(t.defaults).toEqual(r.rows[0].trace!.defaults);
    expect(t.defaults[0].source).toContain('第6.3.2条');
    expect(t.formula).toBe('用量 × 单位质量(t/单位) × 运输距离(km) × 运输因子');
    expect(t.numbers).toBe('100 × 2.4 × 40 × 0.078');
    expect(r.defaults).toBe(1);
  });

  it('a kg row is ÷ 1000, a t row × 1 — no density needed', () => {
    // 5000 kg = 5 t × 500 km × 0.078 = 195 kg;  20 t × 100 km × 0.078 = 156 kg
    const list = rows(
      { materialName: 'PPR管', unit: 'kg', quantity: 5000, distance: 500, factorValue: 0.078 },
      { materialName: '钢筋', unit: 't', quantity: 20, distance: 100, factorValue: 0.078 },
    );
    const r = calculateStage(S.stageTrans, list, ctx);
    expect(r.rows.map((x) => x.emission)).toEqual([expect.closeTo(195, 9), expect.closeTo(156, 9)]);
    expect(r.rows.map((x) => x.trace)).toEqual([null, null]); // nothing filled in, nothing to keep
    expect(explainRow(S.stageTrans, list[0], ctx)!.inputs.find((i) => i.field === 'massPerUnit')).toMatchObject({
      value: 0.001,
      note: '以千克计，质量 = 用量 ÷ 1000',
    });
  });

  it('a m³ row without density breaks the save rule: refused on save, counted 0 and named when stored before', () => {
    const row = { id: 1, materialName: 'C30混凝土', unit: 'm3', quantity: 100, distance: 40, factorValue: 0.078 };
    expect(rowNeeds(S.stageTrans, row)).toEqual([{ field: 'density', message: '请填写密度(t/单位)' }]);
    const r = calculateStage(S.stageTrans, [row], ctx);
    expect(r.total).toBe(0);
    expect(r.rows[0].trace!.problems).toEqual(['请填写密度(t/单位)']);
    expect(r.warnings).toEqual(['1 行数据不全，计为 0，请补全后重新计算（见计算过程）']);
  });

  it('no distance and no library material: refused', () => {
    expect(rowNeeds(S.stageTrans, { unit: 't', quantity: 1, factorValue: 0.078 }).map((p) => p.field)).toEqual([
      'distance',
    ]);
  });
});

describe('energies', () => {
  it('a natural-gas row with its factor counts it; without a factor it is refused, never priced as electricity', () => {
    // 10 000 m³/a × 2.162 kgCO2/m³ × 50 a = 1 081 000 kg
    const gas = {
      method: 'systems',
      part: 'gas',
      name: '燃气灶',
      energy: 'naturalGas',
      annualQuantity: 10_000,
      factorValue: 2.162,
    };
    expect(calculateStage(S.stageRuntime, rows(gas), ctx, 'systems').total).toBeCloseTo(1_081_000, 6);
    const bare = { ...gas, factorValue: null };
    expect(rowNeeds(S.stageRuntime, bare)).toEqual([{ field: 'factorId', message: '非电力能源须选择或填写能源因子' }]);
    expect(calculateStage(S.stageRuntime, rows(bare), ctx, 'systems').total).toBe(0);
  });

  it('an electricity row in construction without a factor takes the grid factor, recorded as 默认值 with its source', () => {
    // 10 000 kWh × 0.5827 = 5 827 kg
    const r = calculateStage(
      S.stageBuild,
      rows({ method: 'energy', name: '施工用电', energy: 'electricity', quantity: 10_000 }),
      ctx,
      'energy',
    );
    expect(r.total).toBeCloseTo(5827, 9);
    expect(r.rows[0].trace!.defaults).toEqual([
      {
        field: 'factorValue',
        title: '能源因子',
        value: 0.5827,
        unit: 'kgCO2/kWh',
        source: '单体电网排放因子：公告2025年第47号 表3',
      },
    ]);
  });

  it('an electricity row without a factor on a building without a grid factor is counted 0 and named', () => {
    const r = calculateStage(
      S.stageBuild,
      rows({ method: 'energy', name: '施工用电', energy: 'electricity', quantity: 10_000 }),
      { years: 50, area: 1 },
      'energy',
    );
    expect(r.total).toBe(0);
    expect(r.rows[0].trace!.problems?.[0]).toContain('能源因子未填写，且无法取得默认值');
  });

  it('a machine row needs its energy per shift; a row without energy is refused', () => {
    expect(
      rowNeeds(S.stageBuild, { method: 'machine', name: '挖掘机', energy: 'diesel', quantity: 10, factorValue: 3.096 }),
    ).toEqual([{ field: 'energyPerShift', message: '请填写台班能耗' }]);
    expect(rowNeeds(S.stageBuild, { method: 'energy', name: '电', quantity: 10 }).map((p) => p.field)).toEqual([
      'energy',
      'factorId',
    ]);
  });
});

describe('defaults recorded', () => {
  it('an empty COP is taken as 1 and shown as 默认值', () => {
    // 100 000 kWh/a ÷ COP 1 = 100 000 kWh/a × 0.5827 × 50 a = 2 913 500 kg
    const row = rows({
      method: 'systems',
      part: 'airCool',
      name: '空调',
      energy: 'electricity',
      annualLoad: 100_000,
      factorValue: 0.5827,
    });
    const r = calculateStage(S.stageRuntime, row, ctx, 'systems');
    expect(r.total).toBeCloseTo(2_913_500, 6);
    expect(r.rows[0].trace!.defaults).toEqual([
      expect.objectContaining({ field: 'cop', title: '系统能效比(COP/EER)', value: 1 }),
    ]);
    const t = explainRow(S.stageRuntime, row[0], ctx, 'systems')!;
    expect(t.formula).toBe('年累计冷/热负荷(kWh/a) ÷ 系统能效比(COP/EER) × 能源因子 × 设计使用年限(a)');
    expect(t.numbers).toBe('100,000 ÷ 1 × 0.5827 × 50');
  });

  it('demolition by ratio without its ratio takes 10 %; with no construction emissions it warns instead of 0 as success', () => {
    // 10 % × 619 595 kg = 61 959.5 kg
    const withBuild = calculateStage(S.stageRemove, rows({ method: 'ratio', name: '拆除' }), ctx, 'ratio', {
      build: 619_595,
    });
    expect(withBuild.total).toBeCloseTo(61_959.5, 9);
    expect(withBuild.rows[0].trace!.defaults[0]).toMatchObject({ field: 'ratio', value: 10, unit: '%' });
    const r = calculateBuilding(
      [
        { schema: S.stageRemove, rows: rows({ method: 'ratio', name: '拆除', ratio: 10 }), method: 'ratio' },
        { schema: S.stageBuild, rows: [], method: 'energy' },
      ],
      ctx,
    );
    expect(r.fields.remove).toBe(0);
    expect(r.stages.find((s) => s.code === 'remove')!.warnings).toEqual([
      '建筑拆除按「按比例系数计算」依赖建筑建造阶段的碳排放，建筑建造阶段没有数据，本阶段计为 0',
    ]);
  });
});

describe('data quality', () => {
  it('shares of the positive emissions by class and the grade', () => {
    // produce: 100 × 295 = 29 500 kg 标准默认值, 10 × 2000 = 20 000 kg EPD, 5 × 100 = 500 kg without class → 估算
    // total 50 000: 59 %, 40 %, 1 % → estimate ≤ 5 % but metered + EPD 40 % < 50 % → B
    const r = calculateBuilding(
      [
        {
          schema: S.stageProduce,
          rows: rows(
            { materialName: 'C30', unit: 'm3', quantity: 100, factorValue: 295, quality: 'standard' },
            { materialName: '钢', unit: 't', quantity: 10, factorValue: 2000, quality: 'epd' },
            { materialName: '其他', unit: 't', quantity: 5, factorValue: 100 },
          ),
        },
      ],
      ctx,
    );
    expect(r.quality).toMatchObject({ standard: 29.5, epd: 20, estimate: 0.5, metered: 0, database: 0 });
    expect(r.qualityShares).toMatchObject({ standard: 59, epd: 40, estimate: 1 });
    expect(r.grade).toBe('B');
    expect(qualityGrade({ metered: 30, epd: 25, standard: 40, database: 0, estimate: 5 })).toBe('A');
    expect(qualityGrade({ metered: 0, epd: 0, standard: 70, database: 0, estimate: 30 })).toBe('C');
    expect(qualityGrade({ metered: 0, epd: 0, standard: 69, database: 0, estimate: 31 })).toBe('D');
    expect(qualityShares({ metered: 0, epd: 0, standard: 0, database: 0, estimate: 0 }).estimate).toBe(0);
  });
});
