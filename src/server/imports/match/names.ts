// Material names as design tools write them (Revit, ArchiCAD, Tekla, 国产 BIM: Chinese, English, German, French,
// Spanish, Dutch, Japanese, Korean, pinyin, with prefixes, layer words and thicknesses) brought to one form so they
// can be compared with the factor library's names. Pure functions; the words are data:
// ./synonyms.json (Chinese variant spellings, finer rewrites, noise words) and ./taxonomy.json (material families
// with their names in several languages, each rewritten to the family's library word). Strength and steel grades
// are read in ./grades.ts (re-exported here).
import { readFileSync } from 'node:fs';
import { memoByText } from './memo';
import { pinyinPro } from '../../heavy';
import { GRADE_ONLY, GRADE_TOKEN, type GradeFamily } from './grades';

export { GRADE_NOUN, gradeFamily, gradeOf, gradeValue, readGrades, type GradeFamily, type Grades } from './grades';

interface SynonymFile {
  groups: { to: string; from: string[]; note?: string }[];
  noise: string[];
}

/** One material family of ./taxonomy.json (see its "about"). */
export interface FamilyData {
  id: string;
  label: string;
  word?: string;
  parent?: string;
  standIn?: boolean;
  none?: string;
  grade?: GradeFamily;
  note?: string;
  zh?: string[];
  en?: string[];
  de?: string[];
  fr?: string[];
  es?: string[];
  other?: string[];
  nl?: string[];
  ja?: string[];
  ko?: string[];
  /** a polymer named beside an insulation word is this insulation family (taxonomy.json "about") */
  asInsulation?: string;
  /** words that do not change the product (中砂's 中), and why the parent's own factor is this family's */
  plain?: string[];
  parentRow?: string;
  revit?: string[];
  archicad?: string[];
  tekla?: string[];
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as T;
const DATA = readJson<SynonymFile>('synonyms.json');
const TAXONOMY_FILE = readJson<{
  families: FamilyData[];
  insulationWords: string[];
  plainWords: string[];
  claimWords: string[];
}>('taxonomy.json');
export const TAXONOMY: readonly FamilyData[] = TAXONOMY_FILE.families;
/** latin words that make a polymer's name an insulation's ('Plastic board') besides the insulation families' own */
export const INSULATION_WORDS: readonly string[] = TAXONOMY_FILE.insulationWords;
/** qualifiers no family's product depends on (综合, 以内), and the product claims a factor's name may carry (再生) */
export const PLAIN_WORDS: readonly string[] = TAXONOMY_FILE.plainWords;
export const CLAIM_WORDS: readonly string[] = TAXONOMY_FILE.claimWords;

/** A family's names outside Chinese: the languages and the tools' default names. */
export const foreignTerms = (f: FamilyData): string[] =>
  [f.en, f.de, f.fr, f.es, f.nl, f.ja, f.ko, f.other, f.revit, f.archicad, f.tekla].flatMap((list) => list ?? []);

const LATIN = /^[a-z0-9 ]+$/;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Punctuation → one space, then spaces kept only between two latin/digit tokens (so English words stay words). */
export function tidy(s: string): string {
  return s
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/(?<![a-z0-9]) | (?![a-z0-9])/g, '')
    .trim();
}

/**
 * Full-width → half-width, CamelCase split ('StainlessMY' → 'stainless my'), lower case, accents dropped (béton =
 * beton, Dämmung = dammung: names are typed both ways), ß = ss.
 */
