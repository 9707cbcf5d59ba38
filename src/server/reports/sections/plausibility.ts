// 合理性检查, the first of the analyses, on a new page: the flags stored with the result (or 未发现超出参考范围的
// 数值), every check — the building's figure, the range, the verdict, the 参考值库 line, its mark and source —, how
// the material figures were found, what was not checked and why, and the metrics without a published range
// (暂无公开范围). Nothing is recomputed: the review is the one the calculation stored (resultDetail.plausibility).
import {
  checkRangeText,
  checkVerdict,
  metricLabel,
  metricUnit,
  MISSING_NOTE,
  missingText,
  NO_FLAGS,
  NO_RANGE,
  NOT_REVIEWED,
  PLAUSIBILITY_INTRO,
  PLAUSIBILITY_TITLE,
  type PlausibilityReview,
} from '../../../calc/plausibility';
import { VERIFICATION_LABELS } from '../../../../schemas/factors/verification';
import type { ReportBlock, ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { f2, type ReportTable } from '../stageTable';

const mark = (code: string) => {
  const label = (VERIFICATION_LABELS as Record<string, string>)[code];
  return label ? `${label}（${code}）` : code || '—';
};

/** The rows of the checks table (also the workbook sheet's). */
export function checksTable(review: PlausibilityReview): ReportTable {
  return {
    header: ['指标', '本单体', '单位', '参考范围', '结论', '参考值库', '核实标记', '来源'],
    numeric: [1],
    rows: review.checks.map((c) => [
      metricLabel(c.metric),
      f2(c.value),
      metricUnit(c.metric),
      checkRangeText(c),
      checkVerdict(c),
      c.lineName,
      mark(c.verification),
      c.source || '—',
    ]),
  };
}

/** What is said under the table: workings, figures not checked, metrics without a range, lines left out. */
export function plausibilityNotes(review: PlausibilityReview): string[] {
  return [
    ...review.figures.filter((f) => f.working).map((f) => f.working!),
    ...review.figures.filter((f) => f.unchecked).map((f) => `${f.label}：${f.unchecked}`),
    ...(review.missing.length ? [`${NO_RANGE}：${missingText(review.missing)}（${MISSING_NOTE}）`] : []),
    ...review.notes,
  ];
}

export function plausibilitySection({ detail }: Pick<ReportContext, 'detail'>): ReportSection {
  // (stored beside the result's figures by the plausibility review, not part of ResultDetail's type)
  const review = (detail as { plausibility?: PlausibilityReview | null }).plausibility;
  const blocks: ReportBlock[] = [{ kind: 'text', text: PLAUSIBILITY_INTRO, tone: 'note' }];
  const section = { title: PLAUSIBILITY_TITLE, pageBreak: 'before' as const, blocks };
  if (!review) return { ...section, blocks: [...blocks, { kind: 'text', text: `暂无数据。${NOT_REVIEWED}` }] };
  blocks.push({
    kind: 'text',
    text: review.flags.length ? `超出参考范围的数值（${review.flags.length} 条提示）：` : NO_FLAGS,
    tone: 'strong',
  });
  for (const f of review.flags) blocks.push({ kind: 'text', text: f.text });
  blocks.push({ kind: 'heading', text: '检查明细' });
  if (review.checks.length)
    blocks.push({ kind: 'table', table: checksTable(review), widths: [3, 2, 2, 3, 2, 4, 2, 5] });
  else blocks.push({ kind: 'text', text: '暂无数据' });
  for (const n of plausibilityNotes(review)) blocks.push({ kind: 'text', text: `注：${n}`, tone: 'note' });
  return section;
}

/** The lines of 计算结果汇总 (building workbook): each flag, or 未发现超出参考范围的数值, then the metrics without a range. */
export function plausibilitySummary(detail: { plausibility?: PlausibilityReview | null } | null | undefined): string[] {
  const review = detail?.plausibility;
  if (!review) return [];
  return [
    ...(review.flags.length ? review.flags.map((f) => f.text) : [NO_FLAGS]),
    ...(review.missing.length ? [`${NO_RANGE}：${missingText(review.missing)}`] : []),
  ];
}
