// How a seed table's cells are read: text, numbers, lengths that fit a column, and the verification marks (V, V2,
// M, D, U) with the weakest one winning. Shared by every seed table (factors, lookups, benchmarks), so kept apart
// from the factor rows.

export type Verification = 'V' | 'V2' | 'M' | 'D' | 'U';

export const str = (v: string | undefined): string => (v ?? '').trim();

/** '295' → 295, '' → null; anything else that is not a number is a data error. */
export function num(v: string | undefined): number | null {
  const s = str(v);
  if (s === '') return null;
  const n = Number(s);
  if (!Number.isFinite(n)) throw new Error(`seed data: not a number: ${JSON.stringify(s)}`);
  return n;
}

/** Cut to max characters (code points, so a surrogate pair is never split), marking the cut with '…'. */
export function clip(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length <= max ? s : chars.slice(0, max - 1).join('') + '…';
}

// Trust order, weakest first: unknown, recalled, derived, verified, verified by two sources.
const STRENGTH: Record<Verification, number> = { U: 0, M: 1, D: 2, V: 3, V2: 4 };

/**
 * The mark for a stored value from a CSV verification text. `needs` names the inputs the stored value depends
 * on (e.g. ['tCO2/TJ', 'NCV'] for kgCO2 per kg). A token's scope in parentheses says what it covers; a token
 * scoped 'others' covers whatever no other token names; a single token covers everything. Weakest wins;
 * an empty or unreadable text is 'U'.
 */
export function markFor(text: string, needs: string[] = []): Verification {
  const tokens: Array<{ mark: Verification; scope: string }> = [];
  for (const m of text.matchAll(/(?:^|[\s;,])(V2|V|M|D|U)(?:\(([^)]*)\))?(?=$|[\s;,])/g)) {
    tokens.push({ mark: m[1] as Verification, scope: (m[2] ?? '').trim() });
  }
  if (tokens.length === 0) return 'U';
  if (tokens.length === 1 || needs.length === 0) return weakest(tokens.map((t) => t.mark));
  const marks: Verification[] = [];
  for (const need of needs) {
    let covering = tokens.filter((t) => t.scope.includes(need));
    if (!covering.length) covering = tokens.filter((t) => /^others?\b/i.test(t.scope));
    if (!covering.length) covering = tokens;
    marks.push(...covering.map((t) => t.mark));
  }
  return weakest(marks);
}

/** The weakest of the marks (the trust order above). */
export function weakest(marks: Verification[]): Verification {
  return marks.reduce((a, b) => (STRENGTH[b] < STRENGTH[a] ? b : a));
}

/** The verification text when it says more than the bare mark, for remarks. */
export function markNote(text: string): string {
  const t = text.trim();
  return /^(V2|V|M|D|U)$/.test(t) ? '' : `核实说明：${t}`;
}
