// Material names as design tools write them (Revit, ArchiCAD, Tekla, 国产 BIM: Chinese, English, pinyin, with
// prefixes, layer words and thicknesses) brought to one form so they can be compared with the factor library's
// names (issue 12 §4). Pure functions; the synonyms and noise words are data (./synonyms.json).
import { readFileSync } from 'node:fs';
import { pinyin } from 'pinyin-pro';

interface SynonymFile {
  groups: { to: string; from: string[]; note?: string }[];
  noise: string[];
}

const DATA: SynonymFile = JSON.parse(readFileSync(new URL('./synonyms.json', import.meta.url), 'utf8'));

const LATIN = /^[a-z0-9 ]+$/;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Punctuation → one space, then spaces kept only between two latin/digit tokens (so English words stay words). */
function tidy(s: string): string {
  return s
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/(?<![a-z0-9]) | (?![a-z0-9])/g, '')
    .trim();
}

const basic = (s: string) => tidy(s.normalize('NFKC').toLowerCase());

/** A latin term matches as a whole word (plural s/es allowed); a Chinese term anywhere. */
function termPattern(term: string): string {
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
  [`${NUM}[a-z]*(?:\\s*\\+\\s*${NUM}[a-z]*)+`, `厚度?\\s*[:=]?\\s*${NUM}\\s*${UNIT}?(?![a-z])`, `${NUM}\\s*${UNIT}?(?![a-z])\\s*厚`, `${NUM}\\s*${UNIT}(?![a-z])`].join('|'),
  'g',
);

/**
 * Full-width → half-width, lower case, without Revit's 'M_' prefix, thicknesses, noise words (材质, 默认,
 * default …), punctuation and bare numbers. Grades (c30, q355, hrb400, mu10, m7.5) are kept: they are letters
 * followed by digits. Spaces remain only between latin words.
 */
export function normaliseName(s: string): string {
  let t = s.normalize('NFKC').toLowerCase().trim();
  t = t.replace(/^m_/, '').replace(/<[^>]*>/g, ' ');
  t = t.replace(THICKNESS, ' ');
  t = ` ${t.replace(/[^\p{L}\p{N}.]+/gu, ' ')} `;
  t = t.replace(NOISE, ' ');
  t = t.replace(/(?<![a-z\d.])\d+(?:\.\d+)?/g, ' ');
  return tidy(t);
}

// ---- synonyms: longest first, one pass (a replacement is not replaced again)
const TERMS = DATA.groups
  .flatMap((g) => g.from.map((f) => ({ from: basic(f), to: g.to })))
  .filter((t) => t.from)
  .sort((a, b) => b.from.length - a.from.length);
const SYN = new RegExp(TERMS.map((t) => `(${termPattern(t.from)})`).join('|'), 'g');

export interface SynonymUse {
  /** as written in the name (normalised) */
  from: string;
  to: string;
}

/** The name with synonyms replaced by the library's words, and which were used. Expects normaliseName's output. */
export function expandSynonyms(s: string): { text: string; used: SynonymUse[] } {
  const used: SynonymUse[] = [];
  const text = s.replace(SYN, (m, ...groups) => {
    const i = groups.findIndex((g) => g !== undefined);
    const to = TERMS[i].to;
    if (!used.some((u) => u.to === to)) used.push({ from: m, to });
    return ` ${to} `;
  });
  return { text: tidy(text), used };
}

export const applySynonyms = (s: string): string => expandSynonyms(s).text;

// ---- grades
export type GradeFamily = 'concrete' | 'steel' | 'rebar' | 'unit' | 'mortar';

export interface Grades {
  /** normalised, e.g. C30, Q355, HRB400, MU10, M7.5 */
  grades: string[];
  /** how a foreign or old grade was read, in Chinese */
  notes: string[];
}

const STEEL_EN: Record<string, string> = { S235: 'Q235', S275: 'Q275', S355: 'Q355', S420: 'Q420', S460: 'Q460' };

