// 数据质量: the stored tCO2e of the positive emissions by class (实测, EPD, 标准默认值, 数据库, 估算 — labels from the
// dictionary dataQuality), their stored shares and the grade A–D with its rule (src/calc/quality.ts). Nothing is
// recomputed here: the figures are the result's. Absent for a result calculated before data quality was recorded.
import { QUALITY_VALUES } from '../../../../schemas/factors/kinds';
import { QUALITY_GRADE_RULE } from '../../../calc/quality';
import { formatNumber, roundTo } from '../../../calc/format';
import type { ReportContext } from '../context';
import type { ReportSection } from '../blocks';
import { f2 } from '../stageTable';

export const QUALITY_BASIS =
  '占比为各类数据对应的正排放占正排放合计的比例（不含碳汇与可再生能源抵减），与碳排放总量不是同一数值。';

export function qualitySection({ detail, qualityLabels }: ReportContext): ReportSection | null {
  const q = detail.quality;
  if (!q) return null;
  const shares = detail.qualityShares ?? {};
  const sum = roundTo(
    QUALITY_VALUES.reduce((a, k) => a + (Number(q[k]) || 0), 0),
    4,
  );
  return {
    title: '数据质量',
    blocks: [
      {
        kind: 'table',
        table: {
          header: ['数据质量类别', '碳排放量(tCO2e)', '占比(%)'],
          numeric: [1, 2],
          rows: [
            ...QUALITY_VALUES.map((k) => [qualityLabels[k] ?? k, f2(q[k] ?? 0), f2(shares[k] ?? 0)]),
            ['正排放合计（不含碳汇）', f2(sum), sum > 0 ? formatNumber(100) : f2(0)],
          ],
        },
        widths: [269, 120, 90],
      },
      { kind: 'text', text: `数据质量等级：${detail.grade ?? '—'}`, tone: 'strong' },
      { kind: 'text', text: QUALITY_GRADE_RULE, tone: 'note' },
      { kind: 'text', text: QUALITY_BASIS, tone: 'note' },
    ],
  };
}
