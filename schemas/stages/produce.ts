// 建材生产 (GB/T 51366 §6.2): C_sc = Σ M_i · F_i — quantity in the factor's unit × factor (kgCO2e per unit).
// The density (t per unit) is kept with the material for the transport stage.
import { density, densityFields } from './conversionFields';
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
  bimSource,
  billSource,
  rowName,
} from './fields';

export const stageProduce = {
  $id: 'stageProduce',
  title: '建材生产',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('produce', '建材生产'),
  'x-stage': {
    code: 'produce',
    title: '建材生产',
    mode: 'table',
    result: 'produce',
    phase: 'embodied',
    role: 'materials',
  },
  'x-formula': 'toFactorUnit(quantity, unit) * factorValue',
  'x-needs': [factorNeed()],
  required: ['projectId', 'materialName', 'unit', 'quantity'],
  properties: {
    projectId,
    materialName: rowName('材料名称'),
    spec: text('规格型号'),
    unit: { ...text('单位', 20), minLength: 1 },
    quantity: quantity('用量'),
    ...factorFields('建材'),
    density: density(false),
    ...densityFields,
    densitySource: { type: 'string', title: '密度来源', maxLength: 200, 'x-list': false, 'x-import': '密度来源' },
    emission,
    trace,
    bimSource,
    billSource,
    remarks,
  },
} as const;
