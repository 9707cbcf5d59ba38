// Units as dimensions (issue 21 §1): every row unit and every factor unit is read into a dimension (mass,
// volume, area, length, energy, time, transport work, a counted piece, a machine shift) and a scale to that
// dimension's base (kg, m³, m², m, MJ, a, 台班, …), so a row's quantity is converted to its factor's unit before
// it is multiplied — kg on a per-t factor ÷ 1000, kWh on a per-GJ factor × 0.0036 — and what cannot be
// converted is refused, naming both units, never computed. Across dimensions only what the row knows converts:
// a material's density (t per m³, m², m or piece), a fuel's calorific value and a liquid fuel's density
// (src/calc/fuels.ts). One place for all of it; the stage formulas call it through toFactorUnit (formula.ts).
import { FUELS } from './fuels';
import { shortNumber } from './format';
import type { EnergyKind } from '../../schemas/factors/kinds';
import { ATOMS, type Dims } from './unitWords';

export interface Unit {
  dims: Dims;
  /** base units per one of this unit (t → 1000 kg) */
  scale: number;
  /** the text it was read from (trimmed) */
  text: string;
}

/** Full-width letters and digits to half-width, superscripts to digits, ㎡ and ㎥ spelled out, no spaces. */
export function normalizeUnit(text: unknown): string {
  return remembered(normalized, text, normalize);
}

function normalize(text: unknown): string {
  return String(text ?? '')
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .replace(/₂/g, '2')
    .replace(/㎡/g, 'm2')
    .replace(/㎥/g, 'm3')
    .replace(/\s+/g, '')
    // kW·h, kw.h, KW·H (the SI spelling budget files use) are kWh, not a product of kW and h
    .replace(/(^|\/|\()[kK][wW][·*.×•・]?[hH](?=$|\)|\/)/g, '$1kWh')
    .replace(/千瓦[·・]?时/g, 'kWh')
    .trim();
}

// A building's rows use a handful of unit texts; every row is converted on each recalculation and import, so
// each text is read once (the results are never changed by a caller). Bounded: cleared past 1 000 texts.
const normalized = new Map<unknown, string>();
const parsedUnits = new Map<unknown, Unit | undefined>();
const parsedFactorUnits = new Map<unknown, FactorUnit | undefined>();
function remembered<T>(cache: Map<unknown, T>, text: unknown, read: (text: unknown) => T): T {
  if (cache.has(text)) return cache.get(text) as T;
  if (cache.size >= 1000) cache.clear();
  const value = read(text);
  cache.set(text, value);
  return value;
}

/** A product of unit words ('t·km', '(m2·a)', 'kWh'); undefined when a word is not known. */
function product(text: string): Unit | undefined {
  const inner = text.replace(/^\((.*)\)$/, '$1');
  if (!inner) return undefined;
  if (ATOMS[inner]) return { dims: { ...ATOMS[inner][0] }, scale: ATOMS[inner][1], text };
  const words = inner.split(/[·*.×•・]/);
  if (words.length < 2) return undefined;
  const dims: Dims = {};
  let scale = 1;
  for (const w of words) {
    const atom = ATOMS[w];
    if (!atom) return undefined;
    for (const [d, e] of Object.entries(atom[0])) dims[d] = (dims[d] ?? 0) + e;
    scale *= atom[1];
  }
  return { dims, scale, text };
}

/**
 * A row's unit. An annual quantity may say so ('kWh/a', 'kWh/(m²·a)' for an intensity per floor area): the
 * '/a' part is what the field's title already says and is not part of the quantity's dimension.
 */
export function parseUnit(text: unknown): Unit | undefined {
  return remembered(parsedUnits, text, readUnit);
}

function readUnit(text: unknown): Unit | undefined {
  const t = normalizeUnit(text).replace(/\/\(?(m2)?[·.*]?(a|年)\)?$/, '');
  return t ? product(t) : undefined;
}

