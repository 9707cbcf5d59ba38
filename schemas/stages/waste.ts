// 废弃物处理 (Jiangsu guideline; GB/T 51366 has no waste stage): waste quantity × treatment factor
// (kgCO2e/t). No factor is seeded for it — the user enters the value and its source.
import {
  emission,
  factorFields,
  factorNeed,
  projectId,
  quantity,
  remarks,
  stageResource,
  text,
  trace,
  rowName,
} from './fields';

export const stageWaste = {
  $id: 'stageWaste',
  title: '废弃物处理',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('waste', '废弃物处理'),
  'x-stage': { code: 'waste', title: '废弃物处理', mode: 'table', result: 'waste', phase: 'endOfLife' },
  'x-formula': "toFactorUnit(quantity, 't') * factorValue",
  'x-needs': [factorNeed('请选择或填写处理因子')],
  required: ['projectId', 'name', 'quantity'],
  properties: {
    projectId,
    name: rowName('废弃物名称'),
    treatment: text('处理方式', 20),
    quantity: quantity('数量(t)'),
    ...factorFields('废弃物', '处理因子'),
    emission,
    trace,
    remarks,
  },
} as const;
