// 参考线: the building's intensities, the GB 55015-2021 reduction check, the published lines (a value, a range or
// 未知 — never 0) and where the building stands among its peers (decide/report.ts).
import type { PublishedLine } from '../../../calc/decide/types';
import type { ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { f2, type ReportTable } from '../stageTable';

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

export function referenceSection({ decision }: Pick<ReportContext, 'decision'>): ReportSection {
  const r = decision.reference;
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
  return {
    title: '参考线',
    blocks: [
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
    ],
  };
}
