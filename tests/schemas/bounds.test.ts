// Physical bounds live in the schemas: every number a stage row takes states its lower and upper bound,
// the refusal is worded once from the bounds and the title (schemas/bounds.ts through formatErrors), and the
// save rules add the cross-field ones (hot water above the cold supply).
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../schemas/index';
import { boundNumber, boundProblems, rangeMessage } from '../../schemas/bounds';
import { tpf3BuildMaterial } from '../../schemas/factors/tpf3BuildMaterial';
import { STAGE_SCHEMAS } from '../../schemas/standards';
import { stageRuntime } from '../../schemas/stages/runtime';
import { createAjv, formatErrors } from '../../schemas/validation';
import { rowNeeds } from '../../src/calc/trace';

const stages = Object.values(STAGE_SCHEMAS) as unknown as ResourceSchema[];
const isNumber = (p: { type?: string | readonly string[] }) =>
  [p.type].flat().some((t) => t === 'number' || t === 'integer');

describe('every number states its range', () => {
  it.each(stages.map((s) => [s.$id, s] as const))('%s: each number input has a lower and an upper bound', (_id, s) => {
    const inputs = Object.entries(s.properties).filter(([, p]) => isNumber(p) && !p['x-readonly'] && !p['x-reference']);
    const unbounded = inputs
      .filter(
        ([, p]) => (p.minimum ?? p.exclusiveMinimum) === undefined || (p.maximum ?? p.exclusiveMaximum) === undefined,
      )
      .map(([k]) => k);
    expect(unbounded).toEqual([]);
  });

  it("the factor library's value is bounded like a row's factor", () => {
    expect(tpf3BuildMaterial.properties.materialCo).toMatchObject({ minimum: 0, maximum: 1e6 });
  });
});

describe('the refusal names the field and the range', () => {
  it('words a range from minimum, maximum and the exclusive bounds', () => {
    expect(rangeMessage({ title: '系统损失效率', minimum: 0, exclusiveMaximum: 1 })).toBe(
      '系统损失效率应不小于 0 且小于 1',
    );
    expect(rangeMessage({ title: '组件转换效率', exclusiveMinimum: 0, maximum: 1 })).toBe(
      '组件转换效率应大于 0 且不大于 1',
    );
    expect(rangeMessage({ title: '台数', minimum: 1 })).toBe('台数应不小于 1');
    expect([8760, 100000, 1e6, 1e9, 1e10, 1e12, 0.9].map(boundNumber)).toEqual([
      '8760',
      '10万',
      '100万',
      '10亿',
      '100亿',
      '1万亿',
      '0.9',
    ]);
  });

  const validate = createAjv().compile(stageRuntime);
  const refusal = (row: Record<string, unknown>) => {
    expect(validate({ projectId: 1, method: 'systems', part: 'pv', name: '光伏', ...row })).toBe(false);
    return formatErrors(validate.errors, stageRuntime);
  };

  it('ajv refuses physically impossible inputs with the range in words', () => {
    expect(refusal({ lossRate: 1.5 })).toEqual([{ field: 'lossRate', errorMsg: '系统损失效率应不小于 0 且小于 1' }]);
    expect(refusal({ efficiency: 18 })).toEqual([{ field: 'efficiency', errorMsg: '组件转换效率应大于 0 且不大于 1' }]);
    expect(refusal({ runHours: 10000 })).toEqual([
      { field: 'runHours', errorMsg: '年运行时间(h/a)应不小于 0 且不大于 8760' },
    ]);
    expect(refusal({ annualQuantity: 1e15 })).toEqual([
      { field: 'annualQuantity', errorMsg: '年用量(单位/a)应不小于 0 且不大于 100亿' },
    ]);
    expect(refusal({ factorValue: 1e15 })).toEqual([
      { field: 'factorValue', errorMsg: '能源因子应不小于 0 且不大于 100万' },
    ]);
    expect(refusal({ cop: 0 })).toEqual([{ field: 'cop', errorMsg: '系统能效比(COP/EER)应大于 0 且不大于 10' }]);
    // a heat pump water heater's efficiency is its COP (lookup_dhw_heaters.csv: 4.4): allowed
    expect(
      validate({ projectId: 1, method: 'systems', part: 'hotWater', name: '热泵热水', heaterEff: 4.4, distEff: 0.9 }),
    ).toBe(true);
  });

  it('the cross-field rule: hot water above the cold supply', () => {
    const row = {
      method: 'systems',
      part: 'hotWater',
      energy: 'electricity',
      users: 100,
      quota: 60,
      hotTemp: 10,
      coldTemp: 15,
    };
    expect(rowNeeds(stageRuntime as unknown as ResourceSchema, row)).toEqual([
      { field: 'hotTemp', message: '热水温度(℃)应高于冷水温度(℃)' },
    ]);
    expect(rowNeeds(stageRuntime as unknown as ResourceSchema, { ...row, hotTemp: 55 })).toEqual([]);
  });

  it('a stored row outside its bounds is named by the save rules the calculation reads', () => {
    const row = {
      method: 'systems',
      part: 'pv',
      energy: 'electricity',
      irradiation: 1300,
      efficiency: 0.2,
      lossRate: 1.5,
      panelArea: 500,
      emission: -1e9,
    };
    expect(boundProblems(stageRuntime.properties, row)).toEqual([
      { field: 'lossRate', message: '系统损失效率应不小于 0 且小于 1' },
    ]);
    expect(rowNeeds(stageRuntime as unknown as ResourceSchema, row).map((p) => p.message)).toContain(
      '系统损失效率应不小于 0 且小于 1',
    );
  });
});
