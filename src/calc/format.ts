// Numbers as people read them — one way on every screen and in every report, with 2 decimals: rounded half away
// from zero on the number's decimal text (65711.515 → 65,711.52, not the binary
// 65711.51499… that toFixed rounds down), ',' between thousands, never '-0.00'. The client (lists, dialogs, the
// stage pages, result and compare) and the server (PDF, Word, report charts) import this file; nothing else
// formats a number for display. A schema's `x-decimals` (factors and densities 4: 0.0055 t/m²) and integers (0) only
// change how many decimals this shows.

/** Decimals shown unless a field says otherwise. */
export const DECIMALS = 2;

/** The number in a value: numbers and numeric texts; undefined for empty or non-numeric values. */
function numberOf(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Rounded half away from zero at `decimals`, on the shortest decimal text of the number, so 1.005 → 1.01 and
 * 65711.515 → 65711.52 (scaling by ×100 in binary would give 1.00 and 65711.51). The one rounding used for
 * shown figures and for chart values.
 */
export function roundTo(n: number, decimals = DECIMALS): number {
  if (!Number.isFinite(n)) return n;
  const abs = Math.abs(n);
  // most figures are nowhere near a half: the binary product rounds as the decimal text would (it is off by an ulp
  // at most), and the text's parse — the slow part when a conversion formats thousands of figures — is skipped
  const p = 10 ** decimals;
  const quick = abs * p;
  if (Math.abs(quick - Math.floor(quick) - 0.5) > quick * 1e-12 + 1e-9)
    return (Math.sign(n) * Math.round(quick)) / p + 0;
  const text = String(abs);
  const scaled = text.includes('e') ? abs * 10 ** decimals : Number(`${text}e${decimals}`);
  return (Math.sign(n) * Math.round(scaled)) / 10 ** decimals + 0; // + 0: no -0
}

/**
 * '65,711.52': the value rounded by roundTo with exactly `decimals` digits and ',' between thousands.
 * Empty values give `empty` (''); a text that is not a number is shown as it is.
 */
export function formatNumber(value: unknown, decimals = DECIMALS, empty = ''): string {
  const n = numberOf(value);
  if (n === undefined) return value === null || value === undefined || value === '' ? empty : String(value);
  const fixed = roundTo(n, decimals).toFixed(decimals);
  // (a conversion's steps format thousands of figures: the regular expressions only where they can change something)
  const dot = fixed.indexOf('.');
  const int = dot < 0 ? fixed : fixed.slice(0, dot);
  const grouped = int.length > 3 ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : int;
  const text = dot < 0 ? grouped : grouped + fixed.slice(dot);
  return text.charCodeAt(0) === 45 && /^-[0,.]+$/.test(text) ? text.slice(1) : text;
}

/**
 * A value of a field that keeps more than 2 decimals (x-decimals: factors, densities): at least 2, at most
 * `decimals`, the zeros past the second dropped — '295.00' and '0.5827', not '295.0000'.
 */
export function formatPrecise(value: unknown, decimals: number, empty = ''): string {
  const text = formatNumber(value, decimals, empty);
  return decimals > DECIMALS && /^-?[\d,]+\.\d+$/.test(text)
    ? text.replace(new RegExp(`(\\.\\d{${DECIMALS}}\\d*?)0+$`), '$1')
    : text;
}

/**
 * A working number as short as it can be read exactly: 4 decimals (6 below 0.01), trailing zeros dropped — '330,000',
 * '0.0036'.
 */
export function shortNumber(v: number): string {
  return formatNumber(v, v !== 0 && Math.abs(v) < 0.01 ? 6 : 4).replace(/\.?0+$/, '');
}