export function fold(s: string): string {
  const t = s
    .normalize('NFKC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase();
  // (only latin and Cyrillic letters carry accents: a Chinese name skips the decomposition)
  return /[\u00c0-\u024f\u0400-\u04ff\u1e00-\u1eff]/.test(t)
    ? t.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').normalize('NFKC')
    : t;
}

export const basic = (s: string) => tidy(fold(s));

/** A latin term matches as a whole word (plural s/es allowed); a Chinese or Cyrillic term anywhere. */
export function termPattern(term: string): string {
  return LATIN.test(term) ? `(?<![a-z])${esc(term)}(?:e?s)?(?![a-z])` : esc(term);
}

const NOISE = new RegExp(
  DATA.noise
    .map(basic)
    .sort((a, b) => b.length - a.length)
    .map(termPattern)
    .join('|'),
  'g',
);

// Thicknesses and sizes ('200mm', '厚200', '200厚', '厚度：200mm', glazing make-ups '6+12A+6'; '240×115×53'
// leaves bare numbers, dropped below).
const NUM = String.raw`\d+(?:\.\d+)?`;
const UNIT = String.raw`(?:mm|cm|毫米|厘米|m)`;
const THICKNESS = new RegExp(
  [
    `${NUM}[a-z]*(?:\\s*\\+\\s*${NUM}[a-z]*)+`,
    `厚度?\\s*[:=]?\\s*${NUM}\\s*${UNIT}?(?![a-z])`,
    `${NUM}\\s*${UNIT}?(?![a-z])\\s*厚`,
    `${NUM}\\s*${UNIT}(?![a-z])`,
  ].join('|'),
  'g',
);

/**
 * Folded (see fold), without Revit's 'M_' prefix, thicknesses, noise words (材质, 默认, default …), punctuation and
 * bare numbers. Grades (c30, q355, hrb400, mu10, m7.5) are kept: they are letters followed by digits. Spaces remain
 * only between latin words.
 */
export const normaliseName = memoByText((s: string): string => {
  let t = fold(s).trim();
  t = t.replace(/^m_/, '').replace(/<[^>]*>/g, ' ');
  t = t.replace(THICKNESS, ' ');
  t = ` ${t.replace(/[^\p{L}\p{N}.]+/gu, ' ')} `;
  t = t.replace(NOISE, ' ');
  t = t.replace(/(?<![a-z\d.])\d+(?:\.\d+)?/g, ' ');
  return tidy(t);
});

// ---- synonyms: the rewrites of synonyms.json, then every foreign name of a family → the family's library word;
// longest first, one pass (a replacement is not replaced again). A name that reads as a grade (Tekla's 'C30/37',
// 'S355J0') is left to readGrades.
const TERMS = (() => {
  const to = new Map<string, string>();
  const add = (from: string, word: string) => {
    const key = normaliseName(from);
    if (key && !GRADE_ONLY.test(key) && !to.has(key)) to.set(key, word);
  };
  for (const g of DATA.groups) for (const f of g.from) add(f, g.to);
  for (const f of TAXONOMY) for (const t of foreignTerms(f)) add(t, f.word ?? f.label);
  return [...to].map(([from, word]) => ({ from, to: word })).sort((a, b) => b.from.length - a.from.length);
})();

/**
 * Terms indexed by how they start — a latin term by its leading letters (it must start a word), any other by its
 * first character — so a name is scanned once instead of trying a regex of hundreds of alternatives at every
 * position (~1 ms a name). A latin term matches as a whole word, its plural (s/es) too; any other anywhere.
 */
export class TermIndex<T extends { from: string }> {
  private readonly byWord = new Map<string, T[]>();
  private readonly byChar = new Map<string, T[]>();

  /** `terms` longest first, so that the first hit at a position is the longest. */
  constructor(terms: readonly T[]) {
    for (const t of terms) {
      const [map, k] = LATIN.test(t.from)
        ? [this.byWord, /^[a-z]*/.exec(t.from)![0] || t.from[0]]
        : [this.byChar, t.from[0]];
      (map.get(k) ?? map.set(k, []).get(k)!).push(t);
    }
  }

  /** The terms found at position i of s (latin ones longest first) with the length each takes there. */
  *at(s: string, i: number): Generator<{ term: T; length: number }> {
    if (isLetter(s[i]) && !isLetter(s[i - 1])) {
      const word = /^[a-z]+/.exec(s.slice(i, i + 40))![0];
      for (const term of this.byWord.get(word) ?? []) {
        if (!s.startsWith(term.from, i)) continue;
        let end = i + term.from.length;
        if (s.startsWith('es', end) && !isLetter(s[end + 2])) end += 2;
        else if (s[end] === 's' && !isLetter(s[end + 1])) end += 1;
        if (!isLetter(s[end])) yield { term, length: end - i };
      }
    }
    // Chinese, Cyrillic and mixed terms ('pc构件') anywhere
    for (const term of this.byChar.get(s[i]) ?? [])
      if (s.startsWith(term.from, i)) yield { term, length: term.from.length };
  }
}

const isLetter = (ch: string | undefined) => ch !== undefined && ch >= 'a' && ch <= 'z';
const REWRITES = new TermIndex(TERMS);

export interface SynonymUse {
  /** as written in the name (normalised) */
  from: string;
  to: string;
}

/** The name with synonyms replaced by the library's words, and which were used. Expects normaliseName's output. */
export function expandSynonyms(s: string): { text: string; used: SynonymUse[] } {
  const used: SynonymUse[] = [];
  let text = '';
  for (let i = 0; i < s.length;) {
    const hit = REWRITES.at(s, i).next().value;
    if (!hit) {
      text += s[i++];
      continue;
    }
    const to = hit.term.to;
    if (!used.some((u) => u.to === to)) used.push({ from: s.slice(i, i + hit.length), to });
    text += ` ${to} `;
    i += hit.length;
  }
  return { text: tidy(text), used };
}

export const applySynonyms = (s: string): string => expandSynonyms(s).text;

/** The name for similarity: normalised, synonyms applied, grades and spaces removed. */
export function coreName(s: string): { core: string; used: SynonymUse[] } {
  const { text, used } = expandSynonyms(normaliseName(s));
  return { core: text.replace(GRADE_TOKEN, '').replace(/[\s.]/g, ''), used };
}

// pinyin-pro costs ~3 µs a character and library names repeat a few hundred characters: read each character
// once. A character alone gets its common reading (polyphones lose their context — good enough to recognise
// typed pinyin).
const PINYIN_OF = new Map<string, string>();

/** Letters of the name's pinyin ('混凝土' → 'hunningtu'; latin letters pass through). */
export function pinyinKey(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase()) {
    if (ch >= 'a' && ch <= 'z') out += ch;
    else if (/\p{Script=Han}/u.test(ch)) {
      let p = PINYIN_OF.get(ch);
      if (p === undefined)
        PINYIN_OF.set(
          ch,
          (p = pinyinPro()
            .pinyin(ch, { toneType: 'none', type: 'array' })
            .join('')
            .replace(/[^a-z]/g, '')),
        );
      out += p;
    }
  }
  return out;
}
