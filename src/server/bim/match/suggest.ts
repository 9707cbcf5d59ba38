// Suggests factor-library materials for an IFC material name, best first, with a confidence and its reasons in
// Chinese (issue 12 §4, issue 22 §5). Family before grade: a name of a known family (./taxonomy) is matched only
// against the library rows of that family (or of its kinds when the name is generic, 保温 → 岩棉板), then by name
// and grade within it; where the library has no row of the family, a family marked standIn takes its parent's,
// capped below the confidence that preselects (CONFIRM_AT), and otherwise nothing is suggested and the answer says
// why. A name of no known family (pinyin, a product name) is matched by name across the library as before.
// Pure: the caller passes the candidates (current library rows the tenant sees) and `fits`, which says whether a
// candidate's unit can take the material's quantities (quantities.ts decides). Candidate keys and families are
// computed once per candidates array (prepare, cached by array identity) so 200 names × 2 000 candidates stay well
// under the 300 ms budget.
import { CONFIRM_AT } from '../../../../schemas/bimMatch';
import { coreName, GRADE_NOUN, gradeFamily, gradeValue, pinyinKey, readGrades, type SynonymUse } from './names';
import { candidateFamily, classify, type Family, isKindOf } from './taxonomy';

export interface Candidate {
  id: number;
  name: string;
  unit: string;
  group?: string | null;
  spec?: string | null;
  density?: number | null;
}

export interface Suggestion {
  factorId: number;
  confidence: number;
  reasons: string[];
}

/** true: the unit takes the quantities; false or a Chinese reason (e.g. '需体积，因子单位 t'): it cannot. */
export type Fits = (c: Candidate) => boolean | string;

interface Key {
  core: string;
  /** the candidate's core without a trailing form word (岩棉板 → 岩棉), for the head-noun check */
  stem: string;
  grams: Set<string>;
  /** pinyin letters and their trigrams, computed when first needed (only latin IFC names use them) */
  py?: { py: string; stem: string; grams: Set<string> };
}

interface Item {
  c: Candidate;
  index: number;
  family: Family | null;
  main: Key;
  /** parenthesised parts of the name (消石灰（熟石灰、氢氧化钙）, …（PPR）) and the spec */
  alts: Key[];
  grades: string[];
  average: boolean;
}

/** Only candidates that can score are looked at: they share a character bigram with the name (or contain it). */
export interface Prepared {
  readonly items: Item[];
  /** item positions by the bigrams of their names (a one-character name by that character) */
  readonly byGram: Map<string, number[]>;
  /** by character, built for the first one-character name ('钢' is inside 普通碳钢) */
  byChar?: Map<string, number[]>;
  /** by pinyin trigram, built for the first name typed in pinyin */
  byTrigram?: Map<string, number[]>;
  /** the rows a family's names may take, computed when first needed */
  readonly scopes: Map<Family, Scope>;
}

/** How a candidate's family stands to the name's: the same, one of its kinds, or a stand-in (parent's). */
type Relation = 'same' | 'kind' | 'standIn';

interface Scope {
  /** item positions and their relation, in library order */
  items: [number, Relation][];
  /** the family that stands in, when the items are stand-ins */
  standIn: Family | null;
}

const FORM = /(?:板材|制品|板)$/;
const MIN = 0.2;
/** the floor of a candidate of the name's family whatever its name: the family is known, the product not */
const BASE: Record<Relation, number> = { same: 0.5, kind: 0.45, standIn: 0.35 };
/** a stand-in is an approximation: never preselected */
const STAND_IN_CAP = Math.min(0.6, CONFIRM_AT - 0.1);
const round = (x: number) => Math.round(x * 100) / 100;
/** top candidates closer than this are a tie: the user chooses (capped below CONFIRM_AT) */
const TIE = 0.05;
const TIED_CAP = round(CONFIRM_AT - 0.05);
/** weight of a match on a parenthesised part or the spec rather than the name */
const ALT = 0.85;
/** weight of the pinyin similarity: typed pinyin is a weaker sign than the characters */
const PINYIN = 0.9;
/** Chinese names end with their head noun (炼钢生铁 is iron, not steel): a different last character costs */
const OTHER_HEAD = 0.7;

