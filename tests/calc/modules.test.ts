// The EN 15978 view of stored stage totals: each line the stages the mapping names, a module no stage feeds 未计算
// (null, never 0), the sink on its own line and in the total, and module D from EPD rows, outside the total.
import { describe, expect, it } from 'vitest';
import { moduleD, moduleView, modulesOf } from '../../src/calc/modules';
import { EN15978_LINES } from '../../schemas/en15978';

const TITLES = {
  produce: '建材生产',
  trans: '建材运输',
  build: '建筑建造',
  runtime: '建筑运行',
  remove: '建筑拆除',
  green: '碳汇',
};
const line = (v: ReturnType<typeof moduleView>, module: string) => v.lines.find((l) => l.module === module)!;

describe('module view', () => {
  // 建材生产 120.5 + 建材运输 8.25 + 建筑建造 3 + 建筑运行 400 + 碳汇 −12.5 = 519.25 tCO2e
  const stages = {
    produce: { total: 120.5 },
    trans: { total: 8.25 },
    build: { total: 3 },
    runtime: { total: 400 },
    green: { total: -12.5 },
  };
  const view = moduleView(stages, 519.25, TITLES, { value: -4.2, notes: ['EPD 因子「甲」：D −20 kgCO2e/m3'] });

  it('each stage lands on its module; the lines add up to the total, sink included', () => {
    expect(line(view, 'A1–A3')).toMatchObject({ value: 120.5, note: '建材生产' });
    expect(line(view, 'A4').value).toBe(8.25);
    expect(line(view, 'A5').value).toBe(3);
    expect(line(view, 'B6').value).toBe(400);
    expect(line(view, '碳汇')).toMatchObject({ value: -12.5, sink: true });
    const sum = view.lines.reduce((s, l) => s + (l.value ?? 0), 0);
    expect(sum).toBeCloseTo(view.total, 10);
  });

  it('a module no stage feeds, or whose stage the building did not calculate, is 未计算, not 0', () => {
    for (const m of ['B1', 'B7', 'C2']) expect(line(view, m).value).toBeNull();
    // 建筑拆除 and 废弃物处理 were not part of this building's calculation
    expect(line(view, 'C1')).toMatchObject({ value: null, note: '本单体的计算未包含建筑拆除' });
    expect(line(view, 'C3–C4').value).toBeNull();
    expect(view.notCalculated).toBe('未计算');
  });

  it('D is kept beside the lines and not in the total', () => {
    expect(view.d).toMatchObject({ module: 'D', value: -4.2 });
    expect(view.total).toBe(519.25);
  });

  it('every stage with a result is on exactly one line', () => {
    const codes = EN15978_LINES.flatMap((l) => l.stages);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of [
      'produce',
      'trans',
      'build',
      'runtime',
      'runtimeChange',
      'remove',
      'removeChange',
      'waste',
      'green',
    ])
      expect(codes).toContain(c);
  });

  it('an older result without a stored view gets one from its stage totals, D unknown', () => {
    const old = modulesOf({ stages }, 519.25, TITLES);
    expect(line(old, 'A1–A3').value).toBe(120.5);
    expect(old.d.value).toBeNull();
  });
});

describe('module D', () => {
  it('each row’s quantity in the factor unit × D per unit', () => {
    // row 1: 3 000 kg ÷ 300 kgCO2e/m3 = 10 m3 × −20 = −200 kg; row 2: 1 500 ÷ 300 = 5 m3 × −20 = −100 kg;
    // a row with factor value 0 has no quantity to read: −300 kg = −0.30 t
    const d = moduleD([
      { emission: 3000, factorValue: 300, dPerUnit: -20 },
      { emission: 1500, factorValue: 300, dPerUnit: -20 },
      { emission: 0, factorValue: 0, dPerUnit: -20 },
    ]);
    expect(d).toBe(-0.3);
  });
});
