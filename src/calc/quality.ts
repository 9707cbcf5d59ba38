// Data quality of a result: each row's class — 实测, EPD, 标准默认值, 数据库, 估算 — from the
// factor it uses (copied on save) or set by the user; a row without one is 估算, except an electricity row on
// the building's grid factor, which takes that factor's class. The shares are of the positive emissions (the
// sink and renewable offsets are not data about what was emitted); the grade follows QUALITY_GRADE_RULE.
import { QUALITY_VALUES, type DataQuality } from '../../schemas/factors/kinds';
import { roundTo } from './format';

export type { DataQuality };
export type QualityTotals = Record<DataQuality, number>;

export const QUALITY_GRADE_RULE =
  '数据质量等级按各类数据占正排放（不含碳汇与可再生能源抵减）的比例评定：A — 估算 ≤ 5% 且实测与 EPD 合计 ≥ 50%；B — 估算 ≤ 10%；C — 估算 ≤ 30%；D — 估算 > 30%。';

export const emptyQuality = (): QualityTotals => Object.fromEntries(QUALITY_VALUES.map((q) => [q, 0])) as QualityTotals;

export function rowQuality(
  row: Record<string, unknown>,
  usedGrid: boolean,
  gridQuality: DataQuality | undefined,
): DataQuality {
  const own = row.quality as DataQuality | undefined;
  if (own && QUALITY_VALUES.includes(own)) return own;
  return usedGrid ? (gridQuality ?? 'database') : 'estimate';
}

/** Percent of the positive total by class, 2 decimals (all 0 without emissions). */
export function qualityShares(q: QualityTotals): QualityTotals {
  const total = QUALITY_VALUES.reduce((a, k) => a + q[k], 0);
  return Object.fromEntries(
    QUALITY_VALUES.map((k) => [k, total > 0 ? roundTo((q[k] / total) * 100, 2) : 0]),
  ) as QualityTotals;
}

/** The grade of QUALITY_GRADE_RULE; null without positive emissions. */
export function qualityGrade(q: QualityTotals): 'A' | 'B' | 'C' | 'D' | null {
  const total = QUALITY_VALUES.reduce((a, k) => a + q[k], 0);
  if (!(total > 0)) return null;
  const estimate = q.estimate / total;
  const specific = (q.metered + q.epd) / total;
  if (estimate <= 0.05 && specific >= 0.5) return 'A';
  if (estimate <= 0.1) return 'B';
  if (estimate <= 0.3) return 'C';
  return 'D';
}