/** n-grams of s (s itself when shorter) */
function grams(s: string, n: number): Set<string> {
  const out = new Set<string>(s.length < n && s ? [s] : []);
  for (let i = 0; i + n <= s.length; i++) out.add(s.slice(i, i + n));
  return out;
}

function key(core: string, isCandidate: boolean): Key {
  return { core, stem: isCandidate ? core.replace(FORM, '') || core : core, grams: grams(core, 2) };
}

function pinyinOf(k: Key): NonNullable<Key['py']> {
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

function charSim(a: Key, b: Key): number {
  const base = Math.max(dice(a.grams, b.grams), containment(a.core, b.core));
  if (!base) return 0;
  const last = a.core.at(-1);
  return last === b.core.at(-1) || last === b.stem.at(-1) ? base : base * OTHER_HEAD;
}

/** Typed pinyin ('hunningtu') against the candidate's pinyin; the head check on the last two letters. */
function pinyinSim(a: Key, b: Key): number {
  const p = pinyinOf(a);
  const q = pinyinOf(b);
  // short pinyin ('tu', 'gang') matches too much by chance
  if (p.py.length < 4 || q.py.length < 4) return 0;
  const base = Math.max(dice(p.grams, q.grams), containment(p.py, q.py));
  const last = p.py.slice(-2);
  return base && (q.py.endsWith(last) || q.stem.endsWith(last)) ? base : base * OTHER_HEAD;
}

function parts(name: string, spec?: string | null): string[] {
  const out = [...name.normalize('NFKC').matchAll(/\(([^)]*)\)/g)].flatMap((m) => m[1].split(/[、,，;；:：]/));
  if (spec) out.push(spec);
  return out.map((p) => coreName(p).core).filter((p) => p.length > 1);
}

/** Candidate keys, computed once. suggest() also accepts the plain array and prepares it itself (cached). */
export function prepare(candidates: Candidate[]): Prepared {
  const items = candidates.map((c, index) => {
    const name = c.name.normalize('NFKC');
    const grades = readGrades(c.name).grades;
    // a row named only by its grade ('C30') is of the grade's material, as for the IFC names
    const core = coreName(name.replace(/\([^)]*\)/g, ' ')).core || (grades.length ? GRADE_NOUN[gradeFamily(grades[0])] : '');
    return { c, index, family: candidateFamily(c), main: key(core, true), alts: parts(name, c.spec).map((p) => key(p, true)), grades, average: name.includes('市场平均') };
  });
  return { items, byGram: invert(items, (k) => k.grams), scopes: new Map() };
}

/**
 * The rows a name of family `f` may take: those of `f` and of its kinds; if there are none and `f` may be stood in
 * for, those of its parent and the parent's kinds (up the chain while the parent may be stood in for too).
 */
function scopeOf(p: Prepared, f: Family): Scope {
  let scope = p.scopes.get(f);
  if (scope) return scope;
  const within = (top: Family, rel: (fam: Family) => Relation) =>
    p.items.flatMap((it, i): [number, Relation][] => (it.family && isKindOf(it.family, top) ? [[i, rel(it.family)]] : []));
  scope = { items: within(f, (fam) => (fam === f ? 'same' : 'kind')), standIn: null };
  for (let x = f; !scope.items.length && x.standIn && x.parent; x = x.parent) {
    scope = { items: within(x.parent, () => 'standIn'), standIn: x.parent };
  }
  p.scopes.set(f, scope);
  return scope;
}

function invert(items: Item[], grams: (k: Key) => Iterable<string>): Map<string, number[]> {
  const map = new Map<string, number[]>();
  items.forEach((it, i) => {
    for (const k of [it.main, ...it.alts]) {
      for (const g of grams(k)) {
        const list = map.get(g) ?? map.set(g, []).get(g)!;
        if (list.at(-1) !== i) list.push(i);
      }
    }
  });
  return map;
}

