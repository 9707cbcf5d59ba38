// 建筑改造拆除 (accounting, ZQYJG): demolition during renovation — machine shifts × energy per shift × the
// energy's factor, or, without an energy per shift, the quantity is the energy itself (in the row's unit); counted
// with the demolition result.
import { fuelFields } from './conversionFields';
import {
  emission,
  energy,
  ENERGY_NEEDS,
  energyPerShift,
  energyPerShiftUnit,
  factorFields,
  GRID_DEFAULT,
  projectId,
  quantity,
  remarks,
  stageResource,
  text,
  trace,
  rowName,
} from './fields';

export const stageRemoveChange = {
  $id: 'stageRemoveChange',
  title: '建筑改造拆除',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('removeChange', '建筑改造拆除'),
  'x-stage': { code: 'removeChange', title: '建筑改造拆除', mode: 'table', result: 'remove', phase: 'endOfLife' },
  'x-formula':
    '(has(energyPerShift) ? toFactorUnitPerShift(quantity, energyPerShift, energy, energyPerShiftUnit) : toFactorUnit(quantity, unit)) * factorValue',
  'x-defaults': GRID_DEFAULT,
  'x-needs': ENERGY_NEEDS,
  required: ['projectId', 'name', 'quantity'],
  properties: {
    projectId,
    name: rowName('机械/能源名称'),
    energy,
    ...fuelFields,
    unit: text('单位', 20),
    quantity: quantity('用量/台班数'),
    energyPerShift,
    energyPerShiftUnit,
    ...factorFields('能源', '能源因子'),
    emission,
    trace,
    remarks,
  },
} as const;
