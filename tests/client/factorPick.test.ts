// The stage dialog's factor pick: what withFactor puts in the row mirrors what the server copies on save
// (src/server/stages/factorCopy.ts: value, unit, source, x-factor copy always, fill where empty) plus the row's
// name and unit from its own material or energy where the row has none — a typed unit is never replaced, the
// calculation converts it; the picker's options put the building's province first.
import { describe, expect, it } from 'vitest';
import { pickedFields, withFactor } from '../../src/client/stages/StageSchemaForm';
import { factorOptions } from '../../src/client/stages/FactorWidget';
import { stageDef } from '../../src/client/stages/stageDefs';
import type { Factor } from '../../src/client/stages/stageApi';
import { rowUnitProblems } from '../../src/calc/stage';

const c30: Factor = {
  id: 1,
  type: '建材',
  smallType: '混凝土',
  name: 'C30混凝土',
  unit: 'm3',
  materialCo: 295,
  coUnit: 'kgCO2e/m3',
  source: 'GB/T 51366-2019 附录D',
  verification: 'V',
  density: 2.4,
  densitySource: '《建筑结构荷载规范》GB 50009-2012 附录A',
  defaultDistance: 40,
  quality: 'standard',
};
const jiangsu: Factor = {
  id: 2,
  type: '能源',
  smallType: '电力',
  name: '江苏',
  spec: 'MEE_NBS_2023_province',
  unit: 'kWh',
  materialCo: 0.5827,
  coUnit: 'kgCO2/kWh',
  source: '公告2025年第47号 表3',
  verification: 'V',
  energy: 'electricity',
  quality: 'database',
};
const diesel: Factor = {
  id: 3,
  type: '能源',
  smallType: '化石燃料',
  name: '柴油',
  unit: 'kg',
  materialCo: 3.096,
  coUnit: 'kgCO2/kg',
  source: 'GB/T 51366-2019 附录A',
  energy: 'diesel',
  quality: 'standard',
};
const rebar: Factor = {
  id: 9,
  type: '建材',
  smallType: '钢铁',
  name: '热轧碳钢钢筋',
  unit: 't',
  materialCo: 2340,
  coUnit: 'kgCO2e/t',
  source: 'GB/T 51366-2019 附录D',
  verification: 'V',
  quality: 'standard',
};
const truck: Factor = {
  id: 4,
  type: '运输',
  smallType: '公路运输',
  name: '重型柴油货车运输',
  spec: '10t',
  unit: 't·km',
  materialCo: 0.162,
  coUnit: 'kgCO2e/(t·km)',
  source: 'GB/T 51366-2019 附录E',
  quality: 'standard',
};

