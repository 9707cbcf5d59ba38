// 建筑运行 (GB/T 51366 §4.1): C_M = [Σ E_i·EF_i − C_p]·y. Each row is one energy use of one part (HVAC, hot
// water, lighting, elevators, …) with its energy factor; its emission over the design life y (or, metered in
// accounting, over the operating years entered). Renewables (pv, sun, renew) reduce the energy they replace:
// their rows count negative with the factor of the energy replaced. A row without its own factor uses the
// building's grid electricity factor. The carbon sink is its own stage (green).
import { emission, factorFields, projectId, remarks, stageResource, text } from './fields';

const SIGN = "(part == 'pv' || part == 'sun' || part == 'renew' ? -1 : 1)";

export const RUNTIME_PARTS = ['airHot', 'airCool', 'wpCool', 'fan', 'hotWater', 'sun', 'light', 'elevator', 'pv', 'renew', 'gas', 'water', 'app'] as const;

export const stageRuntime = {
  $id: 'stageRuntime',
  title: '建筑运行',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('runtime', '建筑运行'),
  'x-stage': {
    code: 'runtime',
    title: '建筑运行',
    mode: 'table',
    result: 'runtimeTotal',
    partField: 'part',
    renewableParts: ['pv', 'sun', 'renew'],
    methods: [
      { value: 'rated', label: '额定指标' },
      { value: 'systems', label: '各用能系统' },
      { value: 'metered', label: '实际能源用量' },
    ],
  },
  'x-formula': {
    rated: `${SIGN} * num(intensity) * buildArea * num(factorValue, gridFactor) * designYears`,
    systems: `${SIGN} * num(annualQuantity) * num(factorValue, gridFactor) * designYears`,
    metered: `${SIGN} * num(annualQuantity) * num(factorValue, gridFactor) * num(operatingYears, designYears)`,
  },
  required: ['projectId', 'method', 'part', 'name'],
  properties: {
    projectId,
    method: { type: 'string', title: '计算方式', enum: ['rated', 'systems', 'metered'], default: 'systems', 'x-list': false, 'x-import': '计算方式' },
    part: { type: 'string', title: '用能系统', enum: [...RUNTIME_PARTS], 'x-dict': 'runtimePart', 'x-list': true, 'x-import': '用能系统' },
    name: { ...text('名称'), minLength: 1 },
    intensity: { type: ['number', 'null'], title: '单位面积年用量(单位/(m²·a))', minimum: 0, 'x-list': false, 'x-import': '单位面积年用量' },
    annualQuantity: { type: ['number', 'null'], title: '年用量(单位/a)', minimum: 0, 'x-list': true, 'x-import': '年用量' },
    unit: text('单位', 20),
    operatingYears: { type: ['number', 'null'], title: '运行年数(a)', exclusiveMinimum: 0, maximum: 200, 'x-list': false, 'x-import': '运行年数' },
    ...factorFields('能源', '能源因子'),
    emission,
    remarks,
  },
} as const;
