// How close an IFC material name is to a library row's (./suggest.ts): character bigrams and containment, typed
// pinyin against the row's pinyin, with a cost for a different head noun (the last character), and the strength
// grades both carry (C30 vs C35).
import { gradeFamily, gradeValue, pinyinKey } from './names';

export interface Key {
  core: string;
  /** the candidate's core without a trailing form word (岩棉板 → 岩棉), for the head-noun check */
  stem: string;
  grams: Set<string>;
  /** pinyin letters and their trigrams, computed when first needed (only latin IFC names use them) */
  py?: { py: string; stem: string; grams: Set<string> };
}

const FORM = /(?:板材|制品|板)$/;
/** Chinese names end with their head noun (炼钢生铁 is iron, not steel): a different last character costs */
const OTHER_HEAD = 0.7;

/** n-grams of s (s itself when shorter) */
export function grams(s: string, n: number): Set<string> {
  const out = new Set<string>(s.length < n && s ? [s] : []);
  for (let i = 0; i + n <= s.length; i++) out.add(s.slice(i, i + n));
  return out;
}

export function key(core: string, isCandidate: boolean): Key {
  return { core, stem: isCandidate ? core.replace(FORM, '') || core : core, grams: grams(core, 2) };
}

export function pinyinOf(k: Key): NonNullable<Key['py']> {
  if (!k.py) {
    const py = pinyinKey(k.core);
    k.py = { py, stem: pinyinKey(k.stem), grams: grams(py, 3) };
  }
  return k.py;
}

function dice(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let n = 0;
  for (const g of a) if (b.has(g)) n++;
  return (2 * n) / (a.size + b.size);
}

/** One string inside the other: 0.4 + 0.6 × the length ratio (equal → 1). */
function containment(a: string, b: string): number {
  if (!a || !b) return 0;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  return l.includes(s) ? 0.4 + (0.6 * s.length) / l.length : 0;
}

export function charSim(a: Key, b: Key): number {
  const base = Math.max(dice(a.grams, b.grams), containment(a.core, b.core));
  if (!base) return 0;
  const last = a.core.at(-1);
  return last === b.core.at(-1) || last === b.stem.at(-1) ? base : base * OTHER_HEAD;
}

/** Typed pinyin ('hunningtu') against the candidate's pinyin; the head check on the last two letters. */
export function pinyinSim(a: Key, b: Key): number {
  const p = pinyinOf(a);
  const q = pinyinOf(b);
  // short pinyin ('tu', 'gang') matches too much by chance
  if (p.py.length < 4 || q.py.length < 4) return 0;
  const base = Math.max(dice(p.grams, q.grams), containment(p.py, q.py));
  const last = p.py.slice(-2);
  return base && (q.py.endsWith(last) || q.stem.endsWith(last)) ? base : base * OTHER_HEAD;
}

/**
 * Same grade → +0.1; another grade of the same family → −0.2 … −0.35 growing with the relative difference
 * (C35 vs C30 −0.25, C30 vs C50 −0.35), so the nearer grade ranks first; no grade on either side → 0.
 * With `reasons`, says so (and how a foreign grade was read).
 */
export function gradeScore(mine: string[], theirs: string[], notes?: string[], reasons?: string[]): number {
  let score = 0;
  for (const g of mine) {
    const other = theirs.find((t) => gradeFamily(t) === gradeFamily(g));
    if (!other) continue;
    reasons?.push(...(notes ?? []).filter((n) => n.endsWith(g) && !reasons.includes(n)));
    if (other === g) {
      score += 0.1;
      reasons?.push(`强度等级一致（${g}）`);
    } else {
      const a = gradeValue(g);
      const b = gradeValue(other);
      score -= 0.2 + 0.15 * Math.min(1, Math.abs(a - b) / Math.max(a, b) / 0.4);
      reasons?.push(`强度等级不同（${g}≠${other}）`);
    }
  }
  return score;
}

// An insulating glass unit's make-up: panes and cavity in mm, '6+12A+6' (also '6Low-E+12A+6', '6+12Ar+6'). A
// triple unit ('5+12A+5+12A+5') is not read as its first three figures.
const MAKEUP = /(\d+(?:\.\d+)?)\s*(?:LOW-?E)?\s*\+\s*(\d+(?:\.\d+)?)\s*AR?\s*\+\s*(\d+(?:\.\d+)?)(?!\d|\.\d|\s*\+)/;

/** The make-up of an insulating glass unit in a name or specification ('6+12A+6'), null when none. */
export function makeupOf(s: string): string | null {
  const m = MAKEUP.exec(s.normalize('NFKC').toUpperCase());
  return m ? `${m[1]}+${m[2]}A+${m[3]}` : null;
}
