// A density weighs only the unit it is given for, a piece's size turns pieces into that unit, and a fuel is turned
// into energy by its own calorific value. Every figure worked by hand in its comment; factors as rows store them (a
// tCO2 factor already × 1000).
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { calculateStage, explainRow, rowUnitProblems } from '../../src/calc/stage';
import { massPerUnit } from '../../src/calc/mass';

const S = STAGE_SCHEMAS as unknown as Record<string, ResourceSchema>;
const ctx = { years: 50, area: 10_000, gridFactor: 0.5827, gridFactorSource: '江苏 2023' };
let id = 0;
const row = (r: Record<string, unknown>) => ({ id: ++id, ...r });
const total = (schema: ResourceSchema, r: Record<string, unknown>) => calculateStage(schema, [row(r)], ctx).total;

// 页岩实心砖 as the library gives it: 1.9 t per m³ (GB 50009 普通砖 19 kN/m³); road transport 0.078 kgCO2e/(t·km)
const brick = {
  materialName: '页岩实心砖',
  unit: '千块',
  quantity: 120,
  distance: 500,
  density: 1.9,
  densityUnit: 't/m3',
  factorValue: 0.078,
  factorUnit: 'kgCO2e/(t·km)',
};

describe('a density per its own unit', () => {
  it('120 千块 on a density per m³ is refused, naming both units and what is missing (not 1.9 t per brick: 8 892 t)', () => {
    const problems = rowUnitProblems(S.stageTrans, brick);
    expect(problems).toEqual([
      {
        field: 'density',
        message: '用量单位「千块」无法换算为质量(t)：密度 1.9 t/m3 只能用于 m3，请填写规格尺寸(mm)或按千块计的密度',
      },
    ]);
    expect(total(S.stageTrans, brick)).toBe(0);
  });

  it('the same bricks with their size: 240×115×53 mm = 0.0014628 m³ × 1.9 t/m³ = 0.00277932 t each; 120 000 × that × 500 km × 0.078 = 13 007.22 kg', () => {
    // 120 千块 = 120 000 块; 120 000 × 0.00277932 t = 333.5184 t; × 500 km = 166 759.2 t·km; × 0.078 = 13 007.2176 kgCO2e
    const sized = { ...brick, pieceSize: '240×115×53' };
    expect(rowUnitProblems(S.stageTrans, sized)).toEqual([]);
    expect(total(S.stageTrans, sized)).toBeCloseTo(13_007.2176, 6);
    const trace = explainRow(S.stageTrans, row(sized), ctx)!;
    const mass = trace.inputs.find((i) => i.field === 'massPerUnit')!;
    expect(mass.value).toBeCloseTo(2.77932, 9); // t per 千块
    expect(mass.note).toContain('× 规格 240×115×53 mm（0.001463 m3/块）');
    expect(mass.note).toContain('× 密度 1.9 t/m3');
    expect(trace.inputs.find((i) => i.field === 'density')!.note).toBe('t/m3');
  });

  it('a density given per 千块 weighs 千块: 120 × 2.8 t = 336 t × 500 km × 0.078 = 13 104 kg', () => {
    expect(total(S.stageTrans, { ...brick, density: 2.8, densityUnit: 't/千块' })).toBeCloseTo(13_104, 6);
  });

  it('a density without its unit is t per the row’s unit as written (its title: 密度(t/单位))', () => {
    expect(massPerUnit('千块', 2.6)).toBeCloseTo(2.6, 12); // 2.6 t per 千块, 2.6 kg a brick
    expect(massPerUnit('L', 2.4, 't/m3')).toBeCloseTo(0.0024, 12); // 1 L = 0.001 m³ × 2.4 t/m³
    expect(massPerUnit('m3', 2.4, 'kg/m3')).toBeCloseTo(0.0024, 12); // 2.4 kg per m³
  });

  it('produce: bricks in 千块 on a per-m³ factor by their size: 120 000 × 0.0014628 = 175.536 m³ × 292 = 51 256.51 kg', () => {
    const r = {
      materialName: '页岩实心砖',
      unit: '千块',
      quantity: 120,
      factorValue: 292,
      factorUnit: 'kgCO2e/m3',
      density: 1.9,
      densityUnit: 't/m3',
    };
    expect(rowUnitProblems(S.stageProduce, r)).toEqual([
      {
        field: 'unit',
        message: '用量单位「千块」与排放因子单位「kgCO2e/m3」不一致，请填写规格尺寸(mm)以由千块换算为m3',
      },
    ]);
    expect(total(S.stageProduce, { ...r, pieceSize: '240x115x53mm' })).toBeCloseTo(51_256.512, 6);
  });

  it('a sheet in m² by its thickness: 500 m² × 50 mm = 25 m³ × 0.035 t/m³ = 0.875 t × 3 500 kgCO2e/t = 3 062.5 kg', () => {
    const xps = {
      materialName: '挤塑聚苯板',
      unit: 'm2',
      quantity: 500,
      pieceSize: '50',
      density: 0.035,
      densityUnit: 't/m3',
      factorValue: 3500,
      factorUnit: 'kgCO2e/t',
    };
    expect(total(S.stageProduce, xps)).toBeCloseTo(3062.5, 9);
  });

  it('a density per volume past any building material is refused: 78.5 t/m3 (kN/m³ typed for t/m³), 7 850 t/m3 (kg typed as t)', () => {
    const steel = {
      materialName: '钢板',
      unit: 'm3',
      quantity: 2,
      distance: 100,
      factorValue: 0.078,
      factorUnit: 'kgCO2e/(t·km)',
      densityUnit: 't/m3',
    };
    expect(rowUnitProblems(S.stageTrans, { ...steel, density: 78.5 })).toEqual([
      { field: 'density', message: '密度 78.5 t/m3 超出建材的物理范围（不大于 25 t/m3）' },
    ]);
    expect(rowUnitProblems(S.stageTrans, { ...steel, density: 7850 })[0].field).toBe('density');
    // 7.85 t/m3 and 7 850 kg/m3 are the same steel: 2 m³ = 15.7 t × 100 km × 0.078 = 122.46 kg
    expect(total(S.stageTrans, { ...steel, density: 7.85 })).toBeCloseTo(122.46, 9);
    expect(total(S.stageTrans, { ...steel, density: 7850, densityUnit: 'kg/m3' })).toBeCloseTo(122.46, 9);
  });

  it('an unreadable density unit or size is refused naming it', () => {
    expect(rowUnitProblems(S.stageTrans, { ...brick, densityUnit: '吨每方块' })[0]).toEqual({
      field: 'densityUnit',
      message: '无法识别密度单位「吨每方块」（应为 t/m3、t/m2、t/m、t/块 等）',
    });
    expect(rowUnitProblems(S.stageTrans, { ...brick, pieceSize: '标准砖' })[0]).toEqual({
      field: 'pieceSize',
      message: '无法识别规格尺寸「标准砖」（应为 240×115×53 这样的毫米尺寸，板材填厚度如 20）',
    });
  });
});

