// 建筑改造拆除 (accounting, ZQYJG): demolition during renovation — machine shifts × energy per shift × factor;
// counted with the demolition result.
import { emission, energyPerShift, factorFields, projectId, quantity, remarks, stageResource, text } from './fields';

export const stageRemoveChange = {
  $id: 'stageRemoveChange',
  title: '建筑改造拆除',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('removeChange', '建筑改造拆除'),
  'x-stage': { code: 'removeChange', title: '建筑改造拆除', mode: 'table', result: 'remove' },
  'x-formula': 'quantity * num(energyPerShift, 1) * num(factorValue)',
  required: ['projectId', 'name', 'quantity'],
  properties: {
    projectId,
    name: { ...text('机械/能源名称'), minLength: 1 },
    unit: text('单位', 20),
    quantity: quantity('用量/台班数'),
    energyPerShift,
    ...factorFields('能源', '能源因子'),
    emission,
    remarks,
  },
} as const;
