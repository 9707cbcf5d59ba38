// Material families: which kind of building material a name is — an IFC material name in any of the
// languages and tool defaults of ./taxonomy.json, or a factor-library row by its name, else its group (小类). The
// matcher only suggests factors of the name's family (a block is never in-situ concrete); the pre-flight review
// groups a model's materials by family for its per-m² plausibility ranges.
import { memoByText } from './memo';
import {
  applySynonyms,
  basic,
  type FamilyData,
  foreignTerms,
  type GradeFamily,
  gradeFamily,
  INSULATION_WORDS,
  normaliseName,
  PLAIN_WORDS,
  readGrades,
  TAXONOMY,
  TermIndex,
  termPattern,
} from './names';

export interface Family {
  id: string;
  /** Chinese name of the family, e.g. 混凝土砌块 */
  label: string;
  /** the library's word for it (normalised): foreign names are rewritten to it */
  word: string;
  /** the upper family (保温材料 for 岩棉) */
  parent: Family | null;
  /** when the library has none of this family, the parent's factors may stand in (stated in the reasons) */
  standIn: boolean;
  /** the reason the family has no material carbon (空气层), else null */
  none: string | null;
  note: string | null;
  /** why the parent's own factor is this family's when the library has none of its own (taxonomy.json "about") */
  parentRow: string | null;
}

const byId = new Map<string, Family>();
for (const f of TAXONOMY) {
  if (byId.has(f.id)) throw new Error(`taxonomy.json: family ${f.id} twice`);
  byId.set(f.id, {
    id: f.id,
    label: f.label,
    word: basic(f.word ?? f.label),
    parent: null,
    standIn: !!f.standIn,
    none: f.none ?? null,
    note: f.note ?? null,
    parentRow: f.parentRow ?? null,
  });
}
for (const f of TAXONOMY) {
  if (!f.parent) continue;
  const parent = byId.get(f.parent);
  if (!parent) throw new Error(`taxonomy.json: ${f.id}'s parent ${f.parent} is not a family`);
  byId.get(f.id)!.parent = parent;
}

const termsOf = (f: FamilyData) => [...new Set([...(f.zh ?? []), ...foreignTerms(f)].map(basic).filter(Boolean))];

/** every family's terms with the family's place in the taxonomy (earlier = more specific) */
const ORDERED: Family[] = TAXONOMY.map((f) => byId.get(f.id)!);
const TERMS = new TermIndex(
  TAXONOMY.flatMap((f, rank) => termsOf(f).map((from) => ({ from, rank }))).sort(
    (a, b) => b.from.length - a.from.length,
  ),
);

// a name that is only a grade ('C30/37', 'S355J0', 'MU10') is of the grade's family
const BY_GRADE = new Map<GradeFamily, Family>(TAXONOMY.filter((f) => f.grade).map((f) => [f.grade!, byId.get(f.id)!]));

// a polymer beside an insulation word is the insulation (taxonomy.json asInsulation): 'Insulation - Plastic Hard'
// is a foam board, not raw polystyrene resin at ≈ 1 t/m³
const INSULATION = byId.get('insulation')!;
const STEEL = byId.get('steel')!;
const AS_INSULATION = new Map<Family, Family>();
for (const f of TAXONOMY) {
  if (!f.asInsulation) continue;
  const to = byId.get(f.asInsulation);
  if (!to || !isKindOf(to, INSULATION))
    throw new Error(`taxonomy.json: ${f.id}'s asInsulation ${f.asInsulation} is not an insulation family`);
  AS_INSULATION.set(byId.get(f.id)!, to);
}
const INSULATION_WORD = new RegExp(INSULATION_WORDS.map(basic).map(termPattern).join('|'));

export const familyById = (id: string): Family | undefined => byId.get(id);

/** Every family, in the taxonomy's order. */
export const FAMILIES: readonly Family[] = ORDERED;

/**
 * The family of a name: the first family of the taxonomy one of whose terms it contains — looked for in the name in
 * the library's words (normalised, synonyms applied: 砼 → 混凝土, Steel → 钢, a foreign term → its family's word),
 * else by its grade.
 */
