// 参考值库: the published figures a building's result is read against — embodied kgCO2e/m², operation
// and life-cycle kgCO2e/(m²·a), and (for 合理性检查) concrete m³/m² and steel kg/m² — by building type, each
// with its source and verification mark. Administrators maintain it beside the factor library; seeded from the
// researched figures (src/server/db/seed/data/benchmarks.csv).
// A figure nobody has published stays empty and marked U: it is shown as 未知, never as 0.
import { verification } from './verification';

export const BENCHMARK_METRICS = [
  ['embodied', '隐含碳排放强度（建材生产+运输+建造）', 'kgCO2e/m²'],
  ['operation', '运行碳排放强度', 'kgCO2/(m²·a)'],
  ['lifecycle', '全生命周期碳排放强度', 'kgCO2e/(m²·a)'],
  // 合理性检查 (src/calc/plausibility.ts): material quantities per m² of floor area from 建材生产
  ['concrete', '混凝土用量（每平方米建筑面积）', 'm³/m²'],
  ['steel', '钢材用量（每平方米建筑面积）', 'kg/m²'],
] as const;

/** The metrics of a material quantity (checked by 合理性检查, not drawn as 参考线 intensities). */
export const MATERIAL_BENCHMARK_METRICS = ['concrete', 'steel'] as const;

export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number][0];

/** The type a line applies to when it is not one type's. */
export const ALL_TYPES = '全部';

const figure = (title: string) =>
  ({
    type: ['number', 'null'],
    title,
    minimum: 0,
    'x-decimals': 2,
    'x-list': true,
    'x-import': title,
    'x-messages': { minimum: `${title}应为非负数` },
  }) as const;

export const tpf3Benchmark = {
  $id: 'tpf3Benchmark',
  title: '参考值',
  type: 'object',
  additionalProperties: false,
  'x-resource': {
    path: 'tpf/v1/tpf/tpf3Benchmark',
    route: '/divisor/benchmark',
    title: '参考值库',
    scope: 'shared',
    read: ['user'],
    write: ['admin', 'groupAdmin', 'dataAdmin'],
    defaultSort: { field: 'createDate', order: 'descend' },
    menu: 'common',
  },
  required: ['metric', 'name', 'buildType', 'unit', 'verification'],
  properties: {
    metric: {
      type: 'string',
      title: '指标',
      enum: BENCHMARK_METRICS.map(([v]) => v),
      'x-dict': 'benchmarkMetric',
      'x-list': true,
      'x-filter': 'eq',
      'x-sortable': true,
      'x-import': '指标',
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
      'x-messages': { required: '请输入名称', minLength: '请输入名称' },
    },
    buildType: {
      type: 'string',
      title: '适用建筑类型',
      minLength: 1,
      maxLength: 100,
      'x-list': true,
      'x-filter': 'like',
      'x-import': '适用建筑类型',
      'x-messages': {
        required: '请输入适用建筑类型（不限类型填“全部”）',
        minLength: '请输入适用建筑类型（不限类型填“全部”）',
      },
    },
    region: { type: 'string', title: '地区', maxLength: 50, 'x-list': true, 'x-import': '地区' },
    dataYear: { type: 'string', title: '数据年份', maxLength: 20, 'x-list': true, 'x-import': '数据年份' },
    value: figure('参考值'),
    low: figure('区间下限'),
    high: figure('区间上限'),
    unit: { type: 'string', title: '单位', minLength: 1, maxLength: 30, 'x-list': true, 'x-import': '单位' },
    verification: { ...verification, 'x-messages': { required: '请选择核实标记' } },
    source: { type: 'string', title: '来源', maxLength: 500, 'x-list': true, 'x-import': '来源' },
    remarks: { type: 'string', title: '备注', maxLength: 1000, 'x-widget': 'textarea', 'x-import': '备注' },
  },
} as const;
