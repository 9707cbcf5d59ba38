// The building workbook's decision sheets: 参考线, 方案对比, 热点与替代 and 不确定性, the same
// DecisionReport the PDF and Word sections show. Numbers stay numbers with the screens' format (2 decimals,
// factor values 4, counts 0); a published line without a value is the text 未知 (a range: its text and bounds).
// Written in the workbook thread (workbookTask.ts) from the report read on the main thread.
import type ExcelJS from 'exceljs';
import { formatNumber } from '../../calc/format';
import { excelNumberFormat } from '../excel/workbook';
import type { DecisionReport } from '../decide/report';
import { referenceValue, verificationText } from './sections/reference';
import { block, num, sheet, tons, type Cell, type Column } from './sheetBlocks';
import type { CompareAnswer, HotspotAnswer, ReferenceAnswer, UncertaintyAnswer } from '../../calc/decide/types';

export const DECISION_SHEETS = {
  reference: '参考线',
  variants: '方案对比',
  hotspots: '热点与替代',
  uncertainty: '不确定性',
} as const;

function reference(wb: ExcelJS.Workbook, r: ReferenceAnswer): void {
  const ws = sheet(wb, DECISION_SHEETS.reference, [30, 24, 16, 12, 10, 16, 12, 12, 18, 14, 12, 12, 30, 24]);
  const b = r.building;
  const g = r.gb55015;
  block(
    ws,
    'GB 55015-2021 降碳要求核对',
    ['项目', '数值', '单位'],
    [
      ['建筑面积', num(b.area), 'm²'],
      ['设计使用年限', num(b.years), 'a'],
      ['建筑运行的运行年数', num(b.operationYears), 'a'],
      ['碳排放总量', num(b.total), 'tCO2e'],
      ['隐含碳排放强度', num(b.embodied), 'kgCO2e/m²'],
      ['运行碳排放强度（含碳汇）', num(b.operation), 'kgCO2/(m²·a)'],
      ['全生命周期碳排放强度', num(b.lifecycle), 'kgCO2e/(m²·a)'],
      ['基准建筑运行碳排放强度', num(g.refOperation), 'kgCO2/(m²·a)'],
      ['降低量', num(g.reduction), 'kgCO2/(m²·a)'],
      ['要求降低量（不少于）', num(g.required), 'kgCO2/(m²·a)'],
      ['结论', g.pass === null ? '—' : g.pass ? '满足' : '未达到', ''],
      ...(b.notes ?? []).map((n): Cell[] => ['强度定义', n, '']),
      ['说明', g.text, ''],
    ],
  );
  block(
    ws,
    '已发布的参考线',
    [
      '指标',
      '名称',
      '适用建筑类型',
      '地区',
      '年份',
      '参考值',
      '下限',
      '上限',
      '单位',
      '核实标记',
      '本单体',
      '差异(%)',
      '来源',
      '备注',
    ],
    r.published.map((l) => [
      l.metricLabel,
      l.name,
      l.buildType,
      l.region,
      l.dataYear,
      l.value !== null ? l.value : referenceValue(l),
      num(l.low),
      num(l.high),
      l.unit,
      verificationText(l),
      num(l.buildingValue),
      num(l.diffPct),
      l.source,
      l.remarks,
    ]),
  );
  const p = r.percentile;
  const counts = block(
    ws,
    '同类单体百分位',
    ['项目', '数值'],
    [
      ['同类单体数', p.peers],
      ['排名（由低到高）', num(p.rank)],
      ['百分位(%)', num(p.percentile)],
      ['中位数(kgCO2e/(m²·a))', num(p.median)],
      ['说明', p.text],
    ],
  );
  for (const row of [counts, counts + 1]) ws.getCell(`B${row}`).numFmt = excelNumberFormat(0);
}

function variants(wb: ExcelJS.Workbook, v: CompareAnswer | null): void {
  const ws = sheet(wb, DECISION_SHEETS.variants, [20, 16, 18, 36, 16, 16, 16, 16]);
  if (!v) {
    block(ws, '方案对比', ['说明'], []);
    return;
  }
  const base = v.baseline;
  block(
    ws,
    '基准方案',
    ['方案', '碳排放总量(tCO2e)', '碳排放强度(kgCO2e/(m²·a))'],
    [[base.name, num(base.total), num(base.streng3)]],
  );
  block(
    ws,
    '各阶段对比',
    ['方案', '阶段', '基准方案(tCO2e)', '本方案(tCO2e)', '差值(tCO2e)', '差值(%)'],
    v.compared.flatMap((c) => [
      ...c.stages.map((s): Cell[] => [c.variant.name, s.title, s.baseline, s.value, s.diff, num(s.diffPct)]),
      [c.variant.name, '合计', num(base.total), num(c.variant.total), c.totalDiff, num(c.totalDiffPct)],
    ]),
  );
  const kinds = { start: '起点', delta: '变化', end: '终点' } as const;
  block(
    ws,
    '瀑布图数据',
    ['方案', '项目', '数值(tCO2e)', '类型'],
    v.compared.flatMap((c) => c.waterfall.map((w): Cell[] => [c.variant.name, w.label, w.value, kinds[w.kind]])),
  );
  const changes = { changed: '修改', added: '新增', removed: '删除' } as const;
  block(
    ws,
    '变化最大的行',
    ['方案', '阶段', '名称', '说明', '变化', '变化前(kgCO2e)', '变化后(kgCO2e)', '差值(kgCO2e)'],
    v.compared.flatMap((c) =>
      c.changes.map((x): Cell[] => [
        c.variant.name,
        x.stageTitle,
        x.label,
        x.detail,
        changes[x.kind],
        x.before,
        x.after,
        x.diff,
      ]),
    ),
  );
}