export const classify = memoByText((name: string): Family | null => {
  if (!name) return null;
  const family = read(name).family;
  const grades = readGrades(name).grades;
  // a bar with a reinforcing grade is reinforcement (圆钢 HPB300 is plain rebar)
  const rebar = BY_GRADE.get('rebar');
  if (family && rebar && family !== rebar && isKindOf(family, STEEL) && grades.some((g) => gradeFamily(g) === 'rebar'))
    return rebar;
  if (family) return family;
  return (grades[0] && BY_GRADE.get(gradeFamily(grades[0]))) || null;
});

/** The polymer family an insulation word overrode ('Insulation - Plastic Hard': 塑料（原料）), else null. */
export const insulatedPolymer = (name: string): Family | null => (name ? read(name).polymer : null);

interface Reading {
  family: Family | null;
  polymer: Family | null;
}

function read(name: string): Reading {
  return readNormalised(normaliseName(name));
}

// (a library repeats names that normalise alike: 供应商1, 供应商2 …)
const readNormalised = memoByText((normalised: string): Reading => {
  const hay = applySynonyms(normalised);
  const hits: { rank: number; from: number; to: number }[] = [];
  for (let i = 0; i < hay.length; i++)
    for (const hit of TERMS.at(hay, i)) hits.push({ rank: hit.term.rank, from: i, to: i + hit.length });
  const rank = Math.min(...hits.map((h) => h.rank));
  const first = rank < Infinity ? ORDERED[rank] : null;
  const to = first && AS_INSULATION.get(first);
  // (an insulation word inside the polymer's own term does not count: 普通聚苯乙烯 holds 聚苯乙烯)
  const own = hits.filter((h) => h.rank === rank);
  const apart = (h: { from: number; to: number }) => own.every((o) => h.to <= o.from || h.from >= o.to);
  const insulated = hits.some((h) => isKindOf(ORDERED[h.rank], INSULATION) && apart(h)) || INSULATION_WORD.test(hay);
  return to && insulated ? { family: to, polymer: first } : { family: first, polymer: null };
});

/** A library row's family: by its name, else by its group (小类, e.g. 钢铁 for 螺旋埋弧焊管). */
export const candidateFamily = (c: { name: string; group?: string | null }): Family | null =>
  classify(c.name) ?? (c.group ? classify(c.group) : null);

/** Whether `f` is `ancestor` or one of its kinds (岩棉 is a 矿物棉 is a 保温材料). */
export function isKindOf(f: Family, ancestor: Family): boolean {
  for (let x: Family | null = f; x; x = x.parent) if (x === ancestor) return true;
  return false;
}

/** The family of a material name and its Chinese label, for grouping (the pre-flight review's ranges per family). */
export function materialFamily(name: string): { family: string; label: string } | null {
  const f = classify(name);
  return f ? { family: f.id, label: f.label } : null;
}

// ---- the words a name's family accounts for (./decide.ts): its Chinese terms and word, its qualifiers (plain), and
// those of its upper families, with the qualifiers of every family; longest first
const ownWords = new Map(TAXONOMY.map((f) => [byId.get(f.id)!, [...(f.zh ?? []), f.word ?? f.label].map(basic)]));
const ownPlain = new Map(TAXONOMY.map((f) => [byId.get(f.id)!, (f.plain ?? []).map(basic)]));
const chains = new Map<Family, string[]>();

/** The words that say no more than the family `f` (its terms, its upper families', the qualifiers). */
export function familyWords(f: Family): readonly string[] {
  let words = chains.get(f);
  if (!words) {
    const all = new Set(PLAIN_WORDS.map(basic));
    for (let x: Family | null = f; x; x = x.parent)
      for (const w of [...ownWords.get(x)!, ...ownPlain.get(x)!]) all.add(w);
    chains.set(f, (words = [...all].filter(Boolean).sort((a, b) => b.length - a.length)));
  }
  return words;
}

/** The qualifiers of `f` and its upper families, and those of every family. */
export function plainWords(f: Family): readonly string[] {
  const all = new Set(PLAIN_WORDS.map(basic));
  for (let x: Family | null = f; x; x = x.parent) for (const w of ownPlain.get(x)!) all.add(w);
  return [...all];
}

/** The family's own Chinese terms and word. */
export const ownTerms = (f: Family): readonly string[] => ownWords.get(f) ?? [];

/** Every family's Chinese terms and words (a word common to all the rows compared says nothing between them). */
export const CHINESE_TERMS: readonly string[] = [...new Set([...ownWords.values()].flat())].filter(Boolean);
