// 合理性检查's reading of a 参考值库 line: whether it applies to a building's type, whether its unit is the figure's,
// and the range it gives. Kept apart from the review (./plausibility.ts): how a line is read does not depend on the
// building held against it.
import { roundTo } from './format';
import { VALUE_BAND } from './plausibilityText';

/** A 参考值库 line as stored. */
export interface RangeLine {
  id?: number;
  metric: string;
  name: string;
  buildType: string;
  value: number | null;
  low: number | null;
  high: number | null;
  unit: string;
  verification: string;
  source: string;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

/** A line applies to '全部' or to any level of the building's type path ('公共建筑/办公建筑/商务办公'). */
export function appliesTo(lineType: string, buildType: string): boolean {
  const t = str(lineType);
  return (
    t === '全部' ||
    buildType
      .split('/')
      .map((s) => s.trim())
      .includes(t)
  );
}

/** Units compared loosely: m2 = m², CO2e = CO2, spaces ignored. */
export const sameUnit = (a: string, b: string) => {
  const n = (u: string) =>
    u
      .replace(/\s+/g, '')
      .replace(/m2/g, 'm²')
      .replace(/m3/g, 'm³')
      .replace(/CO2e/gi, 'CO2')
      .replace(/[（]/g, '(')
      .replace(/[）]/g, ')');
  return n(a) === n(b);
};

/** The range a line gives: its low and/or high; else value ÷ 3 … value × 3; null for a line without figures. */
export function rangeOf(
  line: Pick<RangeLine, 'value' | 'low' | 'high'>,
): { low: number | null; high: number | null; basis: 'range' | 'value' } | null {
  if (line.low !== null || line.high !== null) return { low: line.low, high: line.high, basis: 'range' };
  if (line.value !== null && line.value > 0)
    return { low: roundTo(line.value / VALUE_BAND, 2), high: roundTo(line.value * VALUE_BAND, 2), basis: 'value' };
  return null;
}