/** Strength and steel grades in a name, normalised to the Chinese designations. */
export function readGrades(s: string): Grades {
  const t = s.normalize('NFKC').toUpperCase();
  const grades: string[] = [];
  const notes: string[] = [];
  const add = (g: string) => grades.includes(g) || grades.push(g);
  // EN 206 C30/37: cylinder/cube strength; Chinese grades are the cube strength (GB 50010), so the cube value,
  // rounded down to the 5 MPa steps of the Chinese grades, is the comparable grade.
  for (const m of t.matchAll(/(?<![A-Z])C(\d{2,3})\/(\d{2,3})(?!\d)/g)) {
    const g = `C${Math.floor(Number(m[2]) / 5) * 5}`;
    add(g);
    notes.push(`欧标 C${m[1]}/${m[2]} 按立方体强度 ${m[2]} MPa 计为 ${g}`);
  }
  for (const m of t.matchAll(/(?<![A-Z])C(\d{2,3})(?![\d/])/g)) {
    const n = Number(m[1]);
    if (n >= 10 && n <= 120 && n % 5 === 0) add(`C${n}`);
  }
  for (const m of t.matchAll(/(?<![A-Z])Q(\d{3})(?![\d])/g)) {
    // GB/T 1591-2018 replaced Q345 by Q355
    if (m[1] === '345') notes.push('Q345 按 GB/T 1591-2018 计为 Q355');
    add(m[1] === '345' ? 'Q355' : `Q${m[1]}`);
  }
  for (const m of t.matchAll(/(?<![A-Z])(S\d{3})(?!\d)/g)) {
    const q = STEEL_EN[m[1]];
    if (!q) continue;
    add(q);
    notes.push(`欧标 ${m[1]} 对应 ${q}`);
  }
  // seismic rebar (HRB400E) has the strength of HRB400
  for (const m of t.matchAll(/(?<![A-Z])(HPB|HRBF|HRB|RRB|CRB)(\d{3})E?(?!\d)/g)) add(`${m[1]}${m[2]}`);
  for (const m of t.matchAll(/(?<![A-Z])MU(\d+(?:\.\d)?)(?![\d.])/g)) add(`MU${m[1]}`);
  for (const m of t.matchAll(/(?<![A-Z\d])M(\d+(?:\.\d)?)(?![\d.])/g)) {
    const n = Number(m[1]);
    if (n >= 2.5 && n <= 30) add(`M${m[1]}`);
  }
  return { grades, notes };
}

export const gradeOf = (s: string): string[] => readGrades(s).grades;

export function gradeFamily(g: string): GradeFamily {
  if (g.startsWith('MU')) return 'unit';
  if (g.startsWith('M')) return 'mortar';
  if (g.startsWith('Q')) return 'steel';
  if (g.startsWith('C')) return 'concrete';
  return 'rebar';
}

export const gradeValue = (g: string): number => Number(g.replace(/^[A-Z]+/, ''));

/** What a name is when it is only a grade ('C30' → 混凝土). */
export const GRADE_NOUN: Record<GradeFamily, string> = { concrete: '混凝土', steel: '钢', rebar: '钢筋', unit: '砖', mortar: '砂浆' };

// grade tokens as normaliseName leaves them (lower case)
const GRADE_TOKEN = /(?<![a-z])(?:c\d{2,3}|q\d{3}[a-e]?|s\d{3}[a-z0-9]*|(?:hpb|hrbf|hrb|rrb|crb)\d{3}e?|mu\d+(?:\.\d)?|m\d+(?:\.\d)?)(?![a-z0-9])/g;

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
      if (p === undefined) PINYIN_OF.set(ch, (p = pinyin(ch, { toneType: 'none', type: 'array' }).join('').replace(/[^a-z]/g, '')));
      out += p;
    }
  }
  return out;
}
