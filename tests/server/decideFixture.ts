// A hand-made DecisionReport for the report and workbook tests (decideReport.test.ts): three published operation
// lines (52.30 已核实, the range 372.40–525.90, one unknown U), 方案B against 基准方案 (建材生产 80 → 70 t), three
// hotspots (the concrete with one substitute saving 10 t) and an uncertainty band (P10 95.123, P90 110.987 t);
// a report model with nothing but the decision sections after a few fixed ones.
import type { DecisionReport } from '../../src/server/decide/report';
import type { ReportSection } from '../../src/server/reports/blocks';
import type { PublishedLine, Variant } from '../../src/calc/decide/types';
import type { ReportModel } from '../../src/server/reports/model';
import { hotspotsSection } from '../../src/server/reports/sections/hotspots';
import { referenceSection } from '../../src/server/reports/sections/reference';
import { uncertaintySection } from '../../src/server/reports/sections/uncertainty';
import { variantsSection } from '../../src/server/reports/sections/variants';

const line = (id: number, over: Partial<PublishedLine>): PublishedLine => ({
  id,
  metric: 'operation',
  metricLabel: '运行碳排放强度',
  name: '',
  buildType: '办公建筑',
  region: '全国',
  dataYear: '2022',
  value: null,
  low: null,
  high: null,
  unit: 'kgCO2/(m²·a)',
  verification: 'V',
  verificationLabel: '已核实',
  source: '行业调研',
  remarks: '',
  buildingValue: 40.12,
  diffPct: null,
  ...over,
});

const variant = (id: number, name: string, total: number, over: Partial<Variant> = {}): Variant => ({
  id,
  projectId: 7,
  name,
  origin: '手动保存',
  isBaseline: false,
  isCurrent: false,
  rowCount: 3,
  total,
  streng3: total / 5,
  fields: {},
  calculatedAt: '2024-05-01 10:00:00',
  createDate: '2024-05-01 10:00:00',
  createByName: '演示用户',
  ...over,
});

