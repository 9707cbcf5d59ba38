// Units: a row's quantity is converted to its factor's unit, or refused naming both units. Each case worked
// by hand in its comment; factors as the library stores them (GB/T 51366 附录A/D, a tCO2 factor already × 1000).
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { calculateStage, explainRow, rowUnitProblems } from '../../src/calc/stage';
import { convertToFactor, factorInKg, parseFactorUnit, parseUnit } from '../../src/calc/units';
import { massPerUnit } from '../../src/calc/mass';

const S = STAGE_SCHEMAS as unknown as Record<string, ResourceSchema>;
const ctx = { years: 50, area: 10_000, gridFactor: 0.5827, gridFactorSource: '江苏 2023' };
let id = 0;
const row = (r: Record<string, unknown>) => ({ id: ++id, ...r });
const one = (schema: ResourceSchema, r: Record<string, unknown>, method?: string) =>
  calculateStage(schema, [row(r)], ctx, method);

describe('reading units', () => {
  it('rows and factors: dimension and scale, written many ways', () => {
    expect(parseUnit('t')).toMatchObject({ dims: { M: 1 }, scale: 1000 });
    expect(parseUnit('千克')).toMatchObject({ dims: { M: 1 }, scale: 1 });
    expect(parseUnit('m³')).toMatchObject({ dims: { L: 3 }, scale: 1 });
    expect(parseUnit('Ｌ')).toMatchObject({ dims: { L: 3 }, scale: 0.001 }); // full-width L
    expect(parseUnit('kWh/a')).toMatchObject({ dims: { E: 1 }, scale: 3.6 }); // an annual quantity may say so
    // the SI spelling of budget files: 1 kW·h = 3.6 MJ, whatever the dot
    for (const u of ['kW·h', 'kw.h', 'KW·H', 'kW*h', '千瓦·时'])
      expect(parseUnit(u), u).toMatchObject({ dims: { E: 1 }, scale: 3.6 });
    expect(convertToFactor(1000, 'kW·h', 'kgCO2e/kWh')).toMatchObject({ ok: true, value: 1000 });
    expect(parseUnit('千块')).toMatchObject({ dims: { '#块': 1 }, scale: 1000 });
    expect(parseUnit('furlong')).toBeUndefined();
    expect(parseFactorUnit('gCO2e/(t·km)')).toMatchObject({ co2: 0.001, per: { dims: { M: 1, L: 1 }, scale: 1e6 } });
    expect(parseFactorUnit('tCO2/TJ')).toMatchObject({ co2: 1000, per: { dims: { E: 1 }, scale: 1e6 } });
    expect(parseFactorUnit('kgCO2/(m²·a)')).toMatchObject({ co2: 1, per: { dims: { L: 2, T: 1 } } });
    expect(parseFactorUnit('78')).toBeUndefined();
  });

  it('a factor typed per gCO2e is used per kg: 78 gCO2e/(t·km) = 0.078 kgCO2e/(t·km)', () => {
    expect(factorInKg(78, 'gCO2e/(t·km)')).toEqual({ value: 0.078, step: '78 gCO2e/(t·km) = 0.078 kgCO2e/(t·km)' });
    expect(factorInKg(2340, 'kgCO2e/t')).toEqual({ value: 2340 });
  });

  it('transport mass of a litre row by a density per m³: 2.4 t/m³ × 0.001 = 0.0024 t/L; per kg/L: 1.3 kg/L = 0.0013 t/L', () => {
    expect(massPerUnit('L', 2.4, 't/m3')).toBeCloseTo(0.0024, 12);
    expect(massPerUnit('L', 1.3, 'kg/L')).toBeCloseTo(0.0013, 12);
    expect(massPerUnit('kg', null)).toBe(0.001);
    expect(massPerUnit('块', 0.0025)).toBe(0.0025);
  });
});

