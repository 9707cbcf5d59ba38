// Unit texts read: a row's unit ('t', 'kWh/a', '100m2') and a factor's unit ('kgCO2e/(t·km)') into a dimension and
// a scale, each text read once. Apart from the conversions (./units.ts) because many callers (the budget import's
// checks, the stored rows' unit upgrade) only read units and convert nothing.
import { shortNumber } from './format';
import { ATOMS, type Dims } from './unitWords';
import type { Unit } from './bridges';

/** Full-width letters and digits to half-width, superscripts to digits, ㎡ and ㎥ spelled out, no spaces. */
export function normalizeUnit(text: unknown): string {
  return remembered(normalized, text, normalize);
}

function normalize(text: unknown): string {
  return (
    String(text ?? '')
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
      .trim()
  );
}

// A building's rows use a handful of unit texts; every row is converted on each recalculation and import, so
// each text is read once (the results are never changed by a caller). Bounded: cleared past 1 000 texts.
const normalized = new Map<unknown, string>();
const parsedUnits = new Map<unknown, Unit | undefined>();
const parsedFactorUnits = new Map<unknown, FactorUnit | undefined>();
export function remembered<T>(cache: Map<unknown, T>, text: unknown, read: (text: unknown) => T): T {
  const hit = cache.get(text);
  if (hit !== undefined || cache.has(text)) return hit as T;
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
  // a quota's unit counts several of a unit (定额 10m3, 100m2): 12.5 of 100m2 are 1 250 m2
  const many = /^(\d+(?:\.\d+)?)(\D.*)$/.exec(t);
  const u = many ? product(many[2]) : t ? product(t) : undefined;
  return many && u && Number(many[1]) > 0 ? { ...u, scale: u.scale * Number(many[1]), text: t } : many ? undefined : u;
}

export interface FactorUnit {
  /** kg per one of the numerator's mass (gCO2e → 0.001, tCO2 → 1000) */
  co2: number;
  /** the numerator as written, with kg in front ('kgCO2e') */
  kgText: string;
  per: Unit;
  /** the denominator as a row's unit would say it: '(t·km)' → 't·km' */
  perAsUnit: string;
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
  return { co2, kgText: `kg${m[2].replace(/^co2/i, 'CO2')}`, per, perAsUnit: per.text.replace(/^\((.*)\)$/, '$1') };
}

const num = (v: number) => shortNumber(v);

/** The factor value per kg of CO2e: a gCO2e factor × 0.001, a tCO2 factor × 1000; unchanged when unknown or empty. */
export function factorInKg(value: number, factorUnitText: unknown): { value: number; step?: string } {
  const f = parseFactorUnit(factorUnitText);
  if (!f || f.co2 === 1) return { value };
  const kg = value * f.co2;
  return { value: kg, step: `${num(value)} ${normalizeUnit(factorUnitText)} = ${num(kg)} ${f.kgText}/${f.per.text}` };
}

/**
 * The unit of a machine's energy per shift: the row's own ('t', 'kWh/台班'), else its energy's (GB/T 51366 表C.0.1): kWh
 * of electricity, kg of a fuel.
 */
export function shiftEnergyUnit(energy: unknown, own?: unknown): string {
  const u = normalizeUnit(own).replace(/\/台班$/, '');
  if (u) return u;
  return energy === 'electricity' ? 'kWh' : energy === 'naturalGas' ? 'm3' : energy === 'heat' ? 'GJ' : 'kg';
}
