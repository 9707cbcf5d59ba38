// The unit words real bills and users write (亩, 公顷, 吨标煤, 立方, 千匹, 定额 10m3 …): each read into its dimension and
// scale, and a row in it converted to its factor's unit. Every figure worked by hand in its comment; the factors are
// test figures (not library values), chosen so the working is plain.
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { calculateStage, explainRow, rowUnitProblems } from '../../src/calc/stage';
import { convertToFactor, parseUnit } from '../../src/calc/units';

const S = STAGE_SCHEMAS as unknown as Record<string, ResourceSchema>;
const ctx = { years: 50, area: 10_000, gridFactor: 0.5827, gridFactorSource: '江苏 2023' };
let id = 0;
const row = (r: Record<string, unknown>) => ({ id: ++id, ...r });
const produce = (r: Record<string, unknown>) => calculateStage(S.stageProduce, [row(r)], ctx).total;

describe('land: 亩, 公顷, km²', () => {
  it('a row of 3 亩 on a per-m² factor: 3 × 10 000/15 m² = 2 000 m² × 1.5 kgCO2e/m² = 3 000 kgCO2e', () => {
    expect(parseUnit('亩')!.scale).toBeCloseTo(666.6667, 4); // 10 000 / 15
    const turf = { materialName: '草皮', unit: '亩', quantity: 3, factorValue: 1.5, factorUnit: 'kgCO2e/m2' };
    expect(produce(turf)).toBeCloseTo(3000, 9);
    expect(explainRow(S.stageProduce, row(turf), ctx)!.conversions).toEqual(['3 亩 = 2,000 m2']);
  });

  it('1.5 ha = 15 000 m² × 2 kgCO2e/m² = 30 000 kgCO2e; hm², 公顷 the same; 0.02 km² = 20 000 m²', () => {
    expect(
      produce({ materialName: '防草布', unit: 'ha', quantity: 1.5, factorValue: 2, factorUnit: 'kgCO2e/m2' }),
    ).toBeCloseTo(30_000, 9);
    for (const u of ['hm²', 'hm2', '公顷'])
      expect(convertToFactor(1.5, u, 'kgCO2e/m2'), u).toMatchObject({ ok: true, value: 15_000 });
    for (const u of ['km²', '平方公里', '平方千米'])
      expect(convertToFactor(0.02, u, 'kgCO2e/m2'), u).toMatchObject({ ok: true, value: 20_000 });
    // and back: 1 亩 on a per-公顷 factor is 1/15 公顷
    expect(convertToFactor(15, '亩', 'kgCO2e/公顷')).toMatchObject({ ok: true, value: 1 });
  });
});

describe('standard coal: 吨标煤 and its short forms', () => {
  it('2 吨标煤 on a per-TJ factor: 2 × 29 307.6 MJ = 58 615.2 MJ = 0.0586152 TJ × 100 tCO2/TJ (100 000 kg) = 5 861.52 kgCO2', () => {
    const r = row({
      method: 'energy',
      name: '燃煤',
      energy: 'coal',
      unit: '吨标煤',
      quantity: 2,
      factorValue: 100,
      factorUnit: 'tCO2/TJ',
    });
    expect(calculateStage(S.stageBuild, [r], ctx).total).toBeCloseTo(5861.52, 6);
    expect(explainRow(S.stageBuild, r, ctx)!.conversions).toEqual([
      '100 tCO2/TJ = 100,000 kgCO2/TJ',
      '2 吨标煤 = 0.0586 TJ',
    ]);
  });

  it('t标煤, 千克标煤, kg标煤, 万吨标煤 and 万tce read as tce and kgce (1 kgce = 29.3076 MJ)', () => {
    const value = (amount: number, u: string, factorUnit: string) => {
      const c = convertToFactor(amount, u, factorUnit);
      return c.ok ? c.value : NaN;
    };
    for (const u of ['t标煤', 'tce', '吨标准煤']) expect(value(1, u, 'kgCO2/GJ'), u).toBeCloseTo(29.3076, 9);
    for (const u of ['千克标煤', 'kg标煤', '公斤标煤']) expect(value(1000, u, 'kgCO2/tce'), u).toBeCloseTo(1, 9);
    // 1 万吨标煤 = 10 000 tce = 293 076 GJ
    for (const u of ['万吨标煤', '万吨标准煤', '万tce']) expect(value(1, u, 'kgCO2/GJ'), u).toBeCloseTo(293_076, 6);
  });

  it('a bare 标煤 names no amount (kg or t, 1 000 apart): refused, never guessed', () => {
    expect(parseUnit('标煤')).toBeUndefined();
    expect(convertToFactor(2, '标煤', 'kgCO2/tce')).toEqual({
      ok: false,
      field: 'unit',
      message: '用量单位「标煤」与排放因子单位「kgCO2/tce」不一致，且无法识别用量单位',
    });
  });
});

