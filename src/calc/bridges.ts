// The steps that cross dimensions (src/calc/units.ts finds a chain of them): a material's density between a mass and
// the one unit it was given for, a piece's or a sheet's size between the row's unit and a volume, area or length, and a
// fuel's calorific value and liquid density. Each is a link between two dimensions with its rate and its words, so
// the trace says what was used — and a density given per m³ never weighs a brick counted in 千块.
import { FUELS } from './fuels';
import { shortNumber } from './format';
import type { EnergyKind } from '../../schemas/factors/kinds';
import type { Dims } from './unitWords';

export interface Unit {
  dims: Dims;
  /** base units per one of this unit (t → 1000 kg) */
  scale: number;
  /** the text it was read from (trimmed) */
  text: string;
}

// (kept per dimensions object: parsed units are remembered and never changed, and a conversion compares keys often)
const dimKeys = new WeakMap<Dims, string>();
export const dimKey = (d: Dims) => {
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

export const isMass = (d: Dims) => dimKey(d) === 'M1';
const isPiece = (key: string) => /^#[^·]+1$/.test(key);
/** A single-word dimension a density can bridge to mass: volume, area, length or a piece. */
export const bridgeable = (d: Dims) => ['L3', 'L2', 'L1'].includes(dimKey(d)) || isPiece(dimKey(d));
const BASE_TEXT: Record<string, string> = { M1: 'kg', L3: 'm3', L2: 'm2', L1: 'm', E1: 'MJ' };
export const keyText = (key: string) => BASE_TEXT[key] ?? key.replace(/^#(.+)1$/, '$1');
export const baseText = (d: Dims) => keyText(dimKey(d));

const num = (v: number) => shortNumber(v);

/** Two dimensions joined: `rate` base units of `z` per base unit of `a`, and the words each way. */
export interface Link {
  a: string;
  z: string;
  rate: number;
  how: string;
  back: string;
}

/** One step of a chain: `rate` base units of `to` per base unit of where it starts. */
export type Edge = { to: string; rate: number; how: string };

/**
 * A material's density `value` in `massKg` kg per one `per` (1.9 t/m3: 1 900 kg per m³; 1.9 t/千块: 1.9 kg per 块),
 * joining the mass and the density unit's own dimension only.
 */
export function densityLink(value: number, per: Unit, massKg: number, text: string): Link | undefined {
  if (!(Number.isFinite(value) && value > 0) || !bridgeable(per.dims)) return undefined;
  const words = `密度 ${num(value)} ${text}`;
  return { a: dimKey(per.dims), z: 'M1', rate: (value * massKg) / per.scale, how: `× ${words}`, back: `÷ ${words}` };
}

/** A size in mm: '240×115×53', '240*115*53mm', '厚20', '20mm'; undefined when not one. */
export function readSize(text: unknown): number[] | undefined {
  const t = String(text ?? '')
    .replace(/\s+/g, '')
    .replace(/^厚/, '')
    .replace(/mm$/i, '');
  if (!/^\d+(\.\d+)?([×xX*＊]\d+(\.\d+)?){0,2}$/.test(t)) return undefined;
  const sizes = t.split(/[×xX*＊]/).map(Number);
  return sizes.every((s) => s > 0) ? sizes : undefined;
}

/**
 * What a size says about one of the row's unit: a piece of 3 sizes is a volume (240×115×53 mm: 0.0014628 m³ per 块),
 * of 2 an area, of 1 a length; a square metre of 1 size is a volume (a sheet's thickness), a metre of 2 a volume (a
 * section) and of 1 an area (a strip's width). Anything else says nothing.
 */
export function sizeLink(row: Unit, sizes: number[]): Link | undefined {
  const from = dimKey(row.dims);
  const n = sizes.length;
  const to = isPiece(from)
    ? `L${n}`
    : from === 'L2' && n === 1
      ? 'L3'
      : from === 'L1' && n <= 2
        ? `L${n + 1}`
        : undefined;
  if (!to) return undefined;
  const rate = sizes.reduce((a, s) => a * (s / 1000), 1);
  const words = `规格 ${sizes.map(num).join('×')} mm（${num(rate)} ${keyText(to)}/${keyText(from)}）`;
  return { a: from, z: to, rate, how: `× ${words}`, back: `÷ ${words}` };
}

/** A fuel's own calorific value: `mjPer` MJ per one `per` (a mass or a volume). */
export interface OwnCalorific {
  mjPer: number;
  per: Unit;
  text: string;
}

/**
 * A fuel's links: its own calorific value when the row has one, else the energy kind's default (a default that
 * stands for a whole family says so: 默认值（原煤）); and a liquid's density by the litre.
 */
export function fuelLinks(energy: unknown, own: OwnCalorific | undefined): Link[] {
  const fuel = FUELS[String(energy ?? '') as EnergyKind];
  const links: Link[] = [];
  if (fuel?.density)
    links.push({
      a: 'L3',
      z: 'M1',
      rate: fuel.density,
      how: `× 密度 ${num(fuel.density)} kg/m3`,
      back: `÷ 密度 ${num(fuel.density)} kg/m3`,
    });
  const ncv = (perKey: string, rate: number, text: string) =>
    links.push({ a: perKey, z: 'E1', rate, how: `× 低位发热量 ${text}`, back: `÷ 低位发热量 ${text}` });
  if (own) ncv(dimKey(own.per.dims), own.mjPer / own.per.scale, own.text);
  else {
    const note = fuel?.defaultOf ? `（默认值（${fuel.defaultOf}））` : '';
    if (fuel?.ncvPerKg) ncv('M1', fuel.ncvPerKg, `${num(fuel.ncvPerKg)} MJ/kg${note}`);
    if (fuel?.ncvPerM3) ncv('L3', fuel.ncvPerM3, `${num(fuel.ncvPerM3)} MJ/m3${note}`);
  }
  return links;
}

/** The shortest chain of at most 3 steps from one dimension to another over the links; null when there is none. */
export function shortestPath(start: string, goal: string, links: Link[]): Edge[] | null {
  const edges = new Map<string, Edge[]>();
  for (const l of links) {
    edges.set(l.a, [...(edges.get(l.a) ?? []), { to: l.z, rate: l.rate, how: l.how }]);
    edges.set(l.z, [...(edges.get(l.z) ?? []), { to: l.a, rate: 1 / l.rate, how: l.back }]);
  }
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

/** The chain's value (its steps in words: walkSteps). */
export function walk(amount: number, from: Unit, to: Unit, path: Edge[]): number {
  let value = amount * from.scale;
  for (const e of path) value *= e.rate;
  return value / to.scale;
}

/** The chain's steps in words: '20 t = 20,000 kg', '20,000 kg × 低位发热量 42.652 MJ/kg = 853,040 MJ', … */
export function walkSteps(amount: number, from: Unit, to: Unit, path: Edge[]): string[] {
  const steps: string[] = [];
  let value = amount * from.scale;
  let text = baseText(from.dims);
  if (from.scale !== 1 || from.text !== text) steps.push(`${num(amount)} ${from.text} = ${num(value)} ${text}`);
  for (const e of path) {
    const next = value * e.rate;
    const nextText = keyText(e.to);
    steps.push(`${num(value)} ${text} ${e.how} = ${num(next)} ${nextText}`);
    value = next;
    text = nextText;
  }
  if (to.scale !== 1 || to.text !== text) steps.push(`${num(value)} ${text} = ${num(value / to.scale)} ${to.text}`);
  return steps;
}
