// 建筑拆除 (GB/T 51366 §5.3). Two methods: 按比例系数 (a share of the construction emissions; the ratio is the
// user's — 10 % is a literature convention, not a value of the standard) or 按拆除机械工程量 (as construction).
import { emission, energyPerShift, factorFields, projectId, quantity, remarks, stageResource, text } from './fields';

export const stageRemove = {
  $id: 'stageRemove',
  title: '建筑拆除',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('remove', '建筑拆除'),
  'x-stage': {
    code: 'remove',
    title: '建筑拆除',
    mode: 'table',
    result: 'remove',
    methods: [
      { value: 'ratio', label: '按比例系数计算' },
      { value: 'machine', label: '按实际拆除机械工程量计算' },
    ],
  },
  'x-formula': { ratio: 'num(ratio) / 100 * stage.build', machine: 'quantity * num(energyPerShift) * num(factorValue)' },
  required: ['projectId', 'method', 'name'],
  properties: {
    projectId,
    method: { type: 'string', title: '计算方式', enum: ['ratio', 'machine'], default: 'ratio', 'x-list': false, 'x-import': '计算方式' },
    name: { ...text('名称'), minLength: 1 },
    ratio: { type: ['number', 'null'], title: '比例系数(%)', exclusiveMinimum: 0, maximum: 100, 'x-list': true, 'x-import': '比例系数(%)', 'x-messages': { exclusiveMinimum: '比例系数应大于0且不超过100', maximum: '比例系数应大于0且不超过100' } },
    unit: text('单位', 20),
    quantity: { ...quantity('用量/台班数'), type: ['number', 'null'] },
    energyPerShift,
    ...factorFields('能源', '能源因子'),
    emission,
    remarks,
  },
} as const;