export interface FactorUnit {
  /** kg per one of the numerator's mass (gCO2e → 0.001, tCO2 → 1000) */
  co2: number;
  /** the numerator as written, with kg in front ('kgCO2e') */
  kgText: string;
  per: Unit;
}

/** 'kgCO2e/(t·km)', 'tCO2/TJ', 'gCO2e/kWh' → the numerator's scale to kg and the denominator; else undefined. */
export function parseFactorUnit(text: unknown): FactorUnit | undefined {
  return remembered(parsedFactorUnits, text, readFactorUnit);
}

function readFactorUnit(text: unknown): FactorUnit | undefined {
  const t = normalizeUnit(text);
  const m = /^(g|kg|t|克|千克|吨)(co2(?:e|eq|-eq|当量)?)\/(.+)$/i.exec(t);
  if (!m) return undefined;
  // a denominator no table knows (扇樘) is a unit of its own: it matches only a row unit written the same
  const per = product(m[3]) ?? { dims: { [`?${m[3]}`]: 1 }, scale: 1, text: m[3] };
  const co2 = { g: 0.001, 克: 0.001, kg: 1, 千克: 1, t: 1000, 吨: 1000 }[m[1].toLowerCase() as 'g'] ?? 1;
  return { co2, kgText: `kg${m[2].replace(/^co2/i, 'CO2')}`, per };
}

// (kept per dimensions object: parsed units are remembered and never changed, and a conversion compares keys often)
const dimKeys = new WeakMap<Dims, string>();
const dimKey = (d: Dims) => {
  let key = dimKeys.get(d);
  if (key === undefined) {
    key = Object.entries(d)
      .filter(([, e]) => e !== 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, e]) => `${k}${e}`)
      .join('·');
    dimKeys.set(d, key);
  }
  return key;
};

