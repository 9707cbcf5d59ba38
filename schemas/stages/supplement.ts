// 核算信息补充 (accounting): one record per building — what the accounting rests on (as-built area, dates,
// operating years, the accounting organisation). No emission of its own.
import { LIMITS, projectId, remarks, stageResource, text } from './fields';

export const stageSupplement = {
  $id: 'stageSupplement',
  title: '核算信息补充',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('supplement', '核算信息补充'),
  'x-stage': { code: 'supplement', title: '核算信息补充', mode: 'form', role: 'accountingInfo' },
  required: ['projectId'],
  properties: {
    projectId,
    actualArea: {
      type: ['number', 'null'],
      title: '竣工建筑面积(m²)',
      minimum: 0,
      maximum: LIMITS.area,
      'x-list': true,
      'x-import': '竣工建筑面积(m²)',
    },
    completionDate: {
      type: 'string',
      title: '竣工日期',
      pattern: '^$|^\\d{4}-\\d{2}-\\d{2}$',
      'x-widget': 'date',
      'x-list': true,
      'x-import': '竣工日期',
    },
    operationDate: {
      type: 'string',
      title: '投入使用日期',
      pattern: '^$|^\\d{4}-\\d{2}-\\d{2}$',
      'x-widget': 'date',
      'x-list': true,
      'x-import': '投入使用日期',
    },
    operatingYears: {
      type: ['number', 'null'],
      title: '已运行年数(a)',
      minimum: 0,
      maximum: 200,
      'x-list': true,
      'x-import': '已运行年数',
    },
    accountingOrg: text('核算单位'),
    boundary: { type: 'string', title: '核算边界说明', maxLength: 500, 'x-list': false, 'x-import': '核算边界说明' },
    remarks,
  },
} as const;
