// 核算凭证管理 (accounting, ZQYJG): the documents behind the accounted quantities (invoices, contracts,
// meter records). No emission of its own.
import { projectId, remarks, stageResource, text, rowName } from './fields';

export const stageVoucher = {
  $id: 'stageVoucher',
  title: '核算凭证管理',
  type: 'object',
  additionalProperties: false,
  'x-resource': stageResource('voucher', '核算凭证管理'),
  'x-stage': { code: 'voucher', title: '核算凭证管理', mode: 'table' },
  required: ['projectId', 'name', 'voucherType'],
  properties: {
    projectId,
    name: rowName('凭证名称'),
    voucherType: {
      type: 'string',
      title: '凭证类型',
      enum: ['发票', '合同', '计量记录', '检测报告', '其他'],
      'x-list': true,
      'x-import': '凭证类型',
    },
    voucherNo: text('凭证编号'),
    voucherDate: {
      type: 'string',
      title: '凭证日期',
      pattern: '^$|^\\d{4}-\\d{2}-\\d{2}$',
      'x-widget': 'date',
      'x-list': true,
      'x-import': '凭证日期',
    },
    stage: text('对应阶段', 20),
    remarks,
  },
} as const;
