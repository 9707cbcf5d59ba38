// A bill line in its factor's unit, every figure worked by hand in its comment.
import { describe, expect, it } from 'vitest';
import { convertItem, diameterOf, sizeOf, type ConvertTarget } from '../../../src/server/budget/convert';

const perM3: ConvertTarget = { unit: 'm3', coUnit: 'kgCO2e/m3', density: 2.4, bulk: null };
const perT = (bulk: number | null = null): ConvertTarget => ({
  unit: 't',
  coUnit: 'kgCO2e/t',
  density: null,
  bulk: bulk === null ? null : { value: bulk, source: 'GB 50009-2012 附录A' },
});

describe('specifications', () => {
  it('read a unit size and a bar diameter', () => {
    expect(sizeOf('240×115×53')).toEqual([240, 115, 53]);
    expect(sizeOf('390*190*190mm')).toEqual([390, 190, 190]);
    expect(sizeOf('MU10')).toBeUndefined();
    expect([
      diameterOf('HRB400 Φ12'),
      diameterOf('φ8'),
      diameterOf('直径25'),
      diameterOf('d16'),
      diameterOf('C30'),
    ]).toEqual([12, 8, 25, 16, undefined]);
  });
});

describe('a line in its factor unit', () => {
  it('same dimension: 58.734 t of cement on a per-kg factor = 58 734 kg', () => {
    const r = convertItem(
      { name: '水泥', spec: 'P.O 42.5', unit: 't', quantity: 58.734 },
      { unit: 'kg', coUnit: 'kgCO2e/kg', density: null, bulk: null },
    );
    expect(r).toMatchObject({ ok: true });
    expect(r.ok && r.quantity).toBeCloseTo(58734, 6);
  });

  it('concrete in t on a per-m³ factor by its density: 240 t ÷ 2.4 t/m³ = 100 m³', () => {
    const r = convertItem({ name: '商品混凝土', spec: 'C30', unit: 't', quantity: 240 }, perM3);
    expect(r.ok && r.quantity).toBeCloseTo(100, 9);
  });

  it('bricks in 千块 by their size: 142.65 千块 = 142 650 块 × 0.24 × 0.115 × 0.053 m (0.0014628 m³) = 208.66842 m³', () => {
    const r = convertItem(
      { name: '标准砖', spec: '240×115×53', unit: '千块', quantity: 142.65 },
      { ...perM3, density: null },
    );
    expect(r.ok && r.quantity).toBeCloseTo(208.66842, 6);
    expect(r.ok && r.steps[0]).toBe('142.65 千块 = 142,650 块 × 240×115×53 mm（0.001463 m3/块）= 208.6684 m3'); // (step figures in the calculation's short format)
  });

  it('bricks in 千块 on a per-t factor: 208.66842 m³ × 1.8 t/m³ (bulk density) = 375.603156 t, its source said', () => {
    const r = convertItem({ name: '标准砖', spec: '240×115×53', unit: '千块', quantity: 142.65 }, perT(1.8));
    expect(r.ok && r.quantity).toBeCloseTo(375.603156, 6);
    expect(r.ok && r.steps.some((s) => s.includes('GB 50009-2012 附录A'))).toBe(true);
  });

  it('a bar in m by its diameter: 1 000 m of Φ12 = π/4 × 0.012² m² × 7 850 kg/m³ = 0.88781 kg/m → 887.81 kg = 0.88781 t', () => {
    const r = convertItem({ name: '螺纹钢筋', spec: 'HRB400 Φ12', unit: 'm', quantity: 1000 }, perT());
    expect(r.ok && r.quantity).toBeCloseTo(0.8878141, 6);
  });

  it('a per-t factor never takes the library density as t/m³; without a bulk density the volume is refused', () => {
    const r = convertItem({ name: '中砂', spec: '', unit: 'm3', quantity: 10 }, { ...perT(), density: 1 });
    expect(r).toEqual({ ok: false, message: '用量单位「m3」与排放因子单位「kgCO2e/t」不一致，且该材料没有密度' });
  });

  it('rolls (卷) on a per-m² factor: no stated conversion, refused', () => {
    const r = convertItem(
      { name: '防水卷材', spec: 'SBS Ⅱ PY 3mm', unit: '卷', quantity: 86 },
      { unit: 'm2', coUnit: 'kgCO2e/m2', density: null, bulk: null },
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^用量单位「卷」与排放因子单位「kgCO2e\/m2」不一致/);
  });
});
