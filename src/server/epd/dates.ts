// Dates as EPD files write them — '2020-05-08', '2019-02-11T00:00:00Z', epoch milliseconds in soda4LCA's JSON,
// a bare year for dataSetValidUntil — as ISO dates (YYYY-MM-DD).

const valid = (iso: string): string | null => (Number.isNaN(Date.parse(iso)) ? null : iso);

/** An ISO date; a bare year is its first day unless `yearEnd` asks for its last (a validity ends with its year). */
export function isoDate(x: unknown, yearEnd = false): string | null {
  if (typeof x === 'number' && Number.isFinite(x)) {
    if (Number.isInteger(x) && x >= 1900 && x <= 2200) return `${x}-${yearEnd ? '12-31' : '01-01'}`;
    const d = new Date(x);
    return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
  }
  if (typeof x !== 'string') return null;
  const t = x.trim();
  if (/^\d{4}$/.test(t)) return isoDate(Number(t), yearEnd);
  if (/^\d{11,14}$/.test(t)) return isoDate(Number(t));
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return valid(`${m[1]}-${m[2]}-${m[3]}`);
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

/** A reference year: an integer year, as a number or text. */
export function yearOf(x: unknown): number | null {
  const n = typeof x === 'number' ? x : typeof x === 'string' && /^\s*\d{4}\s*$/.test(x) ? Number(x) : NaN;
  return Number.isInteger(n) && n >= 1900 && n <= 2200 ? n : null;
}
