// The operation dialog shows each system's own inputs only (x-parts): elevator inputs for an elevator row,
// lighting inputs for a lighting row, none of them for a plain annual-energy row.
import { describe, expect, it } from 'vitest';
import { stageDef } from '../../src/client/stages/stageDefs';
import { stageUiSchema } from '../../src/client/stages/StageSchemaForm';

const def = stageDef('runtime')!;
const hidden = (part: string) => {
  const ui = stageUiSchema(def, {}, { part }) as Record<string, { 'ui:widget'?: unknown }>;
  return (name: string) => ui[name]?.['ui:widget'] === 'hidden';
};

describe('runtime inputs per system', () => {
  it('an elevator row shows the elevator inputs and hides the lighting ones', () => {
    const h = hidden('elevator');
    expect(
      ['specificEnergy', 'speed', 'ratedLoad', 'standbyPower', 'standbyHours', 'count', 'runHours'].filter(h),
    ).toEqual([]);
    expect(['powerDensity', 'panelArea', 'users', 'annualLoad'].every(h)).toBe(true);
  });

  it('a lighting row shares 年运行时间 with elevators; an appliance row shows none of the system inputs', () => {
    expect(hidden('light')('runHours')).toBe(false);
    expect(hidden('light')('powerDensity')).toBe(false);
    const app = hidden('app');
    expect(['runHours', 'powerDensity', 'specificEnergy', 'collectorArea', 'annualLoad'].every(app)).toBe(true);
    expect(app('annualQuantity')).toBe(false);
  });
});
