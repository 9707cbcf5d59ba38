// 建筑维护改造 (accounting): materials replaced during maintenance and renovation — quantity × material factor
// × the number of replacements.
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

export const stageRuntimeChange = {
  $id: 'stageRuntimeChange',
  title: '建筑维护改造',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('runtimeChange', '建筑维护改造'),
  'x-stage': {
    code: 'runtimeChange',
    title: '建筑维护改造',
    mode: 'table',
    result: 'runtimeChange',
    phase: 'maintenance',
  },
  'x-formula': 'toFactorUnit(quantity, unit) * factorValue * times',
  'x-defaults': { times: { value: 1, unit: '次', source: '未填写更换次数：按更换 1 次计' } },
  'x-needs': [factorNeed()],
  required: ['projectId', 'materialName', 'quantity'],
  properties: {
    projectId,
    materialName: rowName('材料名称'),
    unit: text('单位', 20),
    quantity: quantity('用量'),
    times: {
      type: ['integer', 'null'],
      title: '更换次数',
      minimum: 1,
      maximum: 100,
      'x-list': true,
      'x-import': '更换次数',
    },
    ...factorFields('建材'),
    emission,
    trace,
    remarks,
  },
} as const;