/** Positions of the items that can score: see Prepared. */
function shortlist(p: Prepared, q: Key, typed: boolean): Int32Array {
  const count = new Uint8Array(p.items.length);
  const add = (list: number[] | undefined, by = 1) => list?.forEach((i) => (count[i] = Math.min(255, count[i] + by)));
  if (q.core.length === 1) add((p.byChar ??= invert(p.items, (k) => k.core)).get(q.core));
  else for (const g of [...q.grams, ...q.core]) add(p.byGram.get(g), 2);
  if (typed) {
    // one shared pinyin trigram ('ing', 'ang') is chance: a candidate needs two to reach 0.2 anyway
    const grams = pinyinOf(q).grams;
    const need = grams.size >= 4 ? 2 : 1;
    const tri = (p.byTrigram ??= invert(p.items, (k) => pinyinOf(k).grams));
    const pyCount = new Uint8Array(p.items.length);
    for (const g of grams) tri.get(g)?.forEach((i) => (pyCount[i] = Math.min(255, pyCount[i] + 1)));
    pyCount.forEach((n, i) => n >= need && (count[i] = 1));
  }
  const out: number[] = [];
  count.forEach((n, i) => n && out.push(i));
  return Int32Array.from(out);
}

const cache = new WeakMap<Candidate[], Prepared>();
const prepared = (c: Candidate[] | Prepared): Prepared => (Array.isArray(c) ? (cache.get(c) ?? cache.set(c, prepare(c)).get(c)!) : c);

export interface Match {
  /** the name's family, null when the taxonomy does not know it */
  family: Family | null;
  suggestions: Suggestion[];
  /** why there is no suggestion although the family is known (空气层; 因子库暂无…), else null */
  note: string | null;
}

/**
 * Up to `limit` candidates, best first; confidence in 0..1, rounded to 2 decimals; a name of no known family leaves
 * out what is below 0.2. `candidates` is the array (prepared once per array — do not change it afterwards) or
 * prepare()'s result.
 */
export function match(ifcName: string, fits: Fits, candidates: Candidate[] | Prepared, limit = 3): Match {
  const family = classify(ifcName);
  if (family?.none) return { family, suggestions: [], note: family.none };
  const { grades, notes } = readGrades(ifcName);
  let { core, used } = coreName(ifcName);
  let inferred = false;
  // a name that is only a grade ('C30') names its material
  if (!core && grades.length) {
    core = GRADE_NOUN[gradeFamily(grades[0])];
    inferred = true;
  }
  const p = prepared(candidates);
  const scope = family ? scopeOf(p, family) : null;
  if (family && !scope!.items.length) return { family, suggestions: [], note: `因子库暂无「${family.label}」类材料的因子${family.note ? `（${family.note}）` : ''}` };
  if (!core && !scope) return { family, suggestions: [], note: null };
  const q = key(core, false);
  // pinyin only for names typed in latin letters that the taxonomy does not know: between Chinese names it would
  // only blur the characters
  const typed = !family && /[a-z]{2}/.test(core);
  // numbers first for every candidate looked at; the reasons only for those returned
  const scored: Scored[] = [];
  const look = scope ? scope.items : [...shortlist(p, q, typed)].map((i): [number, Relation | null] => [i, null]);
  for (const [i, relation] of look) {
    const it = p.items[i];
    let chars = charSim(q, it.main);
    for (const k of it.alts) chars = Math.max(chars, ALT * charSim(q, k));
    let py = 0;
    if (typed) {
      py = pinyinSim(q, it.main);
      for (const k of it.alts) py = Math.max(py, ALT * pinyinSim(q, k));
      py *= PINYIN;
    }
    const name = Math.max(chars, py);
    if (!relation && name + 0.15 < MIN) continue;
    const average = it.average && (relation !== null || name >= 0.4);
    let score = Math.min(1, Math.max(0, Math.max(name, relation ? BASE[relation] : 0) + gradeScore(grades, it.grades) + (average ? 0.05 : 0)));
    if (relation === 'standIn') score = Math.min(score, STAND_IN_CAP);
    if (!relation && score < MIN) continue;
    const fit = fits(it.c);
    // a misfit is still shown so the user sees why, never above 0.3
    const final = fit === true ? score : Math.min(0.3, score * 0.3);
    // a candidate of the family is shown however weak: the family is right, the user picks
    if (relation || final >= MIN) scored.push({ it, confidence: round(final), chars, py, average, fit, relation });
  }
  const order: Record<Relation, number> = { same: 0, kind: 1, standIn: 2 };
  scored.sort((a, b) => b.confidence - a.confidence || (a.relation ? order[a.relation] : 0) - (b.relation ? order[b.relation] : 0) || a.it.index - b.it.index);
  // two factors as close as each other ('Concrete' → C30 and C50; 'Concrete block' → dense and lightweight): the
  // name does not decide, so none is preselected — all scaled below CONFIRM_AT, their order kept
  const top = scored[0]?.confidence ?? 0;
  if (top >= CONFIRM_AT && scored.length > 1 && top - scored[1].confidence < TIE) {
    for (const x of scored) {
      x.tied = top - x.confidence < TIE;
      x.confidence = round((x.confidence * TIED_CAP) / top);
    }
  }
  const context = { family, standIn: scope?.standIn ?? null, inferred: inferred ? core : null, used, grades, notes };
  return { family, suggestions: scored.slice(0, limit).map((x) => ({ factorId: x.it.c.id, confidence: x.confidence, reasons: reasonsOf(x, context) })), note: null };
}

