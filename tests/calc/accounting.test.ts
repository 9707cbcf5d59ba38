// No number off by a unit: the accounting year (核算), the operation intensity with the sink (GB/T 51366
// §4.1), the unrounded GB 55015 check and the formula basis — worked by hand.
//
// The accounting building: 单体建筑面积 1 000 m², design life y = 50 a; 核算信息补充: 竣工建筑面积 1 250 m², 已运行年数 1 a.
//   建材生产  200 t 钢筋 × 2 340 kgCO2e/t                       = 468 000 kg
//   建筑运行  metered: 100 000 kWh/a × 0.5827 kgCO2/kWh × 1 a   =  58 270 kg (the row leaves 运行年数 empty: 1 a from 核算信息补充)
//   total 526 270 kg = 526.27 t
//   operation intensity = 58 270 ÷ 1 a ÷ 1 250 m²                   = 46.616 → 46.62 kgCO2/(m²·a)
//   streng3 = 468 000 ÷ 50 a ÷ 1 250 m² + 58 270 ÷ 1 a ÷ 1 250 m²  = 7.488 + 46.616 = 54.104 → 54.10 kgCO2e/(m²·a)
//   (the old, wrong figure: 526 270 ÷ (50 × 1 000) = 10.53, the metered year spread over 50 years and the planned area)
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { calculateBuilding } from '../../src/calc/building';
import { buildingFigures, exactOperation, gb55015Check } from '../../src/calc/decide/reference';
import { formulaBasis, PROVINCIAL_RULES } from '../../src/calc/formulaBasis';
import {
  accountingContext,
  annualEmission,
  AREA_SOURCE,
  intensityNotes,
  lifeCycleIntensity,
  operationIntensity,
  YEARS_SOURCE,
} from '../../src/calc/intensity';
import type { BuildingContext } from '../../src/calc/stage';

const S = STAGE_SCHEMAS as unknown as Record<string, ResourceSchema>;
const steel = {
  id: 1,
  materialName: '热轧碳钢钢筋',
  unit: 't',
  quantity: 200,
  factorValue: 2340,
  factorUnit: 'kgCO2e/t',
};
const meter = (over: Record<string, unknown> = {}) => ({
  id: 11,
  method: 'metered',
  part: 'app',
  name: '年度电表读数',
  energy: 'electricity',
  unit: 'kWh',
  annualQuantity: 100_000,
  factorValue: 0.5827,
  factorUnit: 'kgCO2/kWh',
  ...over,
});

function context(supplement: Record<string, unknown> | undefined): BuildingContext {
  const acc = accountingContext('accounting', supplement, 1000);
  return {
    years: 50,
    area: acc.area,
    areaSource: acc.areaSource,
    ...(acc.operatingYears ? { operatingYears: acc.operatingYears } : {}),
  };
}

const calc = (
  runtime: Record<string, unknown>[],
  supplement: Record<string, unknown> | undefined = { actualArea: 1250, operatingYears: 1 },
) =>
  calculateBuilding(
    [
      { schema: S.stageProduce, rows: [steel] },
      { schema: S.stageRuntime, rows: runtime as never, method: 'metered' },
    ],
    context(supplement),
  );