describe('volumes, pieces and quota units', () => {
  it('20 立方 on a per-m³ factor: 20 m³ × 295 kgCO2e/m³ = 5 900 kgCO2e, no conversion step', () => {
    const c30 = { materialName: 'C30混凝土', unit: '立方', quantity: 20, factorValue: 295, factorUnit: 'kgCO2e/m3' };
    expect(produce(c30)).toBeCloseTo(5900, 9);
    expect(explainRow(S.stageProduce, row(c30), ctx)!.conversions).toBeUndefined();
  });

  it('千匹 is 千块 (bricks counted the Cantonese way): 12 千匹 × 600 kgCO2e/千块 = 7 200 kgCO2e; 500 匹 = 0.5 千块', () => {
    expect(
      produce({ materialName: '标准砖', unit: '千匹', quantity: 12, factorValue: 600, factorUnit: 'kgCO2e/千块' }),
    ).toBeCloseTo(7200, 9);
    expect(convertToFactor(500, '匹', 'kgCO2e/千块')).toMatchObject({ ok: true, value: 0.5 });
    // a piece of another kind is not a brick
    expect(convertToFactor(500, '匹', 'kgCO2e/个').ok).toBe(false);
  });

  it('a quota unit counts several: 12.5 of 10m3 = 125 m³ × 295 = 36 875 kgCO2e; 3 of 100m2 = 300 m²', () => {
    expect(
      produce({ materialName: 'C30混凝土', unit: '10m3', quantity: 12.5, factorValue: 295, factorUnit: 'kgCO2e/m3' }),
    ).toBeCloseTo(36_875, 9);
    expect(convertToFactor(3, '100m²', 'kgCO2e/m2')).toMatchObject({ ok: true, value: 300 });
    expect(parseUnit('0m3')).toBeUndefined(); // a quota of nothing is no unit
  });

  it('lamps, fittings and lengths: 盏, 副, 延长米', () => {
    expect(parseUnit('千盏')).toMatchObject({ dims: { '#盏': 1 }, scale: 1000 });
    expect(convertToFactor(2, '百副', 'kgCO2e/副')).toMatchObject({ ok: true, value: 200 });
    expect(convertToFactor(1200, '延长米', 'kgCO2e/km')).toMatchObject({ ok: true, value: 1.2 });
  });
});

describe('a refusal names what the user gave', () => {
  it('the sink: 面积(m²) × 设计使用年限(a), not a unit the user never typed, and the factor unit picked', () => {
    expect(
      rowUnitProblems(S.stageGreen, {
        method: 'planting',
        name: '乔木',
        area: 100,
        factorValue: 10,
        factorUnit: 'kgCO2/m2',
      }),
    ).toEqual([
      {
        field: 'factorUnit',
        message: '面积(m²) × 设计使用年限(a)与排放因子单位「kgCO2/m2」不一致，只能采用每m²·a（或同量纲单位）的因子',
      },
    ]);
    // a per-公顷 and per-year sink converts: 100 m² = 0.01 公顷 × 50 a × 10 000 kgCO2/(公顷·a) = 5 000, counted −5 000
    expect(
      calculateStage(
        S.stageGreen,
        [row({ method: 'planting', name: '乔木', area: 100, factorValue: 10_000, factorUnit: 'kgCO2/(公顷·a)' })],
        ctx,
        'planting',
      ).total,
    ).toBeCloseTo(-5000, 9);
  });

  it('a waste row (its formula counts t) names the t it counts in, on the factor unit', () => {
    expect(
      rowUnitProblems(S.stageWaste, { name: '建筑垃圾', quantity: 10, factorValue: 5, factorUnit: 'kgCO2e/m3' }),
    ).toEqual([
      {
        field: 'factorUnit',
        message: expect.stringMatching(/^用量（按t计）与排放因子单位「kgCO2e\/m3」不一致，/) as unknown as string,
      },
    ]);
  });
});