/** match()'s suggestions. */
export const suggest = (ifcName: string, fits: Fits, candidates: Candidate[] | Prepared, limit = 3): Suggestion[] => match(ifcName, fits, candidates, limit).suggestions;

type Scored = { it: Item; confidence: number; chars: number; py: number; average: boolean; fit: boolean | string; relation: Relation | null; tied?: boolean };

interface Context {
  family: Family | null;
  standIn: Family | null;
  inferred: string | null;
  used: SynonymUse[];
  grades: string[];
  notes: string[];
}

function reasonsOf(x: Scored, { family, standIn, inferred, used, grades, notes }: Context): string[] {
  const out: string[] = [];
  if (inferred) out.push(`由强度等级推断为${inferred}`);
  else if (x.py > x.chars + 0.05) out.push('拼音相近');
  else if (x.chars >= 0.2 || !x.relation) out.push(x.chars >= 0.95 ? '名称一致' : x.chars >= 0.5 ? '名称相近' : '名称部分相同');
  const own = x.it.family;
  if (family && own && x.relation === 'same') out.push(`同类材料：${family.label}`);
  else if (family && own && x.relation === 'kind') out.push(`同类材料：${family.label}（因子为其中的${own.label}）`);
  else if (family && x.relation === 'standIn') out.push(`因子库暂无「${family.label}」的因子，按「${standIn?.label ?? own?.label ?? ''}」近似`);
  // a synonym is a reason where the candidate has what it was replaced by
  for (const u of used) if ([...u.to].some((ch) => x.it.main.core.includes(ch))) out.push(`同义词：${u.from}＝${u.to}`);
  gradeScore(grades, x.it.grades, notes, out);
  if (x.average) out.push('市场平均值');
  if (x.tied) out.push('有同样相近的其他因子，请选择');
  if (x.fit !== true) out.push(`单位不匹配（${typeof x.fit === 'string' && x.fit ? x.fit : `因子单位 ${x.it.c.unit}`}）`);
  return out;
}

/**
 * Same grade → +0.1; another grade of the same family → −0.2 … −0.35 growing with the relative difference
 * (C35 vs C30 −0.25, C30 vs C50 −0.35), so the nearer grade ranks first; no grade on either side → 0.
 * With `reasons`, says so (and how a foreign grade was read).
 */
function gradeScore(mine: string[], theirs: string[], notes?: string[], reasons?: string[]): number {
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