describe('建材生产', () => {
  it('kg on a per-t factor: 330 000 kg = 330 t × 2 340 kgCO2e/t = 772 200 kg (not 772 200 000)', () => {
    const rebar = {
      materialName: '热轧碳钢钢筋',
      unit: 'kg',
      quantity: 330_000,
      factorValue: 2340,
      factorUnit: 'kgCO2e/t',
    };
    const r = one(S.stageProduce, rebar);
    expect(r.total).toBeCloseTo(772_200, 6);
    const t = explainRow(S.stageProduce, row(rebar), ctx)!;
    expect(t.conversions).toEqual(['330,000 kg = 330 t']);
    expect(t.formula).toBe('用量（换算为t） × 排放因子');
    expect(t.numbers).toBe('330 × 2,340');
  });

  it('t on a per-m³ factor by the density: 24 t ÷ 2.4 t/m³ = 10 m³ × 295 = 2 950 kg; without density refused', () => {
    const c30 = { materialName: 'C30混凝土', unit: 't', quantity: 24, factorValue: 295, factorUnit: 'kgCO2e/m3' };
    expect(one(S.stageProduce, { ...c30, density: 2.4 }).total).toBeCloseTo(2950, 9);
    expect(explainRow(S.stageProduce, row({ ...c30, density: 2.4 }), ctx)!.conversions).toEqual([
      '24 t = 24,000 kg',
      '24,000 kg ÷ 密度 2.4 t/m3 = 10 m3',
    ]);
    const msg = '用量单位「t」与排放因子单位「kgCO2e/m3」不一致，且该材料没有密度';
    expect(rowUnitProblems(S.stageProduce, c30)).toEqual([{ field: 'unit', message: msg }]);
    const stored = one(S.stageProduce, c30); // a row stored before the rule: counted 0, named, never computed as m³
    expect(stored.total).toBe(0);
    expect(stored.rows[0].trace!.problems).toEqual([msg]);
    expect(stored.warnings).toEqual(['1 行用量单位无法换算为排放因子单位，计为 0，请修改后重新计算（见计算过程）']);
  });

  it('the same unit written otherwise converts by 1 (m³ and m3), an unknown unit equal to the factor’s is accepted', () => {
    expect(
      one(S.stageProduce, { materialName: 'C30', unit: 'm³', quantity: 10, factorValue: 295, factorUnit: 'kgCO2e/m3' })
        .total,
    ).toBeCloseTo(2950, 9);
    expect(
      one(S.stageProduce, { materialName: '门', unit: '扇樘', quantity: 2, factorValue: 50, factorUnit: 'kgCO2e/扇樘' })
        .total,
    ).toBe(100);
    expect(
      rowUnitProblems(S.stageProduce, {
        materialName: '门',
        unit: '扇樘',
        quantity: 2,
        factorValue: 50,
        factorUnit: 'kgCO2e/m2',
      }),
    ).toEqual([{ field: 'unit', message: '用量单位「扇樘」与排放因子单位「kgCO2e/m2」不一致，且无法识别用量单位' }]);
  });

  it('a factor unit that is not a factor unit is refused', () => {
    expect(
      rowUnitProblems(S.stageProduce, {
        materialName: 'x',
        unit: 't',
        quantity: 1,
        factorValue: 1,
        factorUnit: '元/t',
      }),
    ).toEqual([
      { field: 'factorUnit', message: '无法识别排放因子单位「元/t」（应为 kgCO2e/单位、tCO2/单位 或 gCO2e/单位）' },
    ]);
  });
});

