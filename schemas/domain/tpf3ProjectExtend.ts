// 建筑扩展信息 (tpf3ProjectExtend): what a report says about a building
// beyond the form — green-building rating, energy-saving and prefabrication rates, heating and cooling systems.
// One row per building; rows follow their building's visibility and are copied with it.
import { projectId } from '../stages/fields';

const percent = (title: string) =>
  ({
    type: ['number', 'null'],
    title,
    // a percent: > 0 and ≤ 100
    exclusiveMinimum: 0,
    maximum: 100,
    'x-messages': {
      exclusiveMinimum: `${title}应大于0且不超过100`,
      maximum: `${title}应大于0且不超过100`,
      type: `${title}应为数字`,
    },
  }) as const;

export const tpf3ProjectExtend = {
  $id: 'tpf3ProjectExtend',
  title: '建筑扩展信息',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'tpf/v1/tpf/tpf3ProjectExtend',
    title: '建筑扩展信息',
    scope: 'tenant',
    read: ['user'],
    write: ['user'],
    ownedByProject: true,
  },
  required: ['projectId'],
  properties: {
    projectId,
    greenStar: {
      type: 'string',
      title: '绿色建筑星级',
      enum: ['', '基本级', '一星级', '二星级', '三星级'],
      default: '',
      'x-list': true,
      'x-import': '绿色建筑星级',
    },
    energySavingRate: { ...percent('节能率(%)'), 'x-list': true, 'x-import': '节能率(%)' },
    prefabRate: { ...percent('装配率(%)'), 'x-list': true, 'x-import': '装配率(%)' },
    renewableRate: { ...percent('可再生能源替代率(%)'), 'x-list': true, 'x-import': '可再生能源替代率(%)' },
    heatingMode: {
      type: 'string',
      title: '供暖方式',
      maxLength: 20,
      'x-trim': true,
      'x-list': true,
      'x-import': '供暖方式',
    },
    coolingMode: {
      type: 'string',
      title: '空调形式',
      maxLength: 20,
      'x-trim': true,
      'x-list': true,
      'x-import': '空调形式',
    },
    remarks: {
      type: 'string',
      title: '说明',
      maxLength: 500,
      'x-widget': 'textarea',
      'x-list': false,
      'x-import': '说明',
    },
  },
} as const;