describe('withFactor', () => {
  it('a production row: name (when empty), unit, density and its source, factor value, class', () => {
    const def = stageDef('produce')!;
    expect(withFactor(def, { projectId: 7 }, 'factorId', c30)).toEqual({
      projectId: 7,
      factorId: 1,
      materialName: 'C30混凝土',
      unit: 'm3',
      factorValue: 295,
      factorUnit: 'kgCO2e/m3',
      factorSource: 'GB/T 51366-2019 附录D',
      density: 2.4,
      densitySource: '《建筑结构荷载规范》GB 50009-2012 附录A',
      quality: 'standard',
    });
    // the user's own name and density stay (fill only where empty)
    expect(withFactor(def, { materialName: '商品混凝土', density: 2.5 }, 'factorId', c30)).toMatchObject({
      materialName: '商品混凝土',
      density: 2.5,
    });
  });

  it('a typed unit stays: 5 000 kg on the per-t 热轧碳钢钢筋 is kept in kg, and the calculation converts it', () => {
    const def = stageDef('produce')!;
    const typed = { projectId: 7, materialName: '钢筋', unit: 'kg', quantity: 5000 };
    const row = withFactor(def, typed, 'factorId', rebar);
    expect(row).toMatchObject({
      materialName: '钢筋',
      unit: 'kg',
      quantity: 5000,
      factorId: 9,
      factorValue: 2340,
      factorUnit: 'kgCO2e/t',
    });
    // kg converts to t (5 000 kg = 5 t), so the dialog has nothing to say before saving
    expect(rowUnitProblems(def.schema, row)).toEqual([]);
    // an empty unit (never typed, or cleared) takes the factor's
    expect(withFactor(def, { ...typed, unit: undefined }, 'factorId', rebar)).toMatchObject({ unit: 't' });
    expect(withFactor(def, { ...typed, unit: '' }, 'factorId', rebar)).toMatchObject({ unit: 't' });
    // picking another factor keeps the unit too: the quantity was entered in it
    expect(withFactor(def, withFactor(def, { projectId: 7 }, 'factorId', c30), 'factorId', rebar)).toMatchObject({
      unit: 'm3',
      factorUnit: 'kgCO2e/t',
    });
  });

  it('a typed unit the factor’s cannot take stays too, and the dialog names both units under 单位', () => {
    const def = stageDef('produce')!;
    const row = withFactor(def, { projectId: 7, materialName: '钢筋', unit: '根', quantity: 120 }, 'factorId', rebar);
    expect(row.unit).toBe('根');
    expect(rowUnitProblems(def.schema, row)).toEqual([
      { field: 'unit', message: '用量单位「根」与排放因子单位「kgCO2e/t」不一致，且该材料没有密度' },
    ]);
  });

  it('the same rule for a transport row’s material and an operation row’s energy', () => {
    expect(withFactor(stageDef('trans')!, { projectId: 7, unit: 'kg' }, 'materialId', c30)).toMatchObject({
      unit: 'kg',
      density: 2.4,
    });
    expect(
      withFactor(stageDef('runtime')!, { method: 'systems', part: 'elevator', unit: 'MWh' }, 'factorId', jiangsu),
    ).toMatchObject({ unit: 'MWh', factorUnit: 'kgCO2/kWh' });
  });

  it('a transport row: the material brings name, unit, density and default distance; the truck only its factor', () => {
    const def = stageDef('trans')!;
    const withMaterial = withFactor(def, { projectId: 7 }, 'materialId', c30);
    expect(withMaterial).toEqual({
      projectId: 7,
      materialId: 1,
      materialName: 'C30混凝土',
      unit: 'm3',
      density: 2.4,
      densitySource: c30.densitySource,
      defaultDistance: 40,
    });
    expect(withFactor(def, withMaterial, 'factorId', truck)).toEqual({
      ...withMaterial,
      factorId: 4,
      factorValue: 0.162,
      factorUnit: 'kgCO2e/(t·km)',
      factorSource: 'GB/T 51366-2019 附录E',
      quality: 'standard',
    });
    // the copied default distance is the library's: read-only while the material is picked
    expect(pickedFields(def, withMaterial)).toEqual(['defaultDistance']);
  });

  it('an operation row: 电力, kWh and the energy from a grid factor; the energy is then read-only', () => {
    const def = stageDef('runtime')!;
    const row = withFactor(def, { method: 'systems', part: 'elevator' }, 'factorId', jiangsu);
    expect(row).toMatchObject({
      name: '电力',
      unit: 'kWh',
      energy: 'electricity',
      factorValue: 0.5827,
      quality: 'database',
    });
    expect(pickedFields(def, row)).toEqual(['factorValue', 'factorUnit', 'factorSource', 'energy']);
  });

  it('construction by machine shifts keeps its unit (台班); by energy the unit follows the factor', () => {
    const def = stageDef('build')!;
    expect(withFactor(def, { method: 'machine', name: '挖掘机', unit: '台班' }, 'factorId', diesel)).toMatchObject({
      unit: '台班',
      energy: 'diesel',
      factorValue: 3.096,
    });
    expect(withFactor(def, { method: 'energy', name: '施工用油' }, 'factorId', diesel)).toMatchObject({
      unit: 'kg',
      energy: 'diesel',
    });
  });

  it('a fuel brings its own calorific value; a pick of another fuel never keeps the first one’s', () => {
    const def = stageDef('build')!;
    const coke: Factor = {
      id: 10,
      type: '能源',
      smallType: '化石燃料',
      name: '焦炭',
      unit: 'TJ',
      materialCo: 100.6,
      coUnit: 'tCO2/TJ',
      source: 'GB/T 51366-2019 附录A',
      energy: 'coal',
      ncv: 28.435,
      ncvUnit: 'MJ/kg',
      ncvSource: 'GB/T 2589-2020 附录A',
    };
    const row = withFactor(def, { method: 'energy', name: '焦炭', unit: 't' }, 'factorId', coke);
    expect(row).toMatchObject({ unit: 't', energy: 'coal', ncv: 28.435, ncvUnit: 'MJ/kg', factorValue: 100_600 });
    expect(pickedFields(def, row)).toEqual(expect.arrayContaining(['ncv', 'ncvUnit', 'ncvSource']));
    // diesel has no calorific value in this library row: coke's is cleared and the field is the user's again
    const moved = withFactor(def, row, 'factorId', diesel);
    expect(moved).toMatchObject({ energy: 'diesel', ncv: null, ncvUnit: null, ncvSource: null });
    expect(pickedFields(def, moved)).not.toContain('ncv');
  });

  it('a library density comes with its unit, never beside a density the user typed', () => {
    const def = stageDef('produce')!;
    expect(withFactor(def, {}, 'factorId', { ...c30, densityUnit: 't/m3' })).toMatchObject({
      density: 2.4,
      densityUnit: 't/m3',
    });
    const own = withFactor(def, { density: 2.5 }, 'factorId', { ...c30, densityUnit: 't/m3' });
    expect(own.density).toBe(2.5);
    expect(own.densityUnit).toBeUndefined();
    expect(own.densitySource).toBeUndefined();
  });

  it('a cleared pick keeps the values', () => {
    const def = stageDef('produce')!;
    const row = withFactor(def, {}, 'factorId', c30);
    expect(withFactor(def, row, 'factorId', null)).toEqual({ ...row, factorId: null });
  });
});

describe('factorOptions', () => {
  const national: Factor = { ...jiangsu, id: 5, name: '全国', spec: 'MEE_NBS_2023', materialCo: 0.5306 };
  const baseline: Factor = { ...jiangsu, id: 6, name: '华东', spec: '2019_OM_baseline' };
  it('the province first even when the search answer misses it; no baselines; no duplicates', () => {
    expect(factorOptions([national, baseline], [jiangsu], '电', '江苏省').map((f) => f.id)).toEqual([2, 5]);
    expect(factorOptions([national, jiangsu], [jiangsu], '', '江苏').map((f) => f.id)).toEqual([2, 5]);
    // the province's row is left out when it does not match the search
    expect(factorOptions([], [jiangsu], '天然气', '江苏省')).toEqual([]);
  });
});
