// Suggests factor-library materials for an IFC material name, best first, with a confidence and its reasons in
// Chinese. Family before grade: a name of a known family (./taxonomy) is matched only
// against the library rows of that family (or of its kinds when the name is generic, 保温 → 岩棉板), then by name
// and grade within it; where the library has no row of the family, a family marked standIn takes its parent's,
// capped below the confidence that preselects (CONFIRM_AT), and otherwise nothing is suggested and the answer says
// why. A name of no known family (pinyin, a product name) is matched by name across the library as before. Within a
// family a factor from a Chinese standard or data set comes before a foreign one (ICE, IStructE).
// Pure: the caller passes the candidates (current library rows the tenant sees) and `fits`, which says whether a
// candidate's unit can take the material's quantities (quantities.ts decides). Candidate keys and families are
// computed once per candidates array (prepare, cached by array identity) so 200 names × 2 000 candidates stay well
// under the 300 ms budget.
import { CONFIRM_AT } from '../../../../schemas/bimMatch';
import { type Candidate, type Prepared, prepared, type Relation, scopeOf, shortlist } from './candidates';
import { decide } from './decide';
import { coreName, GRADE_NOUN, gradeFamily, readGrades } from './names';
import { reasonsOf, type Scored } from './reasons';
import { charSim, gradeScore, key, pinyinSim } from './similarity';
import { classify, type Family, insulatedPolymer } from './taxonomy';

export { type Candidate, type Prepared, prepare } from './candidates';

export interface Suggestion {
  factorId: number;
  confidence: number;
  reasons: string[];
}

/** true: the unit takes the quantities; false or a Chinese reason (e.g. '需体积，因子单位 t'): it cannot. */
export type Fits = (c: Candidate) => boolean | string;

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
/** the floor of the one row the name decides (./decide.ts): preselected */
const DECIDED = 0.9;

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
  const named = coreName(ifcName);
  const used = named.used;
  let core = named.core;
  let inferred = false;
  // a name that is only a grade ('C30') names its material
  if (!core && grades.length) {
    core = GRADE_NOUN[gradeFamily(grades[0])];
    inferred = true;
  }
  const p = prepared(candidates);
  const scope = family ? scopeOf(p, family) : null;
  if (family && !scope!.items.length)
    return {
      family,
      suggestions: [],
      note: `因子库暂无「${family.label}」类材料的因子${family.note ? `（${family.note}）` : ''}`,
    };
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
    let score = Math.min(
      1,
      Math.max(0, Math.max(name, relation ? BASE[relation] : 0) + gradeScore(grades, it.grades) + (average ? 0.05 : 0)),
    );
    if (relation === 'standIn') score = Math.min(score, STAND_IN_CAP);
    if (!relation && score < MIN) continue;
    const fit = fits(it.c);
    // a misfit is still shown so the user sees why, never above 0.3
    const final = fit === true ? score : Math.min(0.3, score * 0.3);
    // a candidate of the family is shown however weak: the family is right, the user picks
    if (relation || final >= MIN) scored.push({ it, confidence: round(final), chars, py, average, fit, relation });
  }
  chineseFirst(scored);
  // the one row the name decides is preselected, every other row kept below the threshold; a row the unit does
  // not fit is never preselected
  const decision = family && scope ? decide(p, family, scope, q.core, ifcName, grades) : null;
  const decided = decision && scored.find((x) => x.it.index === decision.item && x.fit === true);
  if (decided) {
    decided.confidence = Math.max(decided.confidence, DECIDED);
    decided.extra = decision.reasons;
    for (const x of scored) {
      if (x === decided) continue;
      x.confidence = Math.min(x.confidence, TIED_CAP);
      const note = decision.notes.get(x.it.index);
      if (note) x.extra = [note];
    }
  }
  const order: Record<Relation, number> = { same: 0, kind: 1, standIn: 2 };
  scored.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      (a.relation ? order[a.relation] : 0) - (b.relation ? order[b.relation] : 0) ||
      a.it.index - b.it.index,
  );
  // two factors as close as each other ('Concrete' → C30 and C50; 'Concrete block' → dense and lightweight): the
  // name does not decide, so none is preselected — all scaled below CONFIRM_AT, their order kept
  // (a foreign factor kept behind a Chinese one is no rival: the source decided between them, not the name)
  const top = scored[0]?.confidence ?? 0;
  const rival = scored.find((x, i) => i > 0 && x.origin !== 'foreign');
  if (!decided && top >= CONFIRM_AT && rival && top - rival.confidence < TIE) {
    for (const x of scored) {
      x.tied = x.origin !== 'foreign' && top - x.confidence < TIE;
      x.confidence = round((x.confidence * TIED_CAP) / top);
    }
  }
  const context = {
    family,
    polymer: insulatedPolymer(ifcName),
    standIn: scope?.standIn ?? null,
    inferred: inferred ? core : null,
    used,
    grades,
    notes,
  };
  return {
    family,
    suggestions: scored
      .slice(0, limit)
      .map((x) => ({ factorId: x.it.c.id, confidence: x.confidence, reasons: reasonsOf(x, context) })),
    note: null,
  };
}

/**
 * Where a family has both a Chinese factor (its source a Chinese standard or data set) and a foreign one (ICE,
 * IStructE), the Chinese is the default: a foreign factor is kept just below the best fitting Chinese one of its
 * family, and stays selectable.
 */
function chineseFirst(scored: Scored[]): void {
  const best = new Map<Family, number>();
  for (const x of scored)
    if (x.it.chinese && x.fit === true && x.it.family)
      best.set(x.it.family, Math.max(best.get(x.it.family) ?? 0, x.confidence));
  const foreign = new Set(
    scored.filter((x) => !x.it.chinese && x.it.family && best.has(x.it.family)).map((x) => x.it.family),
  );
  for (const x of scored) {
    if (!x.it.family || !foreign.has(x.it.family)) continue;
    x.origin = x.it.chinese ? 'chinese' : 'foreign';
    if (!x.it.chinese) x.confidence = Math.min(x.confidence, round(Math.max(0, best.get(x.it.family)! - 0.01)));
  }
}

/** match()'s suggestions. */
export const suggest = (ifcName: string, fits: Fits, candidates: Candidate[] | Prepared, limit = 3): Suggestion[] =>
  match(ifcName, fits, candidates, limit).suggestions;
