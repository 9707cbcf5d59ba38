// 碳汇 (GB/T 51366 §4.1 C_p): the green space's annual sink × design life, reported as 减碳 (negative).
// Two ways to pick the per-m² value: by planting mode (种植方式) or by plant type (植物类型); the factor
// library's two planting schemes (its smallType) must not be mixed on one building: a row whose factor comes
// from the other scheme is refused on save.
import {
  emission,
  factorFields,
  factorNeed,
  methodField,
  projectId,
  remarks,
  stageResource,
  trace,
  rowName,
} from './fields';

const sinkFactor = factorFields('碳汇', '固碳量');

/** The methods a building chooses among for this stage. */
const GREEN_METHODS = [
  { value: 'planting', label: '按种植方式计算' },
  { value: 'plant', label: '按植物类型计算' },
] as const;

export const stageGreen = {
  $id: 'stageGreen',
  title: '碳汇',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('green', '碳汇'),
  'x-stage': {
    code: 'green',
    title: '碳汇',
    mode: 'table',
    result: 'green',
    phase: 'sink',
    methods: GREEN_METHODS,
  },
  'x-formula': "-(toFactorUnitStrict(area * designYears, 'm²·a', '面积(m²) × 设计使用年限(a)') * factorValue)",
  'x-needs': [factorNeed('请选择或填写固碳量')],
  required: ['projectId', 'method', 'name', 'area'],
  properties: {
    projectId,
    method: methodField(GREEN_METHODS, 'planting'),
    name: rowName('种植类型'),
    // a planted area, not a floor area: up to 1e9 m² (1 000 km², a park or forest counted with a district)
    area: {
      type: 'number',
      title: '面积(m²)',
      minimum: 0,
      maximum: 1e9,
      'x-list': true,
      'x-import': '面积(m²)',
      'x-messages': { required: '请输入面积(m²)' },
    },
    ...sinkFactor,
    factorId: {
      ...sinkFactor.factorId,
      'x-factor': {
        ...sinkFactor.factorId['x-factor'],
        uniform: { field: 'smallType', message: '同一单体的碳汇只能采用一种种植方案，不得混用' },
      },
    },
    emission,
    trace,
    remarks,
  },
} as const;