describe('建筑建造', () => {
  it('diesel in t on a per-kg factor: 20 t = 20 000 kg × 3.096 = 61 920 kg (not 61.92)', () => {
    expect(
      one(S.stageBuild, {
        method: 'energy',
        name: '柴油',
        energy: 'diesel',
        unit: 't',
        quantity: 20,
        factorValue: 3.096,
        factorUnit: 'kgCO2/kg',
      }).total,
    ).toBeCloseTo(61_920, 6);
  });

  it('diesel in litres by its density: 1 000 L = 1 m³ × 827.5 kg/m³ = 827.5 kg × 3.096 = 2 561.94 kg', () => {
    const r = row({
      method: 'energy',
      name: '柴油',
      energy: 'diesel',
      unit: 'L',
      quantity: 1000,
      factorValue: 3.096,
      factorUnit: 'kgCO2/kg',
    });
    expect(calculateStage(S.stageBuild, [r], ctx).total).toBeCloseTo(2561.94, 6);
    expect(explainRow(S.stageBuild, r, ctx)!.conversions).toEqual([
      '1,000 L = 1 m3',
      '1 m3 × 密度 827.5 kg/m3 = 827.5 kg',
    ]);
  });

  it('coal without its own calorific value takes raw coal’s, named a default: 20 t × 20.908 GJ/t = 0.41816 TJ × 89 000 = 37 216.24 kg', () => {
    // 89.00 tCO2/TJ (附录A) is stored as 89 000 kgCO2/TJ; 20 000 kg × 20.908 MJ/kg (原煤) = 418 160 MJ = 0.41816 TJ
    const r = row({
      method: 'energy',
      name: '烟煤',
      energy: 'coal',
      unit: 't',
      quantity: 20,
      factorValue: 89_000,
      factorUnit: 'kgCO2/TJ',
    });
    expect(calculateStage(S.stageBuild, [r], ctx).total).toBeCloseTo(37_216.24, 6);
    expect(explainRow(S.stageBuild, r, ctx)!.conversions).toEqual([
      '20 t = 20,000 kg',
      '20,000 kg × 低位发热量 20.908 MJ/kg（默认值（原煤）） = 418,160 MJ',
      '418,160 MJ = 0.4182 TJ',
    ]);
  });

  it('a machine shift’s energy is in the energy’s unit: 100 台班 × 63 kg × 3.096 = 19 504.8 kg; on a per-t diesel factor the same', () => {
    const m = { method: 'machine', name: '挖掘机', energy: 'diesel', unit: '台班', quantity: 100, energyPerShift: 63 };
    expect(one(S.stageBuild, { ...m, factorValue: 3.096, factorUnit: 'kgCO2/kg' }, 'machine').total).toBeCloseTo(
      19_504.8,
      6,
    );
    expect(one(S.stageBuild, { ...m, factorValue: 3096, factorUnit: 'kgCO2/t' }, 'machine').total).toBeCloseTo(
      19_504.8,
      6,
    );
  });
});

describe('建筑运行', () => {
  const rt = (r: Record<string, unknown>) => ({ method: 'systems', part: 'gas', name: 'x', ...r });

  it('district heat per GJ on a row in kWh: 10 000 kWh × 0.0036 = 36 GJ × 110 = 3 960 kg a year, × 50 a = 198 000 kg', () => {
    expect(
      one(
        S.stageRuntime,
        rt({ energy: 'heat', unit: 'kWh', annualQuantity: 10_000, factorValue: 110, factorUnit: 'kgCO2/GJ' }),
        'systems',
      ).total,
    ).toBeCloseTo(198_000, 6);
  });

  it('natural gas per m³ on a row in kWh: 10 000 kWh = 36 000 MJ ÷ 38.931 MJ/m³ = 924.7130 m³ × 2.162 = 1 999.23 kg a year', () => {
    const r = one(
      S.stageRuntime,
      rt({ energy: 'naturalGas', unit: 'kWh', annualQuantity: 10_000, factorValue: 2.162, factorUnit: 'kgCO2/m3' }),
      'systems',
    );
    expect(r.total / 50).toBeCloseTo(1999.2294, 3);
  });

  it('a lighting row (its formula yields kWh) takes no per-m³ gas factor', () => {
    const light = {
      method: 'systems',
      part: 'light',
      name: '照明',
      energy: 'naturalGas',
      powerDensity: 5,
      litArea: 1000,
      runHours: 2000,
      factorValue: 2.162,
      factorUnit: 'kgCO2/m3',
    };
    expect(rowUnitProblems(S.stageRuntime, light)).toEqual([
      // the user typed no kWh: the refusal says the formula counts kWh, and puts it on the factor's unit
      {
        field: 'factorUnit',
        message: '用量（按kWh计）与排放因子单位「kgCO2/m3」不一致，只能采用每kWh（或同量纲单位）的因子',
      },
    ]);
    // 5 W/m² × 1 000 m² × 2 000 h / 1000 = 10 000 kWh; on a per-MWh factor of 582.7: 10 MWh × 582.7 = 5 827 kg a year
    expect(
      one(S.stageRuntime, { ...light, energy: 'electricity', factorValue: 582.7, factorUnit: 'kgCO2/MWh' }, 'systems')
        .total,
    ).toBeCloseTo(5827 * 50, 6);
  });

  it('an electricity row in m³ on the grid factor is refused: electricity has no calorific value', () => {
    expect(
      rowUnitProblems(S.stageRuntime, rt({ part: 'app', energy: 'electricity', unit: 'm3', annualQuantity: 100 })),
    ).toEqual([
      { field: 'unit', message: '用量单位「m3」与排放因子单位「kgCO2/kWh」不一致，且该能源没有低位发热量，无法换算' },
    ]);
  });

  it('metered: a row in MWh on the grid factor: 690 MWh = 690 000 kWh × 0.5827 = 402 063 kg a year', () => {
    const r = one(
      S.stageRuntime,
      {
        method: 'metered',
        part: 'app',
        name: '电表',
        energy: 'electricity',
        unit: 'MWh',
        annualQuantity: 690,
        operatingYears: 1,
      },
      'metered',
    );
    expect(r.total).toBeCloseTo(402_063, 6);
  });
});

