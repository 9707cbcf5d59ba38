// The one number format (src/calc/format.ts) used by the client and the reports.
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPrecise, roundTo } from '../../src/calc/format';

describe('formatNumber', () => {
  it('2 decimals with thousands separators', () => {
    expect(formatNumber(65711.52)).toBe('65,711.52');
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(1910000.456)).toBe('1,910,000.46');
    expect(formatNumber(999.999)).toBe('1,000.00');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber('2.5')).toBe('2.50');
    expect(formatNumber(-25000)).toBe('-25,000.00');
    expect(formatNumber(-1234567.891)).toBe('-1,234,567.89');
  });

  it('rounds half away from zero on the decimal text, not on the binary value', () => {
    // the stored total of the demo building A1研发办公楼: toFixed(2) gives 65711.51
    expect((65711.515).toFixed(2)).toBe('65711.51');
    expect(formatNumber(65711.515)).toBe('65,711.52');
    expect(formatNumber(1.005)).toBe('1.01');
    expect(formatNumber(-1.005)).toBe('-1.01');
    expect(formatNumber(2.675)).toBe('2.68');
    expect(roundTo(65711.515)).toBe(65711.52);
    expect(roundTo(0.12345, 4)).toBe(0.1235);
    expect(roundTo(1e-9)).toBe(0);
  });

  it('the quick binary rounding agrees with the decimal text on every figure, halves included', () => {
    // the reference: half away from zero on the shortest decimal text (what roundTo did before its quick path)
    const byText = (n: number, d: number) => {
      const text = String(Math.abs(n));
      return (
        (Math.sign(n) * Math.round(text.includes('e') ? Math.abs(n) * 10 ** d : Number(`${text}e${d}`))) / 10 ** d + 0
      );
    };
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const values: number[] = [];
    for (let i = 0; i < 20000; i++) {
      values.push((next() - 0.3) * 10 ** Math.floor(next() * 16 - 6)); // any figure from 1e-6 to 1e10
      const d = Math.floor(next() * 7);
      values.push((Math.floor(next() * 1e8) + 0.5) / 10 ** d); // exact decimal halves at 0–6 places
    }
    const off = values.flatMap((v) =>
      [0, 2, 4, 6].filter((d) => !Object.is(roundTo(v, d), byText(v, d))).map((d) => `${v}@${d}`),
    );
    expect(off).toEqual([]);
  });

  it('no -0.00; other decimals when a field asks; empty and non-numbers', () => {
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(-0.00004, 4)).toBe('0.0000');
    expect(Object.is(roundTo(-0.001), 0)).toBe(true);
    expect(formatNumber(0.581, 4)).toBe('0.5810');
    expect(formatNumber(12345, 0)).toBe('12,345');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber(null, 2, '—')).toBe('—');
    expect(formatNumber('abc')).toBe('abc');
  });
});

describe('formatPrecise (a column of x-decimals above 2: factors, densities)', () => {
  it('keeps 2 decimals and at most the field’s, without the zeros past the second', () => {
    expect([295, 0.5827, 2.4, 0.0055, 1234567.1, -0.00004].map((v) => formatPrecise(v, 4))).toEqual([
      '295.00',
      '0.5827',
      '2.40',
      '0.0055',
      '1,234,567.10',
      '0.00',
    ]);
    expect(formatPrecise(0.58274, 4)).toBe('0.5827');
    expect(formatPrecise(5, 2)).toBe('5.00');
    expect(formatPrecise(12345, 0)).toBe('12,345');
    expect(formatPrecise(null, 4)).toBe('');
  });
});
