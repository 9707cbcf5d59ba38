// The rows that cause most of a result, pure: the n largest positive emissions with their share of
// the building's positive total and the cumulative share (a Pareto).
import { roundTo } from '../format';

export interface EmittingRow {
  /** kg */
  emission: number;
}

/**
 * `total`: the positive total when `rows` are only the candidates (the largest rows of each stage), else their own sum.
 */
export function topRows<T extends EmittingRow>(
  rows: T[],
  n = 10,
  total?: number,
): { total: number; rows: (T & { share: number; cumulative: number })[] } {
  const positive = rows.filter((r) => r.emission > 0);
  total ??= positive.reduce((a, r) => a + r.emission, 0);
  let running = 0;
  const top = [...positive]
    .sort((a, b) => b.emission - a.emission)
    .slice(0, n)
    .map((r) => {
      running += r.emission;
      return {
        ...r,
        share: total! > 0 ? roundTo((r.emission / total!) * 100, 2) : 0,
        cumulative: total! > 0 ? roundTo((running / total!) * 100, 2) : 0,
      };
    });
  return { total, rows: top };
}