describe('the accounting year (核算)', () => {
  it('a one-year metered building: operation per operating year on the as-built area', () => {
    const r = calc([meter()]);
    expect(r.fields.runtimeTotal).toBeCloseTo(58.27, 6);
    expect(r.total).toBeCloseTo(526.27, 6);
    expect(r.basis).toEqual({
      area: 1250,
      areaSource: AREA_SOURCE.actual,
      designYears: 50,
      operationYears: 1,
      operationYearsSource: YEARS_SOURCE.supplement,
    });
    // the metered row took 核算信息补充's years, said so as 默认值
    const trace = r.stages.find((s) => s.code === 'runtime')!.rows[0].trace!;
    expect(trace.defaults).toContainEqual(
      expect.objectContaining({
        field: 'operatingYears',
        value: 1,
        source: '未填写运行年数：按核算信息补充的已运行年数计',
      }),
    );
    expect(r.streng3).toBe(54.1);
    const f = { total: r.total, operational: r.fields.runtimeTotal, sink: 0 };
    expect(operationIntensity(f, r.basis)).toBeCloseTo(46.616, 9);
    // 年均 = 468 000 ÷ 50 + 58 270 ÷ 1 = 9 360 + 58 270 = 67 630 kgCO2e/a
    expect(annualEmission(f, r.basis)).toBeCloseTo(67_630, 6);
    // the card's figures from the stored record: area 1 250 (not 1 000), operation 46.62
    const stored = {
      produce: 468,
      runtimeTotal: 58.27,
      total: 526.27,
      streng3: r.streng3,
      buildArea: 1000,
      useDateLimit: 50,
      resultDetail: { basis: r.basis },
    };
    // 468 000 ÷ 1 250 = 374.4
    expect(buildingFigures(stored, true)).toEqual({ embodied: 374.4, operation: 46.62, lifecycle: 54.1 });
  });

  it("a row's own operating years win; without 核算信息补充 the design life, and the source says which", () => {
    // own 2 a: 100 000 × 0.5827 × 2 = 116 540 kg; per year 58 270 → the same 46.616 on 1 250 m²
    const own = calc([meter({ operatingYears: 2 })]);
    expect(own.basis).toMatchObject({ operationYears: 2, operationYearsSource: YEARS_SOURCE.row });
    expect(operationIntensity({ operational: own.fields.runtimeTotal, sink: 0 }, own.basis)).toBeCloseTo(46.616, 9);
    // no supplement: area 1 000 m² (the building's), years = design life 50: 100 000 × 0.5827 × 50 = 2 913 500 kg
    const none = calc([meter()], {});
    expect(none.basis).toMatchObject({
      area: 1000,
      areaSource: AREA_SOURCE.noActual,
      operationYears: 50,
      operationYearsSource: YEARS_SOURCE.fallback,
    });
    expect(none.stages.find((s) => s.code === 'runtime')!.rows[0].trace!.defaults).toContainEqual(
      expect.objectContaining({
        field: 'operatingYears',
        value: 50,
        source: '未填写运行年数，核算信息补充也未填写已运行年数：按设计使用年限计',
      }),
    );
    // streng3 = (468 000 + 2 913 500) ÷ (50 × 1 000) = 67.63
    expect(none.streng3).toBe(67.63);
  });

  it('rows of different years: 建筑运行 ÷ y_op is Σ row emission ÷ row years', () => {
    // A: 100 000 kWh × 0.5827 × 1 a = 58 270 kg; B: 50 000 kWh × 0.5827 × 2 a = 58 270 kg
    // per year 58 270 + 29 135 = 87 405 kg/a; y_op = 116 540 ÷ 87 405 = 1.3333… a
    const r = calc([meter({ operatingYears: 1 }), meter({ id: 12, annualQuantity: 50_000, operatingYears: 2 })]);
    expect(r.basis.operationYears).toBeCloseTo(4 / 3, 9);
    expect(r.basis.operationYearsSource).toBe(YEARS_SOURCE.row);
    // operation 87 405 ÷ 1 250 = 69.924; streng3 = 7.488 + 69.924 = 77.412 → 77.41
    expect(operationIntensity({ operational: r.fields.runtimeTotal, sink: 0 }, r.basis)).toBeCloseTo(69.924, 9);
    expect(r.streng3).toBe(77.41);
  });

  it('estimate and budget keep total × 1000 ÷ (y × A)', () => {
    const basis = {
      area: 2000,
      areaSource: AREA_SOURCE.building,
      designYears: 50,
      operationYears: 50,
      operationYearsSource: YEARS_SOURCE.design,
    };
    // 1 487.655 t × 1000 ÷ (50 × 2 000) = 14.87655 → 14.88
    expect(lifeCycleIntensity({ total: 1487.655, operational: 465.433, sink: -12.345 }, basis)).toBe(14.88);
    expect(accountingContext('budget', { actualArea: 99 }, 2000)).toEqual({
      area: 2000,
      areaSource: AREA_SOURCE.building,
    });
    expect(intensityNotes(basis, 'budget')).toHaveLength(2);
    expect(
      intensityNotes(
        {
          ...basis,
          area: 12500,
          areaSource: AREA_SOURCE.actual,
          operationYears: 1,
          operationYearsSource: YEARS_SOURCE.supplement,
        },
        'accounting',
      )[2],
    ).toBe(
      '核算：建筑面积取核算信息补充：竣工建筑面积 12,500.00 m²；实测运行能耗的运行年数取核算信息补充：已运行年数 1 年，建筑运行除以该年数为年均值；其余阶段按设计使用年限 50 年分摊。',
    );
  });
});

