// A machine row (建造 and 拆除 by machine shifts) states the unit of its energy per shift: its own (台班能耗单位), else
// its energy's (kWh of electricity, m³ of gas, GJ of heat, kg of any other), said in the trace either way; a factor
// whose dimension cannot take that unit is refused naming both. Every figure worked by hand in its comment.
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { calculateStage, explainRow, rowUnitProblems } from '../../src/calc/stage';
import { shiftEnergyUnit } from '../../src/calc/units';

const S = STAGE_SCHEMAS as unknown as Record<string, ResourceSchema>;
const ctx = { years: 50, area: 10_000, gridFactor: 0.5827, gridFactorSource: '江苏 2023' };
let id = 0;
const row = (r: Record<string, unknown>) => ({ id: ++id, ...r });
// a machine of energy 「其他」 (a test factor of 1 000 kgCO2e per t of its energy)
const generator = {
  method: 'machine',
  name: '发电机组',
  energy: 'other',
  unit: '台班',
  quantity: 154.283,
  energyPerShift: 1,
  factorValue: 1000,
  factorUnit: 'kgCO2e/t',
};

describe('the per-shift unit', () => {
  it('stated: 154.283 台班 × 1 t/台班 = 154.283 t × 1 000 kgCO2e/t = 154 283 kgCO2e', () => {
    const r = row({ ...generator, energyPerShiftUnit: 't' });
    expect(calculateStage(S.stageBuild, [r], ctx, 'machine').total).toBeCloseTo(154_283, 6);
    const t = explainRow(S.stageBuild, r, ctx, 'machine')!;
    expect(t.conversions).toEqual(['154.283 台班 × 1 t/台班 = 154.283 t']);
    expect(t.formula).toBe('用量/台班数 × 台班能耗 × 能源因子');
    expect(t.numbers).toBe('154.283 × 1 × 1,000');
    // the number is shown with its unit
    expect(t.inputs.find((i) => i.field === 'energyPerShift')).toMatchObject({
      title: '台班能耗',
      value: 1,
      note: 't/台班',
    });
    expect(t.inputs.find((i) => i.field === 'energyPerShiftUnit')).toMatchObject({ title: '台班能耗单位', value: 't' });
  });

  it('not stated: today’s rule, kg of an 「其他」 energy, said so — 154.283 kg = 0.154283 t × 1 000 = 154.283 kgCO2e', () => {
    const r = row({ ...generator, energyPerShiftUnit: '' });
    expect(calculateStage(S.stageBuild, [r], ctx, 'machine').total).toBeCloseTo(154.283, 9);
    const t = explainRow(S.stageBuild, r, ctx, 'machine')!;
    expect(t.conversions).toEqual([
      '台班能耗单位未填写：按能源种类「其他」的默认单位 kg/台班 计',
      '154.283 台班 × 1 kg/台班 = 154.283 kg',
      '154.283 kg = 0.1543 t',
    ]);
    expect(t.inputs.find((i) => i.field === 'energyPerShift')!.note).toBe('kg/台班，未填写单位，按能源种类的默认单位');
    expect(t.numbers).toBe('0.1543 × 1,000');
  });

  it('「kWh/台班」 written in full is kWh; an empty unit is the energy’s own', () => {
    expect(shiftEnergyUnit('other', 'kWh/台班')).toBe('kWh');
    expect(shiftEnergyUnit('electricity', '')).toBe('kWh');
    expect(shiftEnergyUnit('naturalGas', null)).toBe('m3');
    expect(shiftEnergyUnit('diesel', undefined)).toBe('kg');
  });

  it('diesel in t per shift on a per-kg factor: 100 台班 × 0.063 t = 6.3 t = 6 300 kg × 3.096 = 19 504.8 kgCO2 (as 63 kg per shift)', () => {
    const r = row({
      method: 'machine',
      name: '挖掘机',
      energy: 'diesel',
      unit: '台班',
      quantity: 100,
      energyPerShift: 0.063,
      energyPerShiftUnit: 't',
      factorValue: 3.096,
      factorUnit: 'kgCO2/kg',
    });
    expect(calculateStage(S.stageBuild, [r], ctx, 'machine').total).toBeCloseTo(19_504.8, 6);
    expect(explainRow(S.stageBuild, r, ctx, 'machine')!.conversions).toEqual([
      '100 台班 × 0.063 t/台班 = 6.3 t',
      '6.3 t = 6,300 kg',
    ]);
  });
});

describe('a per-shift unit the factor cannot take is refused naming both', () => {
  it('2 kWh/台班 of an 「其他」 energy on a per-t factor (no calorific value turns kWh into t)', () => {
    const r = { ...generator, energyPerShift: 2, energyPerShiftUnit: 'kWh' };
    const problems = rowUnitProblems(S.stageBuild, r);
    expect(problems).toHaveLength(1);
    expect(problems[0].field).toBe('energyPerShiftUnit');
    expect(problems[0].message).toMatch(/^台班能耗单位「kWh」与排放因子单位「kgCO2e\/t」不一致，/);
    const stored = calculateStage(S.stageBuild, [row(r)], ctx, 'machine'); // a row stored before: counted 0 and named
    expect(stored.total).toBe(0);
    expect(stored.rows[0].trace!.problems).toEqual([problems[0].message]);
  });

  it('no unit stated: the refusal names the default taken', () => {
    expect(rowUnitProblems(S.stageBuild, { ...generator, factorUnit: 'kgCO2e/kWh' })[0].message).toMatch(
      /^台班能耗单位（未填写，按能源种类「其他」的默认单位 kg\/台班 计）与排放因子单位「kgCO2e\/kWh」不一致，/,
    );
  });

  it('拆除 by machine the same: 10 台班 × 2 t = 20 t × 1 000 = 20 000 kgCO2e; kWh refused', () => {
    const r = {
      method: 'machine',
      name: '破碎机',
      energy: 'other',
      unit: '台班',
      quantity: 10,
      energyPerShift: 2,
      energyPerShiftUnit: 't',
      factorValue: 1000,
      factorUnit: 'kgCO2e/t',
    };
    expect(calculateStage(S.stageRemove, [row(r)], ctx, 'machine').total).toBeCloseTo(20_000, 9);
    expect(rowUnitProblems(S.stageRemove, { ...r, energyPerShiftUnit: 'kWh' })[0].field).toBe('energyPerShiftUnit');
  });
});

describe('建筑改造拆除', () => {
  it('by shifts: 20 台班 × 0.063 t = 1.26 t = 1 260 kg × 3.096 = 3 900.96 kgCO2', () => {
    const r = row({
      name: '挖掘机',
      energy: 'diesel',
      unit: '台班',
      quantity: 20,
      energyPerShift: 0.063,
      energyPerShiftUnit: 't',
      factorValue: 3.096,
      factorUnit: 'kgCO2/kg',
    });
    expect(calculateStage(S.stageRemoveChange, [r], ctx).total).toBeCloseTo(3900.96, 9);
  });

  it('without an energy per shift the quantity is the energy in the row’s unit: 2 MWh = 2 000 kWh × 0.5 = 1 000 kgCO2', () => {
    const r = row({
      name: '施工用电',
      energy: 'electricity',
      unit: 'MWh',
      quantity: 2,
      factorValue: 0.5,
      factorUnit: 'kgCO2/kWh',
    });
    expect(calculateStage(S.stageRemoveChange, [r], ctx).total).toBeCloseTo(1000, 9);
    expect(explainRow(S.stageRemoveChange, r, ctx)!.conversions).toEqual(['2 MWh = 2,000 kWh']);
  });
});
