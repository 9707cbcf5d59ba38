// The decision tools' sections of the PDF and Word reports, built from a DecisionReport as neutral
// blocks both renderers draw (src/server/reports/pdf.ts, word.ts): 参考线 (GB 55015-2021, published lines,
// percentile), 方案对比 (only with variants), 碳排放热点 (with substitutes) and 不确定性分析. Figures in the one
// number format (2 decimals, factor values with the library's 4); hotspot and row emissions are stored in kg.
import { f2, factorText, type ReportTable } from './stageTable';
import type { DecisionReport } from '../decide/report';
import type { DecisionChart } from './decisionCharts';
import type {
  CompareAnswer,
  HotspotAnswer,
  PublishedLine,
  ReferenceAnswer,
  UncertaintyAnswer,
  Band,
} from '../../calc/decide/types';

export type DecisionBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; tone?: 'strong' | 'note' }
  | { kind: 'pairs'; rows: [string, string][] }
  /** widths: relative column weights */
  | { kind: 'table'; table: ReportTable; widths?: number[] }
  /** a chart by its data: drawn with the file, in the drawing thread (drawTask.ts) */
  | { kind: 'image'; chart: DecisionChart; alt: string };

export interface DecisionSection {
  title: string;
  blocks: DecisionBlock[];
}

export const DECISION_TITLES = {
  reference: '参考线',
  variants: '方案对比',
  hotspots: '碳排放热点',
  uncertainty: '不确定性分析',
} as const;

