// 建筑建造 (GB/T 51366 §5.1–5.2). Two methods, chosen per building: 按总能源用量 (site energy × factor) or
// 按施工机械及临时设施 (machine shifts × energy per shift × fuel factor, App. C per-shift energies). Every row
// names its energy; only electricity without its own factor takes the building's grid factor (recorded as 默认值).
import { fuelFields } from './conversionFields';
import {
  billSource,
  emission,
  energy,
  ENERGY_NEEDS,
  energyPerShift,
  energyPerShiftUnit,
  factorFields,
  GRID_DEFAULT,
  methodField,
  projectId,
  quantity,
  remarks,
  stageResource,
  text,
  trace,
  rowName,
} from './fields';

/** The methods a building chooses among for this stage. */
const BUILD_METHODS = [
  { value: 'energy', label: '按总能源用量计算' },
  { value: 'machine', label: '按施工机械和临时设施计算' },
] as const;

export const stageBuild = {
  $id: 'stageBuild',
  title: '建筑建造',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('build', '建筑建造'),
  'x-stage': {
    code: 'build',
    title: '建筑建造',
    mode: 'table',
    result: 'build',
    phase: 'embodied',
    role: 'construction',
    methods: BUILD_METHODS,
  },
  'x-formula': {
    energy: 'toFactorUnit(quantity, unit) * factorValue',
    machine: 'toFactorUnitPerShift(quantity, energyPerShift, energy, energyPerShiftUnit) * factorValue',
  },
  'x-defaults': GRID_DEFAULT,
  'x-needs': [
    ...ENERGY_NEEDS,
    { check: 'has(energyPerShift)', field: 'energyPerShift', message: '请填写台班能耗', methods: ['machine'] },
  ],
  required: ['projectId', 'method', 'name', 'quantity'],
  properties: {
    projectId,
    method: methodField(BUILD_METHODS, 'energy'),
    name: rowName('能源/机械名称'),
    energy,
    ...fuelFields,
    unit: text('单位', 20),
    quantity: quantity('用量/台班数'),
    energyPerShift,
    energyPerShiftUnit,
    ...factorFields('能源', '能源因子'),
    emission,
    trace,
    billSource,
    remarks,
  },
} as const;
