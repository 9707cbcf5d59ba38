// A machine's size as bills and the 台班费用定额 write it, in the specification or in the name: `斗容量1m3`,
// `斗容量(m3) 0.6`, `装载质量(t) 6`, `输送量(m3/h) 75`, `功率(kW) 15`, plain `1m3` or `6t`; and as GB/T 51366-2019
// 表C.0.1 writes it (`斗容量 1 m3`, `提升质量(起重力矩) 400 t·m`). A unit in brackets is the unit of the figure
// after it, never a figure itself (the 3 of `(m3)`). The kind word (斗容量, 装载质量…) says what the figure measures:
// a size is only compared with a table row's of the same kind.
import { normalizeUnit } from '../../calc/units';

export interface MachineSize {
  /** the kind word in 表C.0.1's spelling ('' when the text has none: plain `6t`) */
  kind: string;
  value: number;
  /** normalised: 'm3', 't', 'kW', 'm3/h' ('' when none); compared without case */
  unit: string;
  /** where the size starts in the text (NFKC-normalised): what comes before is the machine's name */
  start: number;
}

/**
 * The 台班费用定额's kind words that 表C.0.1 spells otherwise. (A longer word ending in a table's kind word needs
 * no entry: `最大起重量`, `铲斗容量`, `锯片直径` end in 起重量, 斗容量, 直径.)
 */
const SYNONYMS: Record<string, string> = {
  起重量: '提升质量',
  载重量: '装载质量',
  载重质量: '装载质量',
  装载量: '装载质量',
};

/** Kind words, the longest first (the first a text ends in is taken): `kinds` and the 台班费用定额's own spellings. */
export const kindList = (kinds: Iterable<string> = []) =>
  [...new Set([...kinds, ...Object.keys(SYNONYMS), ...Object.values(SYNONYMS)])].sort((a, b) => b.length - a.length);

const DEFINED_KINDS = kindList();

const CJK = '\\u3400-\\u9fff';
const BRACKETED_UNIT = new RegExp(`\\(([^()${CJK}]+)\\)\\s*(\\d+(?:\\.\\d+)?)`);
// a figure not inside a unit (the 3 of m3, the 2 of DN200) and its unit when one follows
const FIGURE = /(?<![A-Za-z\d.])(\d+(?:\.\d+)?)\s*([A-Za-z][A-Za-z\d·/]*)?/;
const KIND_BEFORE = new RegExp(`([${CJK}][${CJK}()/×]*)\\s*$`);

const unitOf = (u: string | undefined) => normalizeUnit(u ?? '');

/** The kind word the text before a figure ends in: the longest known one, in 表C.0.1's spelling. */
function kindAtEnd(before: string, kinds: readonly string[]): { kind: string; at: number } {
  const run = KIND_BEFORE.exec(before);
  // a table kind with its qualifier in brackets (提升质量(起重力矩)) is a kind as a whole: the longest first
  const known = run ? kinds.find((k) => run[1].endsWith(k)) : undefined;
  return known ? { kind: SYNONYMS[known] ?? known, at: before.lastIndexOf(known) } : { kind: '', at: -1 };
}

/** The first size in a text, or undefined (no figure). `kinds`: the kind words to recognise, as kindList gives them. */
export function parseSize(raw: string, kinds: readonly string[] = DEFINED_KINDS): MachineSize | undefined {
  const text = raw.normalize('NFKC');
  const bracketed = BRACKETED_UNIT.exec(text);
  const figure = FIGURE.exec(text);
  // the bracketed notation when its figure comes first (`斗容量(m3) 0.6`), else the plain one (`斗容量 1 m3`)
  if (bracketed && (!figure || bracketed.index <= figure.index)) {
    const before = text.slice(0, bracketed.index);
    const k = kindAtEnd(before, kinds);
    return {
      kind: k.kind,
      value: Number(bracketed[2]),
      unit: unitOf(bracketed[1]),
      start: k.at >= 0 ? k.at : bracketed.index,
    };
  }
  if (!figure) return undefined;
  const before = text.slice(0, figure.index);
  const k = kindAtEnd(before, kinds);
  return { kind: k.kind, value: Number(figure[1]), unit: unitOf(figure[2]), start: k.at >= 0 ? k.at : figure.index };
}

/** The kind words of a table row's kind: `提升质量(起重力矩)` → 提升质量, 起重力矩; `出口直径/扬程` → 出口直径, 扬程. */
export const kindWords = (kind: string) => kind.split(/[()/×]/).filter(Boolean);

/** Whether a line's kind is a table row's: the same word, or one ending in the other (直径 and 锚杆直径). */
export function sameKind(line: string, row: string): boolean {
  return kindWords(row).some((w) => w === line || w.endsWith(line) || line.endsWith(w));
}

/** Whether two sizes measure the same thing: kinds (when the line says one) and units (when both say one) agree. */
export function comparable(line: MachineSize, row: MachineSize): boolean {
  if (line.kind && row.kind && !sameKind(line.kind, row.kind)) return false;
  if (line.kind && !row.kind) return false;
  return !(line.unit && row.unit && line.unit.toLowerCase() !== row.unit.toLowerCase());
}

/** '斗容量 0.6 m3' */
export const sizeText = (s: MachineSize) => [s.kind, String(s.value), s.unit].filter(Boolean).join(' ');