const t = (kg: number | null | undefined) => f2(kg === null || kg === undefined ? null : kg / 1000);
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${f2(v)}%`);

/** A published line's value: the figure, else its range, else 未知 (never 0). */
export function referenceValue(l: Pick<PublishedLine, 'value' | 'low' | 'high'>): string {
  if (l.value !== null) return f2(l.value);
  if (l.low !== null && l.high !== null) return `${f2(l.low)}–${f2(l.high)}`;
  if (l.low !== null) return `≥ ${f2(l.low)}`;
  if (l.high !== null) return `≤ ${f2(l.high)}`;
  return '未知';
}

export const verificationText = (l: Pick<PublishedLine, 'verification' | 'verificationLabel'>) =>
  `${l.verificationLabel}（${l.verification}）`;

function reference(r: ReferenceAnswer): DecisionBlock[] {
  const b = r.building;
  const g = r.gb55015;
  const lines: ReportTable = {
    header: ['名称', '适用建筑类型', '地区', '年份', '参考值', '单位', '核实标记', '本单体', '差异(%)', '来源'],
    numeric: [4, 7, 8],
    rows: r.published.map((l) => [
      `${l.name}\n${l.metricLabel}`,
      l.buildType,
      l.region || '—',
      l.dataYear || '—',
      referenceValue(l),
      l.unit,
      verificationText(l),
      f2(l.buildingValue),
      f2(l.diffPct),
      l.source || '—',
    ]),
  };
  return [
    { kind: 'heading', text: '本单体碳排放强度' },
    {
      kind: 'pairs',
      rows: [
        ['建筑面积（m²）', f2(b.area)],
        ['设计使用年限（a）', f2(b.years)],
        ['建筑运行的运行年数（a）', f2(b.operationYears)],
        ['碳排放总量（tCO2e）', f2(b.total)],
        ['隐含碳排放强度（kgCO2e/m²）', f2(b.embodied)],
        ['运行碳排放强度（含碳汇，kgCO2/(m²·a)）', f2(b.operation)],
        ['全生命周期碳排放强度（kgCO2e/(m²·a)）', f2(b.lifecycle)],
      ],
    },
    // what the intensities divide by (核算: 竣工建筑面积, operating years) and the sink in the operation figure
    ...(b.notes ?? []).map((text) => ({ kind: 'text' as const, text, tone: 'note' as const })),
    { kind: 'heading', text: 'GB 55015-2021 降碳要求核对' },
    { kind: 'text', text: g.text, tone: 'strong' },
    {
      kind: 'pairs',
      rows: [
        ['基准建筑运行碳排放强度（kgCO2/(m²·a)）', f2(g.refOperation)],
        ['本单体运行碳排放强度（含碳汇，kgCO2/(m²·a)）', f2(g.operation)],
        ['降低量（kgCO2/(m²·a)）', f2(g.reduction)],
        ['要求降低量（kgCO2/(m²·a)）', `≥ ${f2(g.required)}`],
        ['结论', g.pass === null ? '—' : g.pass ? '满足' : '未达到'],
      ],
    },
    { kind: 'heading', text: '已发布的参考线' },
    { kind: 'table', table: lines, widths: [66, 38, 26, 34, 60, 48, 36, 34, 30, 70] },
    {
      kind: 'text',
      text: '参考值为“未知”的参考线尚无可核实的数值，不作比较；差异 =（本单体 − 参考值）÷ 参考值 × 100%。',
      tone: 'note',
    },
    { kind: 'heading', text: '同类单体百分位' },
    { kind: 'text', text: r.percentile.text },
    ...(r.percentile.median !== null
      ? [{ kind: 'text' as const, text: `同类单体碳排放强度中位数：${f2(r.percentile.median)} kgCO2e/(m²·a)。` }]
      : []),
  ];
}

const KIND_LABEL = { changed: '修改', added: '新增', removed: '删除' } as const;

function variants(v: CompareAnswer): DecisionBlock[] {
  const base = v.baseline;
  const out: DecisionBlock[] = [{ kind: 'text', text: `基准方案：${base.name}，碳排放总量 ${f2(base.total)} tCO2e。` }];
  if (!v.compared.length) return [...out, { kind: 'text', text: '暂无数据', tone: 'note' }];
  for (const c of v.compared) {
    out.push(
      { kind: 'heading', text: `${c.variant.name} 与 ${base.name}` },
      {
        kind: 'text',
        text: `来源：${c.variant.origin}；碳排放总量 ${f2(c.variant.total)} tCO2e，较基准方案变化 ${f2(c.totalDiff)} tCO2e（${pct(c.totalDiffPct)}）。`,
      },
      {
        kind: 'table',
        table: {
          header: ['阶段', '基准方案(tCO2e)', '本方案(tCO2e)', '差值(tCO2e)', '差值(%)'],
          numeric: [1, 2, 3, 4],
          rows: [
            ...c.stages.map((s) => [s.title, f2(s.baseline), f2(s.value), f2(s.diff), f2(s.diffPct)]),
            ['合计', f2(base.total), f2(c.variant.total), f2(c.totalDiff), f2(c.totalDiffPct)],
          ],
        },
      },
    );
    if (c.waterfall.length)
      out.push({
        kind: 'image',
        chart: { kind: 'waterfall', steps: c.waterfall, title: `${base.name} → ${c.variant.name}（tCO2e）` },
        alt: `${c.variant.name} 瀑布图`,
      });
    out.push(
      { kind: 'text', text: '变化最大的行', tone: 'strong' },
      {
        kind: 'table',
        table: {
          header: ['阶段', '名称', '变化', '说明', '变化前(kgCO2e)', '变化后(kgCO2e)', '差值(kgCO2e)'],
          numeric: [4, 5, 6],
          rows: c.changes.map((x) => [
            x.stageTitle,
            x.label,
            KIND_LABEL[x.kind],
            x.detail || '—',
            f2(x.before),
            f2(x.after),
            f2(x.diff),
          ]),
        },
        widths: [50, 70, 30, 120, 60, 60, 60],
      },
    );
  }
  return out;
}

function hotspots(h: HotspotAnswer): DecisionBlock[] {
  return [
    {
      kind: 'text',
      text: `正排放合计 ${t(h.total)} tCO2e；下表为碳排放量最大的 ${h.rows.length} 行，建材生产行列出同类、同单位、碳排放因子更低的替代材料。`,
    },
    {
      kind: 'table',
      table: {
        header: ['排名', '阶段', '名称', '碳排放(tCO2e)', '占比(%)', '累计(%)'],
        numeric: [0, 3, 4, 5],
        rows: h.rows.map((r, i) => [
          String(i + 1),
          r.stageTitle,
          r.label,
          t(r.emission),
          f2(r.share),
          f2(r.cumulative),
        ]),
        details: h.rows.map((r) =>
          r.substitutes.map(
            (s) =>
              `可替代为 ${s.name}（${factorText(s.factorValue)} ${s.factorUnit}${s.source ? `，${s.source}` : ''}）：碳排放 ${t(s.emission)} tCO2e，可减排 ${t(s.saving)} tCO2e（${f2(s.savingPct)}%）`,
          ),
        ),
      },
      widths: [28, 60, 160, 70, 50, 50],
    },
    ...h.notes.map((n): DecisionBlock => ({ kind: 'text', text: `注：${n}`, tone: 'note' })),
  ];
}

const bandRow = (label: string, b: Band) => [
  label,
  f2(b.nominal),
  f2(b.mean),
  f2(b.sd),
  f2(b.p10),
  f2(b.p50),
  f2(b.p90),
];

function uncertainty(u: UncertaintyAnswer | null, note: string | null): DecisionBlock[] {
  if (!u) return [{ kind: 'text', text: note ?? '暂无数据', tone: 'note' }];
  return [
    { kind: 'text', text: `蒙特卡洛模拟 ${u.draws} 次（随机种子 ${u.seed}），各输入按下列分布独立抽样。` },
    {
      kind: 'table',
      table: {
        header: ['指标', '名义值', '均值', '标准差', 'P10', 'P50', 'P90'],
        numeric: [1, 2, 3, 4, 5, 6],
        rows: [
          bandRow('碳排放总量（tCO2e）', u.total),
          ...(u.intensity ? [bandRow('碳排放强度（kgCO2e/(m²·a)）', u.intensity)] : []),
        ],
      },
      widths: [110, 50, 50, 50, 50, 50, 50],
    },
    { kind: 'heading', text: '输入及其分布' },
    {
      kind: 'table',
      table: { header: ['输入', '分布'], numeric: [], rows: u.inputs.map((i) => [i.label, i.distribution]) },
      widths: [1, 2],
    },
    { kind: 'heading', text: '敏感性分析' },
    ...(u.tornado.length
      ? [
          {
            kind: 'image' as const,
            chart: { kind: 'tornado' as const, bars: u.tornado, nominal: u.total.nominal },
            alt: '龙卷风图',
          },
        ]
      : []),
    {
      kind: 'table',
      table: {
        header: ['输入', '输入取 P10 时总量(tCO2e)', '输入取 P90 时总量(tCO2e)', '摆幅(tCO2e)'],
        numeric: [1, 2, 3],
        rows: u.tornado.map((b) => [b.label, f2(b.low), f2(b.high), f2(b.swing)]),
      },
      widths: [2, 1, 1, 1],
    },
    ...u.notes.map((n): DecisionBlock => ({ kind: 'text', text: `注：${n}`, tone: 'note' })),
  ];
}

/** The sections in report order; 方案对比 only when the building has variants. */
export function decisionSections(r: DecisionReport): DecisionSection[] {
  return [
    { title: DECISION_TITLES.reference, blocks: reference(r.reference) },
    ...(r.variants ? [{ title: DECISION_TITLES.variants, blocks: variants(r.variants) }] : []),
    { title: DECISION_TITLES.hotspots, blocks: hotspots(r.hotspots) },
    { title: DECISION_TITLES.uncertainty, blocks: uncertainty(r.uncertainty, r.uncertaintyNote) },
  ];
}
