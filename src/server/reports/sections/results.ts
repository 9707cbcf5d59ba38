// 计算结果, on a new page: each stage's stored total (marked when outside the standard's boundary), the stored total
// and intensity, when it was calculated, the data-quality grade, and the stages' share donut and bars.
import { STALE_HINT, STALE_TEXT } from '../../buildings/stale';
import { roundTo } from '../../../calc/format';
import type { ReportSection } from '../blocks';
import { chinaMinute } from '../../../calc/chinaTime';
import type { ReportContext } from '../context';
import { f2 } from '../stageTable';

export const STALE_REPORT = `${STALE_TEXT}：${STALE_HINT}`;

export function resultsSection({ building: b, detail, stages, total, streng3 }: ReportContext): ReportSection {
  const withTotal = stages.filter((s) => s.total !== null);
  const rows: [string, string][] = [
    ...withTotal.map((s): [string, string] => [
      `${s.name}（tCO2e${s.outsideBoundary ? `，${s.outsideBoundary}` : ''}）`,
      f2(s.total),
    ]),
    ['碳排放总量（tCO2e）', f2(total)],
    ['单位面积年均碳排放强度（kgCO2e/(m²·a)）', f2(streng3)],
    ['计算时间', chinaMinute(detail.calculatedAt) || '未计算'],
    ...(b.resultStale ? [['结果状态', STALE_REPORT] as [string, string]] : []),
    ...(detail.quality && detail.grade ? [['数据质量等级', detail.grade] as [string, string]] : []),
  ];
  // the stages' figures for the charts: positive ones in the donut, every one (a sink below zero) in the bars
  const points = withTotal.map((s) => ({ code: s.code, name: s.name, value: roundTo(s.total ?? 0) }));
  return {
    title: '计算结果',
    pageBreak: 'before',
    blocks: [
      { kind: 'pairs', rows },
      { kind: 'picture', picture: { kind: 'donut', points }, alt: '各阶段碳排放占比' },
      { kind: 'picture', picture: { kind: 'bars', points }, alt: '各阶段碳排放量' },
    ],
  };
}
