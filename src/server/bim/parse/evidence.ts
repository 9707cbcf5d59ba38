// Which of a quantity's repeated values counts. Revit 2021 writes NetVolume twice in one set — the
// gross volume in mm³ under a m³ declaration, then the net volume in m³ — and other tools repeat a name across
// sets. The value taken is the one agreeing best with independent evidence: the closed geometry's volume, the
// set's own lengths (length × height × width), area × layer thickness; failing all, the smaller of values a
// factor 1000ⁿ apart (the larger is the mm reading). Each choice is said once per kind in the pre-flight.
import type { Candidate, QuantityKind } from './qto';
import type { Scale } from './units';

export interface Evidence {
  /** m³ or m² */
  value: number;
  /** what it is, e.g. 几何体积 */
  words: string;
}

export interface Chosen {
  name: string;
  value: number;
  scale: Scale;
  own: boolean;
  /** why this value, when the name was written more than once in a way worth saying */
  note?: string;
}

/** Values within this relative difference are one value. */
const SAME = 1e-3;
const POWER: Record<QuantityKind, number> = { volume: 3, area: 2, weight: 1 };
/** Plain names of the SI units a value may be read in, by the exponent of its factor to the base unit. */
const SI_NAMES: Record<QuantityKind, Record<number, string>> = {
  volume: { 0: '立方米', [-3]: '立方分米', [-6]: '立方厘米', [-9]: '立方毫米' },
  area: { 0: '平方米', [-2]: '平方分米', [-4]: '平方厘米', [-6]: '平方毫米' },
  weight: { 3: '吨', 0: '千克', [-3]: '克' },
};

const agree = (a: number, b: number) => Math.abs(a - b) <= SAME * Math.max(Math.abs(a), Math.abs(b));
/** a/b is 1000ⁿ (n ≠ 0) give or take a factor 5: one of them read in mm-based units. */
const thousandsApart = (a: number, b: number) => {
  const n = Math.log10(Math.abs(a / b)) / 3;
  return Math.abs(n) >= 0.75 && Math.abs(n - Math.round(n)) < 0.25;
};

/**
 * The unit a value reads in if `chosen` is right: the SI unit its factor is a power of ten of — its declared
 * factor, or the one 1000ⁿ away its value implies — else its declared unit's name (英寸 …).
 */
function unitName(kind: QuantityKind, c: Candidate, chosen: Candidate): string {
  const implied = !agree(c.value, chosen.value) && thousandsApart(c.value, chosen.value);
  const exponent = Math.log10(implied ? (c.scale.factor * chosen.value) / c.value : c.scale.factor);
  const power = implied ? Math.round(exponent / POWER[kind]) * POWER[kind] : Math.round(exponent);
  const si = Math.abs(exponent - power) < (implied ? POWER[kind] / 2 : 1e-6) ? SI_NAMES[kind][power] : undefined;
  return si ?? c.scale.words.replace(/[(（].*$/, '');
}

const COUNT = ['', '一', '两', '三', '四', '五'];
function written(list: Candidate[]): string {
  const sets = [...new Set(list.map((c) => c.set || '（未命名数量集）'))];
  const times = `${COUNT[list.length] ?? list.length}次`;
  return sets.length === 1 ? `在同一数量集中出现${times}` : `在数量集 ${sets.join('、')} 中共出现${times}`;
}

/** The value a name's values all agree on, if they do. */
export const agreeing = (list: Candidate[]): number | undefined =>
  list.length && list.every((c) => agree(c.value, list[0].value)) ? list[0].value : undefined;

const result = (c: Candidate, note?: string): Chosen => ({
  name: c.name,
  value: c.value,
  scale: c.scale,
  own: c.own,
  ...(note ? { note } : {}),
});

/** The distinct units the values read in if `chosen` is right. */
const unitsOf = (kind: QuantityKind, list: Candidate[], chosen: Candidate) => [
  ...new Set(list.map((c) => unitName(kind, c, chosen))),
];

/** The value of a quantity name that counts, among the values written for it (in the order written). */
export function choose(kind: QuantityKind, list: Candidate[], evidence: Evidence | null): Chosen | null {
  if (list.length < 2) return list.length ? result(list[0]) : null;
  if (agreeing(list) !== undefined) {
    const names = unitsOf(kind, list, list[0]);
    return result(
      list[0],
      names.length > 1 ? `${list[0].name} ${written(list)}（${names.join('与')}），换算后一致` : undefined,
    );
  }
  const positive = list.filter((c) => c.value > 0);
  if (!positive.length) return result(list[0]);
  const [chosen, why] = pick(positive, evidence);
  const names = unitsOf(kind, list, chosen);
  const unit = names.length > 1 ? unitName(kind, chosen, chosen) : '';
  const how = names.length > 1 ? `（${names.join('与')}）` : '且数值不同';
  return result(chosen, `${chosen.name} ${written(list)}${how}，${why.replace('{unit}', unit)}`);
}

/**
 * The positive value the evidence agrees with best; without evidence the smaller of values 1000ⁿ apart, else the first.
 */
function pick(positive: Candidate[], evidence: Evidence | null): [Candidate, string] {
  if (evidence && evidence.value > 0) {
    const off = (c: Candidate) => Math.abs(Math.log(c.value / evidence.value));
    return [positive.reduce((a, c) => (off(c) < off(a) ? c : a)), `取与${evidence.words}一致的{unit}值`];
  }
  const smallest = positive.reduce((a, c) => (c.value < a.value ? c : a));
  if (positive.every((c) => c === smallest || thousandsApart(c.value, smallest.value)))
    return [smallest, '无可核对的依据，取量级较小的{unit}值'];
  return [positive[0], '无可核对的依据，取首个值'];
}

/** The evidence for an element's volume: closed geometry, else its set's lengths, else area × thickness. */
export function volumeEvidence(
  geometry: number | null,
  lengths: Record<string, number>,
  crossSection: number | undefined,
  area: number | undefined,
  thickness: number | null,
): Evidence | null {
  if (geometry) return { value: geometry, words: '几何体积' };
  const { Length: l, Height: h, Width: w } = lengths;
  if (l && h && w) return { value: l * h * w, words: '长×高×宽' };
  if (l && crossSection) return { value: l * crossSection, words: '长度×截面积' };
  if (area && thickness) return { value: area * thickness, words: '面积×材料层厚度' };
  return null;
}

/** The evidence for an element's area: a volume's evidence ÷ thickness, else length × height. */
export function areaEvidence(
  volume: Evidence | null,
  lengths: Record<string, number>,
  thickness: number | null,
): Evidence | null {
  if (volume && thickness) return { value: volume.value / thickness, words: `${volume.words}÷材料层厚度` };
  const { Length: l, Height: h } = lengths;
  if (l && h) return { value: l * h, words: '长×高' };
  return null;
}
