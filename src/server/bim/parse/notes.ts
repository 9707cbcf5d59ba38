// The pre-flight's model notes: each kind of choice or conversion said once, with the number of
// elements it applies to; and the numbers in a problem's details, always to 2 decimals.
import type { BimNote } from '../model';

export class Notes {
  private readonly counts = new Map<string, number>();

  /** One more element the note applies to (`elements` more for a model-wide one). */
  add(text: string | null | undefined, elements = 1): void {
    if (text && elements > 0) this.counts.set(text, (this.counts.get(text) ?? 0) + elements);
  }

  list(): BimNote[] {
    return [...this.counts].map(([text, elements]) => ({ text, elements }));
  }
}

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12 → '12.00', 168172000000 → '168,172,000,000.00' */
export const fmt = (n: number) => TWO_DECIMALS.format(n);

/** How far a is from b in whole % of b (rounded, so a figure shown and a limit tested agree). */
export const percentApart = (a: number, b: number) => Math.round((Math.abs(a - b) / b) * 100);

/** How far a is from b: in % of b ('相差 50%'), as a ratio once it is tenfold ('相差约 1,000 倍'). */
export function apart(a: number, b: number): string {
  const ratio = Math.max(a / b, b / a);
  return ratio >= 10 ? `相差约 ${Math.round(ratio).toLocaleString('en-US')} 倍` : `相差 ${percentApart(a, b)}%`;
}