describe('GB 55015 on the GB/T 51366 §4.1 operation figure', () => {
  it('the operation intensity counts the sink (C_M = [Σ E_i·EF_i − C_p]·y)', () => {
    // 1 000 m², 50 a: 建筑运行 1 000 kWh/a × 0.5827 × 50 a = 29 135 kg; 碳汇 −(100 m² × 0.5 kgCO2/(m²·a) × 50 a) = −2 500 kg
    // operation = (29 135 − 2 500) ÷ 50 ÷ 1 000 = 0.5327 → 0.53 (without the sink it would be 0.58)
    const b = {
      produce: 0,
      runtimeTotal: 29.135,
      green: -2.5,
      total: 26.635,
      streng3: 0.53,
      buildArea: 1000,
      useDateLimit: 50,
    };
    expect(exactOperation(b, true)).toBeCloseTo(0.5327, 12);
    expect(buildingFigures(b, true).operation).toBe(0.53);
  });

  it('compares the unrounded reduction: 6.9973 is not 7', () => {
    // reference 7.58 − design 0.5827 = 6.9973 < 7: not met, although both 2-decimal figures (7.58 − 0.58) read 7.00
    const g = gb55015Check(7.58, 0.5827);
    expect(g).toMatchObject({ operation: 0.58, reduction: 7, pass: false });
    expect(g.text).toBe(
      '运行碳排放强度（含碳汇）0.58 kgCO2/(m²·a)，较基准建筑 7.58 降低 7.00（未取整为 6.9973） kgCO2/(m²·a)，未达到 GB 55015-2021 降低不少于 7 kgCO2/(m²·a) 的要求',
    );
    // 7.5827 − 0.5827 = 7 (float noise forgiven): met
    expect(gb55015Check(7.5827, 0.5827).pass).toBe(true);
  });
});

describe('formula basis', () => {
  it('GB follows GB/T 51366-2019; JS-STD, JS and ZQYJG say no provincial rule is applied and the rest is GB/T 51366', () => {
    expect(formulaBasis('GB').lines).toEqual([
      '计算依据：按《建筑碳排放计算标准》GB/T 51366-2019——各阶段的计算公式按该标准，排放因子取自因子库（该标准附录或各行所注来源）。',
    ]);
    // the standards research found no Jiangsu or ZQYJG formula with mark V or M
    expect(Object.values(PROVINCIAL_RULES).every((r) => r.length === 0)).toBe(true);
    for (const [code, name] of [
      ['JS-STD', '江苏省标准'],
      ['JS', '江苏省导则'],
      ['ZQYJG', '征求意见稿'],
    ] as const) {
      const lines = formulaBasis(code).lines;
      expect(lines[0]).toContain(`未采用任何${name}专用计算规则`);
      expect(lines.at(-1)).toBe(
        '其余均按《建筑碳排放计算标准》GB/T 51366-2019：各阶段的计算公式按该标准，排放因子取自因子库（该标准附录或各行所注来源）。',
      );
    }
    expect(formulaBasis('JS').lines[1]).toContain('废弃物处理阶段');
  });
});