export function decisionFixture(): DecisionReport {
  return {
    reference: {
      building: {
        id: 7,
        name: '测试楼',
        module: 'budget',
        buildType: '办公建筑',
        area: 1000,
        years: 50,
        operationYears: 50,
        notes: ['强度定义说明'],
        calculated: true,
        total: 100,
        embodied: 12,
        operation: 40.12,
        lifecycle: 20,
      },
      gb55015: {
        refOperation: 52.465,
        operation: 40.12,
        reduction: 12.345,
        required: 7,
        pass: true,
        text: '运行碳排放强度 40.12 kgCO2/(m²·a)，较基准建筑 52.47 降低 12.35 kgCO2/(m²·a)，满足 GB 55015-2021 降低不少于 7 kgCO2/(m²·a) 的要求',
      },
      published: [
        line(1, {
          name: '典型办公建筑（已核实）',
          value: 52.3,
          diffPct: ((40.12 - 52.3) / 52.3) * 100,
          source: '某研究报告',
        }),
        line(2, { name: '办公建筑区间', low: 372.4, high: 525.9, verification: 'D', verificationLabel: '推算值' }),
        line(3, { name: '典型办公建筑（未知）', verification: 'U', verificationLabel: '未知' }),
      ],
      percentile: {
        peers: 6,
        min: 5,
        rank: 2,
        percentile: 20,
        median: 45,
        text: '在本集团 6 个同类单体（同建筑类型、同计算模块）中，碳排放强度由低到高排第 2 位，百分位 20.00%',
      },
    },
    variants: {
      baseline: variant(1, '基准方案', 100, { isBaseline: true, isCurrent: true }),
      compared: [
        {
          variant: variant(2, '方案B', 90, { origin: '替代：C30混凝土 → C30混凝土（掺矿渣）' }),
          stages: [
            { field: 'produce', title: '建材生产', baseline: 80, value: 70, diff: -10, diffPct: -12.5 },
            { field: 'runtimeTotal', title: '建筑运行', baseline: 20, value: 20, diff: 0, diffPct: 0 },
          ],
          totalDiff: -10,
          totalDiffPct: -10,
          waterfall: [
            { label: '基准方案', value: 100, kind: 'start' },
            { label: '建材生产', value: -10, kind: 'delta' },
            { label: '方案B', value: 90, kind: 'end' },
          ],
          changes: [
            {
              stageTitle: '建材生产',
              label: 'C30混凝土',
              kind: 'changed',
              detail: '因子 C30混凝土 → C30混凝土（掺矿渣）',
              before: 30000,
              after: 20000,
              diff: -10000,
            },
          ],
        },
      ],
    },
    hotspots: {
      total: 60000,
      rows: [
        {
          stage: 'produce',
          stageTitle: '建材生产',
          rowId: 11,
          label: 'C30混凝土',
          quantity: 100000,
          unit: 'kg',
          factorName: 'C30混凝土',
          factorValue: 0.3,
          factorUnit: 'kgCO2e/kg',
          emission: 30000,
          share: 50,
          cumulative: 50,
          substitutes: [
            {
              factorId: 99,
              name: 'C30混凝土（掺矿渣）',
              label: 'C30混凝土（掺矿渣）',
              factorValue: 0.2,
              factorUnit: 'kgCO2e/kg',
              source: '厂家EPD',
              verification: 'V',
              emission: 20000,
              saving: 10000,
              savingPct: 33.333,
            },
          ],
        },
        {
          stage: 'runtime',
          stageTitle: '建筑运行',
          rowId: 21,
          label: '空调用电',
          quantity: null,
          unit: 'kWh',
          factorName: null,
          factorValue: null,
          factorUnit: null,
          emission: 20000,
          share: 33.3333,
          cumulative: 83.3333,
          substitutes: [],
        },
        {
          stage: 'produce',
          stageTitle: '建材生产',
          rowId: 12,
          label: 'HRB400钢筋',
          quantity: 4,
          unit: 't',
          factorName: 'HRB400钢筋',
          factorValue: 2500,
          factorUnit: 'kgCO2e/t',
          emission: 10000,
          share: 16.6667,
          cumulative: 100,
          substitutes: [],
        },
      ],
      notes: ['替代材料取自当前因子库中同类、同小类、同单位的因子。'],
    },
    uncertainty: {
      draws: 2000,
      seed: 1,
      total: { nominal: 100, mean: 101.5, sd: 6.789, p10: 95.123, p50: 101, p90: 110.987 },
      intensity: { nominal: 20, mean: 20.3, sd: 1.358, p10: 19.02, p50: 20.2, p90: 22.2 },
      histogram: [
        { from: 90, to: 100, count: 900 },
        { from: 100, to: 110, count: 1100 },
      ],
      tornado: [
        { label: '电网排放因子', kind: 'grid', low: 92, high: 108, swing: 16 },
        { label: '设计使用年限', kind: 'life', low: 97, high: 103, swing: 6 },
      ],
      inputs: [
        { label: '电网排放因子', distribution: '三角分布 0.5306–0.5827–0.5810 kgCO2/kWh（江苏 2021–2023）' },
        { label: '设计使用年限', distribution: '三角分布 40–50–60 a' },
      ],
      notes: ['各输入独立抽样。'],
      elapsedMs: 12,
    },
    uncertaintyNote: null,
  };
}

/** The decision tools' sections of a report in their builders' order (方案对比 only with variants). */
export const decisionSections = (decision: DecisionReport): ReportSection[] =>
  [referenceSection, variantsSection, hotspotsSection, uncertaintySection].flatMap(
    (build) => build({ decision }) ?? [],
  );

/** A report model with nothing but the given sections after a few fixed ones. */
export function reportModelOf(sections: ReportSection[]): ReportModel {
  const points = [{ code: 'produce', name: '建材生产', value: 80 }];
  return {
    title: '测试楼 建筑碳排放报告',
    cover: [['单体建筑', '测试楼']],
    sections: [
      { title: '建筑信息', blocks: [{ kind: 'pairs', rows: [['建筑名称', '测试楼']], columns: 'text' }] },
      { title: '计算边界与方法', blocks: [{ kind: 'list', items: ['计算依据：GB/T 51366-2019。'] }] },
      {
        title: '计算结果',
        pageBreak: 'before',
        blocks: [
          { kind: 'pairs', rows: [['碳排放总量（tCO2e）', '100.00']] },
          { kind: 'picture', picture: { kind: 'donut', points }, alt: '各阶段碳排放占比' },
          { kind: 'picture', picture: { kind: 'bars', points }, alt: '各阶段碳排放量' },
        ],
      },
      { title: '说明', blocks: [{ kind: 'list', items: ['说明一'], numbered: true }] },
      ...sections,
    ],
    total: 100,
    streng3: 20,
  };
}