const isMass = (d: Dims) => dimKey(d) === 'M1';
/** A single-word dimension a density can bridge to mass: volume, area, length or a piece. */
const bridgeable = (d: Dims) => ['L3', 'L2', 'L1'].includes(dimKey(d)) || /^#[^·]+1$/.test(dimKey(d));
const BASE_TEXT: Record<string, string> = { M1: 'kg', L3: 'm3', L2: 'm2', L1: 'm', E1: 'MJ' };
const baseText = (d: Dims) => BASE_TEXT[dimKey(d)] ?? dimKey(d).replace(/^#(.+)1$/, '$1');

/** What a row knows that can bridge two dimensions. */
export interface Bridges {
  /** the material's density: t per m³, m², m or piece (the base of the row's or the factor's non-mass unit) */
  density?: unknown;
  /** the row's energy kind (its calorific value and, for a liquid fuel, its density) */
  energy?: unknown;
}

export type Conversion =
  | { ok: true; value: number; steps: string[] }
  | { ok: false; field: 'unit' | 'factorUnit'; message: string };

const num = (v: number) => shortNumber(v);

/**
 * `amount` in `unitText` converted to the denominator of `factorUnitText`. `strict`: the amount comes from a
 * formula with a fixed unit (kWh of a lighting system) and takes only a factor of that very dimension. An empty
 * factor unit means "per the row's unit" and an empty row unit "in the factor's unit" — said in the steps.
 */
export function convertToFactor(amount: number, unitText: unknown, factorUnitText: unknown, bridges: Bridges = {}, strict = false): Conversion {
  const fu = normalizeUnit(factorUnitText);
  const u = normalizeUnit(unitText);
  if (!fu) return { ok: true, value: amount, steps: u ? [`因子单位未填写：按每${u}计`] : [] };
  const factor = parseFactorUnit(fu);
  if (!factor) return { ok: false, field: 'factorUnit', message: `无法识别排放因子单位「${String(factorUnitText).trim()}」（应为 kgCO2e/单位、tCO2/单位 或 gCO2e/单位）` };
  if (!u) return { ok: true, value: amount, steps: [`用量单位未填写：按因子单位 ${factor.per.text} 计`] };
  if (u === factor.per.text.replace(/^\((.*)\)$/, '$1') || u === factor.per.text) return { ok: true, value: amount, steps: [] };
  const from = parseUnit(u);
  const mismatch = (why: string) => ({ ok: false as const, field: 'unit' as const, message: `用量单位「${String(unitText).trim()}」与排放因子单位「${String(factorUnitText).trim()}」不一致，${why}` });
  if (!from) return mismatch('且无法识别用量单位');
  const to = factor.per;
  if (dimKey(from.dims) === dimKey(to.dims)) {
    const value = (amount * from.scale) / to.scale;
    return { ok: true, value, steps: from.scale === to.scale ? [] : [`${num(amount)} ${from.text} = ${num(value)} ${to.text}`] };
  }
  if (strict) return mismatch(`本系统按公式算得的是${from.text}，只能采用每${from.text}（或同量纲单位）的因子`);
  return bridge(amount, from, to, bridges) ?? mismatch(missingBridge(from, to, bridges));
}

/** Why two dimensions could not be bridged, in the user's words. */
function missingBridge(from: Unit, to: Unit, b: Bridges): string {
  const fuel = FUELS[String(b.energy ?? '') as EnergyKind];
  const keys = [dimKey(from.dims), dimKey(to.dims)];
  if (keys.includes('E1') && b.energy) return fuel ? '且该能源无法按低位发热量换算' : '且该能源没有低位发热量，无法换算';
  if ((isMass(from.dims) && bridgeable(to.dims)) || (isMass(to.dims) && bridgeable(from.dims))) return '且该材料没有密度';
  return '无法换算';
}

/** A step between dimensions: `rate` base units of `to` per base unit of the step's start, and its words. */
type Edge = { to: string; rate: number; how: string };

// The chain between two dimensions with one density and fuel is found once (an import converts thousands of lines
// over the same few chains); null: none within 3 steps.
const paths = new Map<unknown, Edge[] | null>();

/** Converts across dimensions through the row's density or its fuel's data: a shortest chain of at most 3 steps. */
function bridge(amount: number, from: Unit, to: Unit, b: Bridges): Conversion | undefined {
  const density = b.density === null || b.density === undefined || b.density === '' ? NaN : Number(b.density);
  const key = `${dimKey(from.dims)}>${dimKey(to.dims)}|${density}|${String(b.energy ?? '')}`;
  const path = remembered(paths, key, () => shortestPath(from, to, density, FUELS[String(b.energy ?? '') as EnergyKind]));
  return path ? walk(amount, from, to, path) : undefined;
}

function shortestPath(from: Unit, to: Unit, density: number, fuel: (typeof FUELS)[EnergyKind] | undefined): Edge[] | null {
  const edges = new Map<string, Edge[]>();
  const add = (a: string, z: string, rate: number, how: string, back: string) => {
    edges.set(a, [...(edges.get(a) ?? []), { to: z, rate, how }]);
    edges.set(z, [...(edges.get(z) ?? []), { to: a, rate: 1 / rate, how: back }]);
  };
  if (Number.isFinite(density) && density > 0) {
    const other = isMass(from.dims) ? to.dims : from.dims;
    if (bridgeable(other)) {
      const per = baseText(other);
      add(dimKey(other), 'M1', density * 1000, `× 密度 ${num(density)} t/${per}`, `÷ 密度 ${num(density)} t/${per}`);
    }
  }
  if (fuel?.density) add('L3', 'M1', fuel.density, `× 密度 ${num(fuel.density)} kg/m3`, `÷ 密度 ${num(fuel.density)} kg/m3`);
  if (fuel?.ncvPerKg) add('M1', 'E1', fuel.ncvPerKg, `× 低位发热量 ${num(fuel.ncvPerKg)} MJ/kg`, `÷ 低位发热量 ${num(fuel.ncvPerKg)} MJ/kg`);
  if (fuel?.ncvPerM3) add('L3', 'E1', fuel.ncvPerM3, `× 低位发热量 ${num(fuel.ncvPerM3)} MJ/m3`, `÷ 低位发热量 ${num(fuel.ncvPerM3)} MJ/m3`);
  const start = dimKey(from.dims);
  const goal = dimKey(to.dims);
  // breadth first over the few dimensions there are
  const queue: { at: string; path: Edge[] }[] = [{ at: start, path: [] }];
  const seen = new Set([start]);
  while (queue.length) {
    const { at, path } = queue.shift()!;
    if (at === goal) return path;
    if (path.length >= 3) continue;
    for (const e of edges.get(at) ?? []) {
      if (seen.has(e.to)) continue;
      seen.add(e.to);
      queue.push({ at: e.to, path: [...path, e] });
    }
  }
  return null;
}

/** The chain's value and its steps in words: '20 t = 20,000 kg', '20,000 kg × 低位发热量 42.652 MJ/kg = 853,040 MJ', … */
function walk(amount: number, from: Unit, to: Unit, path: Edge[]): Conversion {
  const steps: string[] = [];
  let value = amount * from.scale;
  let text = baseText(from.dims);
  if (from.scale !== 1 || from.text !== text) steps.push(`${num(amount)} ${from.text} = ${num(value)} ${text}`);
  for (const e of path) {
    const next = value * e.rate;
    const nextText = BASE_TEXT[e.to] ?? e.to.replace(/^#(.+)1$/, '$1');
    steps.push(`${num(value)} ${text} ${e.how} = ${num(next)} ${nextText}`);
    value = next;
    text = nextText;
  }
  const out = value / to.scale;
  if (to.scale !== 1 || to.text !== text) steps.push(`${num(value)} ${text} = ${num(out)} ${to.text}`);
  return { ok: true, value: out, steps };
}

/** The factor value per kg of CO2e: a gCO2e factor × 0.001, a tCO2 factor × 1000; unchanged when unknown or empty. */
export function factorInKg(value: number, factorUnitText: unknown): { value: number; step?: string } {
  const f = parseFactorUnit(factorUnitText);
  if (!f || f.co2 === 1) return { value };
  const kg = value * f.co2;
  return { value: kg, step: `${num(value)} ${normalizeUnit(factorUnitText)} = ${num(kg)} ${f.kgText}/${f.per.text}` };
}

/** The energy per machine shift is in the energy's own unit (GB/T 51366 表C.0.1): kWh of electricity, kg of a fuel. */
export function shiftEnergyUnit(energy: unknown): string {
  return energy === 'electricity' ? 'kWh' : energy === 'naturalGas' ? 'm3' : energy === 'heat' ? 'GJ' : 'kg';
}

// Transport mass (GB/T 51366 §6.3, M_i in tonnes) from a row's quantity unit: a mass unit converts by itself
// (t × 1, kg ÷ 1000); any other unit (m³, m², 块, 樘 …) needs the material's density in t per that unit's base
// (t/m³ for litres too). No density, no mass: the row is refused on save rather than guessed (issue 11 §1).

/** t per unit of the row's quantity, or NaN when it cannot be known. */
export function massPerUnit(unit: unknown, density: unknown): number {
  const u = parseUnit(unit);
  if (u && isMass(u.dims)) return u.scale / 1000;
  const d = density === null || density === undefined || density === '' ? NaN : Number(density);
  if (!(Number.isFinite(d) && d > 0)) return NaN;
  return u && bridgeable(u.dims) ? d * u.scale : d;
}

/** How the mass was found, in words (the trace). */
export function massRule(unit: unknown): string {
  const u = parseUnit(unit);
  if (u && isMass(u.dims)) return u.scale === 1000 ? '以吨计，质量 = 用量' : u.scale === 1 ? '以千克计，质量 = 用量 ÷ 1000' : `以${u.text}计，质量 = 用量 × ${num(u.scale / 1000)}`;
  if (u && bridgeable(u.dims) && u.scale !== 1) return `质量 = 用量 × ${num(u.scale)} × 密度(t/${baseText(u.dims)})`;
  return `质量 = 用量 × 密度(t/${String(unit ?? '').trim() || '单位'})`;
}