function hotspots(wb: ExcelJS.Workbook, h: HotspotAnswer): void {
  const ws = sheet(wb, DECISION_SHEETS.hotspots, [8, 12, 28, 12, 8, 12, 16, 16, 10, 10, 28, 12, 16, 24, 18, 16, 10]);
  const header: Column[] = [
    ['排名', 0],
    '阶段',
    '名称',
    '数量',
    '单位',
    ['排放因子', 4],
    '因子单位',
    '碳排放(tCO2e)',
    '占比(%)',
    '累计(%)',
    '替代材料',
    ['替代因子', 4],
    '替代因子单位',
    '替代因子来源',
    '替代后碳排放(tCO2e)',
    '可减排(tCO2e)',
    '减排(%)',
  ];
  const rows = h.rows.flatMap((r, i): Cell[][] => [
    [
      i + 1,
      r.stageTitle,
      r.label,
      num(r.quantity),
      r.unit,
      num(r.factorValue),
      r.factorUnit ?? '',
      tons(r.emission),
      r.share,
      r.cumulative,
    ],
    ...r.substitutes.map((s): Cell[] => [
      i + 1,
      r.stageTitle,
      r.label,
      null,
      r.unit,
      null,
      '',
      null,
      null,
      null,
      s.name,
      s.factorValue,
      s.factorUnit,
      s.source,
      tons(s.emission),
      tons(s.saving),
      s.savingPct,
    ]),
  ]);
  block(ws, `碳排放热点（正排放合计 ${formatNumber(h.total / 1000)} tCO2e）`, header, rows);
  if (h.notes.length)
    block(
      ws,
      '说明',
      ['说明'],
      h.notes.map((n) => [n]),
    );
}

const TORNADO_KINDS: Record<string, string> = {
  grid: '电网排放因子',
  life: '设计使用年限',
  distance: '运输距离',
  quality: '数据质量',
};

function uncertainty(wb: ExcelJS.Workbook, u: UncertaintyAnswer | null, note: string | null): void {
  const ws = sheet(wb, DECISION_SHEETS.uncertainty, [30, 16, 16, 16, 16, 16, 16]);
  if (!u) {
    block(ws, '不确定性分析', ['说明'], [[note ?? '暂无数据']]);
    return;
  }
  block(
    ws,
    '蒙特卡洛模拟',
    ['项目', ['数值', 0]],
    [
      ['模拟次数', u.draws],
      ['随机种子', u.seed],
    ],
  );
  const band = (label: string, b: NonNullable<UncertaintyAnswer['intensity']>): Cell[] => [
    label,
    b.nominal,
    b.mean,
    b.sd,
    b.p10,
    b.p50,
    b.p90,
  ];
  block(
    ws,
    '结果分布',
    ['指标', '名义值', '均值', '标准差', 'P10', 'P50', 'P90'],
    [band('碳排放总量(tCO2e)', u.total), ...(u.intensity ? [band('碳排放强度(kgCO2e/(m²·a))', u.intensity)] : [])],
  );
  block(
    ws,
    '输入及其分布',
    ['输入', '分布'],
    u.inputs.map((i) => [i.label, i.distribution]),
  );
  block(
    ws,
    '敏感性分析（龙卷风图）',
    ['输入', '类型', '输入取 P10 时总量(tCO2e)', '输入取 P90 时总量(tCO2e)', '摆幅(tCO2e)'],
    u.tornado.map((b) => [b.label, TORNADO_KINDS[b.kind] ?? b.kind, b.low, b.high, b.swing]),
  );
  block(
    ws,
    '碳排放总量分布',
    ['区间下限(tCO2e)', '区间上限(tCO2e)', ['次数', 0]],
    u.histogram.map((x) => [x.from, x.to, x.count]),
  );
  if (u.notes.length)
    block(
      ws,
      '说明',
      ['说明'],
      u.notes.map((n) => [n]),
    );
}

export function decisionSheets(wb: ExcelJS.Workbook, r: DecisionReport): void {
  reference(wb, r.reference);
  variants(wb, r.variants);
  hotspots(wb, r.hotspots);
  uncertainty(wb, r.uncertainty, r.uncertaintyNote);
}
