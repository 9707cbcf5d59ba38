// A budget workbook's sheets as plain grids: every cell a trimmed string, a number or null, a merged
// range's value copied into each of its cells — so a title merged across the table, a header cell merged down two
// rows or 数量 merged over 定额消耗量 | 总消耗量 read as what a person sees. Rows and columns are 0-based here; the
// row numbers shown to users are 1-based (row + 1), as Excel numbers them.

export type Cell = string | number | null;

export interface Merge {
  /** first and last row, first and last column (inclusive, 0-based) */
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

export interface Grid {
  sheet: string;
  rows: Cell[][];
}

/** A cell as read: text trimmed (full-width spaces too), empty text as null; numbers as they are. */
export function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const text = String(v)
    .replace(/[\s\u3000]+/g, ' ')
    .trim();
  return text === '' ? null : text;
}

/** Copy each merged range's top-left value into the rest of the range (in place; ranges past the grid are cut). */
export function spreadMerges(rows: Cell[][], merges: readonly Merge[]): void {
  for (const m of merges) {
    const value = rows[m.r0]?.[m.c0] ?? null;
    if (value === null) continue;
    for (let r = m.r0; r <= m.r1 && r < rows.length; r++) {
      for (let c = m.c0; c <= m.c1; c++) rows[r][c] = value;
    }
  }
}

/** A cell's text for matching titles and names ('' for empty). */
export const textOf = (c: Cell | undefined): string => (c === null || c === undefined ? '' : String(c));

/** Excel's letter of a 0-based column (0 → A, 25 → Z, 26 → AA), as the pre-flight names a column. */
export function columnLetter(c: number): string {
  let out = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}