describe('运输 and 碳汇', () => {
  it('a transport factor typed in gCO2e/(t·km): 10 t × 100 km × 78 g = 78 kg', () => {
    const r = row({
      materialName: '钢筋',
      unit: 't',
      quantity: 10,
      distance: 100,
      factorValue: 78,
      factorUnit: 'gCO2e/(t·km)',
    });
    expect(calculateStage(S.stageTrans, [r], ctx).total).toBeCloseTo(78, 9);
    expect(explainRow(S.stageTrans, r, ctx)!.conversions).toEqual(['78 gCO2e/(t·km) = 0.078 kgCO2e/(t·km)']);
  });

  it('a transport factor per t (not per t·km) is refused', () => {
    // the row's t is right; the t·km its formula counts is what the factor cannot take: put on the factor's unit
    expect(
      rowUnitProblems(S.stageTrans, {
        materialName: '钢筋',
        unit: 't',
        quantity: 10,
        distance: 100,
        factorValue: 0.1,
        factorUnit: 'kgCO2e/t',
      }),
    ).toEqual([
      {
        field: 'factorUnit',
        message: '用量（按t·km计）与排放因子单位「kgCO2e/t」不一致，只能采用每t·km（或同量纲单位）的因子',
      },
    ]);
  });

  it('the sink per m²·a: 100 m² × 50 a × 10 kgCO2/(m²·a) = −50 000 kg', () => {
    expect(
      one(
        S.stageGreen,
        { method: 'planting', name: '乔木', area: 100, factorValue: 10, factorUnit: 'kgCO2/(m²·a)' },
        'planting',
      ).total,
    ).toBe(-50_000);
  });
});

describe('convertToFactor', () => {
  it('without a factor unit the amount is per the row unit, said in the steps', () => {
    expect(convertToFactor(5, 't', '')).toEqual({ ok: true, value: 5, steps: ['因子单位未填写：按每t计'] });
    expect(convertToFactor(5, '', 'kgCO2e/t')).toEqual({
      ok: true,
      value: 5,
      steps: ['用量单位未填写：按因子单位 t 计'],
    });
  });
});

describe('rows of a method the building does not use', () => {
  it('are not counted and the stage says so, naming both methods', () => {
    // energy: 1 000 kWh × 0.5827 = 582.7 kg; the machine row (10 台班 × 63 kg × 3.096) is left out
    const list = [
      row({ method: 'energy', name: '施工用电', energy: 'electricity', unit: 'kWh', quantity: 1000 }),
      row({
        method: 'machine',
        name: '挖掘机',
        energy: 'diesel',
        unit: '台班',
        quantity: 10,
        energyPerShift: 63,
        factorValue: 3.096,
        factorUnit: 'kgCO2/kg',
      }),
    ];
    const r = calculateStage(S.stageBuild, list, ctx, 'energy');
    expect(r.total).toBeCloseTo(582.7, 9);
    expect(r.rows[1].emission).toBeNull();
    expect(r.warnings).toEqual([
      '1 行按「按施工机械和临时设施计算」录入，本单体该阶段采用「按总能源用量计算」，未计入',
    ]);
  });
});
