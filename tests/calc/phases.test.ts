// A stage's phase, not its name, decides which intensity counts it: a new embodied stage is in the embodied
// intensity, and a stage whose total would fall out of every intensity (no phase, or a field shared across phases)
// is refused when the result fields are read.
import { afterEach, describe, expect, it } from 'vitest';
import { phaseTotal, resultFields } from '../../schemas/results';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { buildingFigures } from '../../src/calc/decide/reference';
import { figuresOf } from '../../src/calc/intensity';

const registry = STAGE_SCHEMAS as Record<string, unknown>;
const stage = (code: string, xStage: Record<string, unknown>) => ({
  $id: code,
  'x-stage': { code, title: code, mode: 'table', ...xStage },
});

afterEach(() => {
  for (const id of ['facade', 'noPhase', 'mixed']) delete registry[id];
});

// 建材生产 10 t, 建材运输 1 t, 建筑建造 2 t, 建筑运行 100 t, 碳汇 −5 t, 建筑拆除 4 t on 1 000 m², 50 years
const building = {
  produce: 10,
  trans: 1,
  build: 2,
  runtimeTotal: 100,
  green: -5,
  remove: 4,
  total: 112,
  streng3: 2.24,
  buildArea: 1000,
  useDateLimit: 50,
};

describe('stage phases', () => {
  it('the GB stages keep the intensities they always had', () => {
    expect(Object.fromEntries(resultFields().map((f) => [f.field, f.phase]))).toMatchObject({
      produce: 'embodied',
      trans: 'embodied',
      build: 'embodied',
      runtimeTotal: 'operational',
      green: 'sink',
      remove: 'endOfLife',
      waste: 'endOfLife',
      runtimeChange: 'maintenance',
    });
    // embodied = (10 + 1 + 2) t × 1 000 ÷ 1 000 m² = 13.00 kgCO2e/m²;
    // operation = (100 × 1 000 ÷ 50 + (−5) × 1 000 ÷ 50) ÷ 1 000 = (2 000 − 100) ÷ 1 000 = 1.90 kgCO2/(m²·a)
    expect(buildingFigures(building, true)).toEqual({ embodied: 13, operation: 1.9, lifecycle: 2.24 });
    expect(figuresOf(building)).toEqual({ total: 112, operational: 100, sink: -5 });
  });

  it('a new embodied stage is counted in the embodied intensity without code naming it', () => {
    registry.facade = stage('facade', { result: 'facade', phase: 'embodied' });
    // embodied = (10 + 1 + 2 + 3) t × 1 000 ÷ 1 000 m² = 16.00 kgCO2e/m²; the operation is unchanged
    expect(buildingFigures({ ...building, facade: 3 }, true)).toMatchObject({ embodied: 16, operation: 1.9 });
    expect(phaseTotal({ ...building, facade: 3 }, 'embodied')).toBe(16);
  });

  it('refuses a stage with a result field but no phase, and a field fed by two phases', () => {
    registry.noPhase = stage('noPhase', { result: 'noPhase' });
    expect(() => resultFields()).toThrow('stage noPhase: x-stage.result needs x-stage.phase');
    delete registry.noPhase;
    registry.mixed = stage('mixed', { result: 'produce', phase: 'operational' });
    expect(() => resultFields()).toThrow('result field produce is embodied, not operational');
  });
});
