// 因子库: one emission factor per row — building materials, energy (electricity, fuels), transport, carbon sink.
// Seeded from GB/T 51366-2019 appendices and public tables; each row keeps its source and verification mark.
import { verification } from './verification';

export const tpf3BuildMaterial = {
  $id: 'tpf3BuildMaterial',
  title: '碳排放因子',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'tpf/v1/tpf/tpf3BuildMaterial',
    route: '/divisor',
    title: '因子库管理',
    scope: 'shared',
    read: ['user'],
    write: ['admin', 'groupAdmin', 'dataAdmin'],
    defaultSort: { field: 'createDate', order: 'descend' },
    menu: 'common',
  },
  'x-rowWarning': { field: 'materialCo', when: 'emptyOrZero', message: '因子值为空或为 0，请核对' },
  required: ['type', 'name', 'unit'],
  properties: {
    type: { type: 'string', title: '类型', minLength: 1, maxLength: 20, 'x-list': true, 'x-filter': 'eq', 'x-sortable': true, 'x-import': '类型' },
    smallType: { type: 'string', title: '小类', maxLength: 50, 'x-list': true, 'x-filter': 'eq', 'x-sortable': true, 'x-import': '小类' },
    name: { type: 'string', title: '名称', minLength: 1, maxLength: 100, 'x-list': true, 'x-filter': 'like', 'x-sortable': true, 'x-import': '名称' },
    spec: { type: 'string', title: '规格', maxLength: 100, 'x-list': true, 'x-import': '规格' },
    unit: { type: 'string', title: '单位', minLength: 1, maxLength: 30, 'x-list': true, 'x-import': '单位' },
    materialCo: {
      type: ['number', 'null'],
      title: '碳排放因子',
      'x-list': true,
      'x-sortable': true,
      'x-filter': 'range',
      'x-import': '碳排放因子',
    },
    coUnit: { type: 'string', title: '因子单位', maxLength: 30, 'x-list': true, 'x-import': '因子单位' },
    source: { type: 'string', title: '数据来源', maxLength: 500, 'x-list': true, 'x-import': '数据来源' },
    verification,
    remarks: { type: 'string', title: '备注', maxLength: 500, 'x-widget': 'textarea', 'x-import': '备注' },
  },
} as const;
