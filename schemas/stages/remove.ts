// 建筑拆除 (GB/T 51366 §5.3). Two methods: 按比例系数 (a share of the construction emissions; a row without its
// ratio takes 10 % — a literature convention, not a value of the standard — recorded as 默认值; with no
// construction emissions the stage warns instead of reporting 0 as a success) or 按拆除机械工程量 (as
// construction: shifts × energy per shift × the energy's factor).
import { fuelFields } from './conversionFields';
import {
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

const machineOnly = (rules: readonly { check: string; field: string; message: string }[]) =>
  rules.map((r) => ({ ...r, methods: ['machine'] }));

/** The methods a building chooses among for this stage. */
const REMOVE_METHODS = [
  { value: 'ratio', label: '按比例系数计算' },
  { value: 'machine', label: '按实际拆除机械工程量计算' },
] as const;

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
    phase: 'endOfLife',
    methods: REMOVE_METHODS,
  },
  'x-formula': {
    ratio: 'ratio / 100 * stage.build',
    machine: 'toFactorUnitPerShift(quantity, energyPerShift, energy, energyPerShiftUnit) * factorValue',
  },
  'x-defaults': {
    ratio: { value: 10, unit: '%', source: '拆除碳排放按建造碳排放的 10% 估算（文献常用取值，非 GB/T 51366 规定）' },
    ...GRID_DEFAULT,
  },
  'x-needs': machineOnly([
    ...ENERGY_NEEDS,
    { check: 'has(quantity)', field: 'quantity', message: '请输入用量/台班数' },
    { check: 'has(energyPerShift)', field: 'energyPerShift', message: '请填写台班能耗' },
  ]),
  required: ['projectId', 'method', 'name'],
  properties: {
    projectId,
    method: methodField(REMOVE_METHODS, 'ratio'),
    name: rowName('名称'),
    ratio: {
      type: ['number', 'null'],
      title: '比例系数(%)',
      exclusiveMinimum: 0,
      maximum: 100,
      'x-list': true,
      'x-import': '比例系数(%)',
    },
    energy,
    ...fuelFields,
    unit: text('单位', 20),
    quantity: { ...quantity('用量/台班数'), type: ['number', 'null'] },
    energyPerShift,
    energyPerShiftUnit,
    ...factorFields('能源', '能源因子'),
    emission,
    trace,
    remarks,
  },
} as const;
