// 运行参数库: the lookup tables the operation and construction stages read (external shading SD, heating and
// cooling source efficiencies, heat recovery, elevator classes and usage, PV, hot-water heaters, wind roughness,
// GB/T 51366 App. C machine shifts, construction/demolition shortcuts) — one row per parameter, grouped by
// `table`. Seeded from the researched tables (src/server/db/seed/lookups.ts); each row keeps its source and its
// verification mark, so an M (recalled) or U (unknown) value is shown as such and admins can correct it.
// `value` is the single number a calculation uses; `value2` a second number of the same row where the table has
// one (standby W of an elevator class, heating-side efficiency, part-load efficiency, standby hours …); `spec`
// says which is which.
import { verification } from './verification';

export const LOOKUP_TABLES = [
  'shading',
  'hvacSource',
  'heatRecovery',
  'elevatorClass',
  'elevatorUsage',
  'pvModule',
  'pvOrientation',
  'dhwHeater',
  'windRoughness',
  'constructionMachine',
  'demolition',
] as const;

export type LookupTable = (typeof LOOKUP_TABLES)[number];

export const tpf3Lookup = {
  $id: 'tpf3Lookup',
  title: '运行参数库',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'tpf/v1/tpf/tpf3Lookup',
    route: '/divisor/lookup',
    title: '参数表管理',
    scope: 'shared',
    read: ['user'],
    write: ['admin', 'groupAdmin', 'dataAdmin'],
    defaultSort: { field: 'createDate', order: 'descend' },
    menu: 'common',
  },
  required: ['table', 'name'],
  properties: {
    table: {
      type: 'string',
      title: '参数表',
      enum: LOOKUP_TABLES,
      'x-dict': 'lookupTable',
      'x-list': true,
      'x-filter': 'eq',
      'x-sortable': true,
      'x-import': '参数表',
    },
    name: {
      type: 'string',
      title: '名称',
      minLength: 1,
      maxLength: 100,
      'x-list': true,
      'x-filter': 'like',
      'x-sortable': true,
      'x-import': '名称',
    },
    spec: {
      type: 'string',
      title: '规格/条件',
      maxLength: 200,
      'x-list': true,
      'x-filter': 'like',
      'x-import': '规格/条件',
    },
    value: {
      type: ['number', 'null'],
      title: '参数值',
      'x-list': true,
      'x-sortable': true,
      'x-filter': 'range',
      'x-import': '参数值',
    },
    unit: { type: 'string', title: '单位', maxLength: 30, 'x-list': true, 'x-import': '单位' },
    value2: { type: ['number', 'null'], title: '参数值2', 'x-list': true, 'x-import': '参数值2' },
    unit2: { type: 'string', title: '单位2', maxLength: 30, 'x-list': true, 'x-import': '单位2' },
    source: { type: 'string', title: '来源', maxLength: 500, 'x-list': true, 'x-import': '来源' },
    verification,
    remarks: { type: 'string', title: '备注', maxLength: 1000, 'x-widget': 'textarea', 'x-import': '备注' },
  },
} as const;