describe('a fuel by its own calorific value', () => {
  const energyRow = (r: Record<string, unknown>) => ({ method: 'energy', ...r });

  it('coke 100 t by its own 28.435 MJ/kg: 2 843.5 GJ × 100.6 tCO2/TJ = 286 056.1 kg (raw coal’s value gave 210 334.48)', () => {
    // 100 t = 100 000 kg × 28.435 MJ/kg = 2 843 500 MJ = 2.8435 TJ × 100 600 kgCO2/TJ = 284 350 + 1 706.1 = 286 056.1
    // kgCO2
    const coke = energyRow({
      name: '焦炭',
      energy: 'coal',
      unit: 't',
      quantity: 100,
      ncv: 28.435,
      ncvUnit: 'MJ/kg',
      factorValue: 100_600,
      factorUnit: 'kgCO2/TJ',
    });
    expect(total(S.stageBuild, coke)).toBeCloseTo(286_056.1, 6);
    expect(explainRow(S.stageBuild, row(coke), ctx)!.conversions).toContain(
      '100,000 kg × 低位发热量 28.435 MJ/kg = 2,843,500 MJ',
    );
    // without its own value: 100 000 kg × 20.908 MJ/kg = 2.0908 TJ × 100 600 = 210 334.48 kg, the default named
    const fallback = explainRow(S.stageBuild, row({ ...coke, ncv: null }), ctx)!;
    expect(total(S.stageBuild, { ...coke, ncv: null })).toBeCloseTo(210_334.48, 6);
    expect(fallback.conversions!.join(' ')).toContain('默认值（原煤）');
  });

  it('anthracite 10 t at 24.515 GJ/t: 245.15 GJ = 0.24515 TJ × 94 440 kgCO2/TJ = 23 151.97 kg', () => {
    const r = energyRow({
      name: '无烟煤',
      energy: 'coal',
      unit: 't',
      quantity: 10,
      ncv: 24.515,
      ncvUnit: 'GJ/t',
      factorValue: 94_440,
      factorUnit: 'kgCO2/TJ',
    });
    expect(total(S.stageBuild, r)).toBeCloseTo(23_151.966, 6);
  });

  it('a calorific value in an unreadable unit is refused naming it', () => {
    const r = energyRow({
      name: '焦炭',
      energy: 'coal',
      unit: 't',
      quantity: 1,
      ncv: 28.435,
      ncvUnit: '大卡',
      factorValue: 100_600,
      factorUnit: 'kgCO2/TJ',
    });
    expect(rowUnitProblems(S.stageBuild, r)).toEqual([
      { field: 'ncvUnit', message: '无法识别发热量单位「大卡」（应为 MJ/kg、GJ/t、MJ/m3 等）' },
    ]);
  });
});
