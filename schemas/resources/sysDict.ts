// A dictionary: a code and its items. Items may have children (building-type tree, cities grouped by
// province) and extra attributes (a city's lng/lat). Two levels of children are enough for every dictionary
// the product uses; the schema stays non-recursive to keep json-schema-to-ts clear of TS2589.
const leaf = {
  type: 'object',
  additionalProperties: false,
  required: ['value', 'label'],
  properties: {
    value: { type: 'string', title: '值', minLength: 1, maxLength: 50 },
    label: { type: 'string', title: '名称', minLength: 1, maxLength: 100 },
    lng: { type: 'number', title: '经度', minimum: -180, maximum: 180 },
    lat: { type: 'number', title: '纬度', minimum: -90, maximum: 90 },
    pinyin: { type: 'string', title: '拼音', maxLength: 100 },
  },
} as const;

const middle = {
  ...leaf,
  properties: { ...leaf.properties, children: { type: 'array', title: '下级', maxItems: 1000, items: leaf } },
} as const;

const item = {
  ...leaf,
  properties: { ...leaf.properties, children: { type: 'array', title: '下级', maxItems: 1000, items: middle } },
} as const;

export const sysDict = {
  $id: 'sysDict',
  title: '字典',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'sys/v1/sys/sysDict',
    route: '/sys/dictionary',
    title: '系统字典',
    scope: 'global',
    read: ['admin'],
    write: ['admin'],
    menu: 'system',
  },
  required: ['dictCode', 'dictName'],
  properties: {
    dictCode: {
      type: 'string',
      title: '字典编码',
      minLength: 1,
      maxLength: 50,
      pattern: '^[A-Za-z][A-Za-z0-9_]*$',
      'x-list': true,
      'x-filter': 'eq',
      'x-sortable': true,
    },
    dictName: { type: 'string', title: '字典名称', minLength: 1, maxLength: 50, 'x-list': true, 'x-filter': 'like' },
    items: { type: 'array', title: '字典项', maxItems: 1000, items: item, default: [], 'x-list': false },
    remarks: { type: 'string', title: '备注', maxLength: 200, 'x-widget': 'textarea', 'x-list': true },
  },
} as const;

/** One dictionary item as stored and served (the schema's `item`, with children at any depth for readers). */
export interface DictItem {
  value: string;
  label: string;
  lng?: number;
  lat?: number;
  pinyin?: string;
  children?: DictItem[];
}
