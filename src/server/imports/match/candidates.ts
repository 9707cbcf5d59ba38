// The library rows a name is matched against (./suggest.ts), prepared once per candidates array: each row's keys
// (./similarity.ts), family (./taxonomy.ts) and grades, the index that shortlists the rows sharing a bigram (or a
// pinyin trigram) with the name, and the rows a family's names may take (its own, its kinds', a stand-in's).
import { CLAIM_WORDS, coreName, GRADE_NOUN, gradeFamily, readGrades } from './names';
import { key, type Key, makeupOf, pinyinOf } from './similarity';
import { candidateFamily, type Family, isKindOf } from './taxonomy';

export interface Candidate {
  id: number;
  name: string;
  unit: string;
  group?: string | null;
  spec?: string | null;
  density?: number | null;
  /** 数据来源: a Chinese standard or data set is proposed before a foreign figure of the same family */
  source?: string | null;
}

export interface Item {
  c: Candidate;
  index: number;
  family: Family | null;
  main: Key;
  /** parenthesised parts of the name (消石灰（熟石灰、氢氧化钙）, …（PPR）) and the spec */
  alts: Key[];
  grades: string[];
  average: boolean;
  /** the source is Chinese (chineseSource) */
  chinese: boolean;
  /** an insulating glass unit's make-up ('6+12A+6'), and the product claims of its name (再生) */
  makeup: string | null;
  claims: string[];
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
export type Relation = 'same' | 'kind' | 'standIn';

export interface Scope {
  /** item positions and their relation, in library order */
  items: [number, Relation][];
  /** the family that stands in, when the items are stand-ins */
  standIn: Family | null;
}

function parts(name: string, spec?: string | null): string[] {
  const out = [...name.normalize('NFKC').matchAll(/\(([^)]*)\)/g)].flatMap((m) => m[1].split(/[、,，;；:：]/));
  if (spec) out.push(spec);
  return out.map((p) => coreName(p).core).filter((p) => p.length > 1);
}

// A Chinese factor's source starts with what it is from: a standard's code (GB/T 51366, JGJ, a province's DB11/T)
// or a Chinese name (中国产品全生命周期温室气体排放系数集, 广东省…标准, 按 GB/T 51366 附录D … 换算); a foreign
// one with its own (ICE v3.0, IStructE). Read from the start, so a foreign figure converted by a Chinese density
// table ('ICE … 按 GB 50009 密度换算') stays foreign.
const CHINESE_START =
  /^(?:按\s*)?(?:(?:GB|JGJ|JG|CJJ|CECS|DBJ?|DB\d{2})(?:\/T)?\s*\d|T\/[A-Z]+\s*\d|《?\p{Script=Han})/u;
const FOREIGN = /ICE|IStructE|ecoinvent|Ökobaudat|英国|欧洲|美国|德国/i;

/** Whether a factor's source is a Chinese standard or data set (ranked before a foreign figure of its family). */
export const chineseSource = (source: string | null | undefined): boolean =>
  !!source && CHINESE_START.test(source.trim()) && !FOREIGN.test(source.split(/[，,；;（(]/)[0]);

/** Candidate keys, computed once. suggest() also accepts the plain array and prepares it itself (cached). */
export function prepare(candidates: Candidate[]): Prepared {
  const items = candidates.map((c, index) => {
    const name = c.name.normalize('NFKC');
    const grades = readGrades(c.name).grades;
    // a row named only by its grade ('C30') is of the grade's material, as for the IFC names
    const core =
      coreName(name.replace(/\([^)]*\)/g, ' ')).core || (grades.length ? GRADE_NOUN[gradeFamily(grades[0])] : '');
    const alts = parts(name, c.spec).map((p) => key(p, true));
    const claims = CLAIM_WORDS.filter((w) => alts.some((a) => a.core.includes(w)));
    return {
      c,
      index,
      family: candidateFamily(c),
      main: key(core, true),
      alts,
      grades,
      average: name.includes('市场平均'),
      chinese: chineseSource(c.source),
      makeup: makeupOf(`${name} ${c.spec ?? ''}`),
      claims,
    };
  });
  return { items, byGram: invert(items, (k) => k.grams), scopes: new Map() };
}

/**
 * The rows a name of family `f` may take: those of `f` and of its kinds; if there are none and `f` may be stood in
 * for, those of its parent and the parent's kinds (up the chain while the parent may be stood in for too).
 */
export function scopeOf(p: Prepared, f: Family): Scope {
  let scope = p.scopes.get(f);
  if (scope) return scope;
  const within = (top: Family, rel: (fam: Family) => Relation) =>
    p.items.flatMap((it, i): [number, Relation][] =>
      it.family && isKindOf(it.family, top) ? [[i, rel(it.family)]] : [],
    );
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
export function shortlist(p: Prepared, q: Key, typed: boolean): Int32Array {
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
export const prepared = (c: Candidate[] | Prepared): Prepared =>
  Array.isArray(c) ? (cache.get(c) ?? cache.set(c, prepare(c)).get(c)!) : c;
