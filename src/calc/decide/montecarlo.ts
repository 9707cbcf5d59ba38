// Uncertainty of a result, pure: every row's emission scaled by the uncertain inputs it depends on —
// the grid factor and the design life (one draw each per trial), its transport distance (one draw per row) and its
// factor's data-quality class (one draw per distinct factor) — each input a triangular distribution of multipliers
// of its nominal value. Row i in trial k: E_i × Π_j r_jk^e_ij, with e_ij the row's elasticity to input j (found by
// the caller by re-running the engine with the input moved; 1 for a row proportional to it, 0 for one that does not
// read it). Seeded: the same seed gives the same draws.
import { roundTo } from '../format';
import type { DataQuality } from '../quality';

/** A triangular distribution of multipliers: low ≤ mode ≤ high (mode 1 = the nominal value). */
export interface Tri {
  low: number;
  mode: number;
  high: number;
}

/**
 * Default half-widths by data-quality class (the documented bands, docs/decision-tools.md "不确定性分析"): a factor of class
 * q is triangular (1 − h, 1, 1 + h). 实测 metered ±5 %, EPD ±10 %, 标准默认值 ±20 %, 数据库 ±30 %, 估算 ±50 %.
 */
export const QUALITY_BANDS: Record<DataQuality, number> = {
  metered: 0.05,
  epd: 0.1,
  standard: 0.2,
  database: 0.3,
  estimate: 0.5,
};
/** Design life ±20 %, transport distance ±50 % (triangular, mode the entered value). */
export const LIFE_BAND = 0.2;
export const DISTANCE_BAND = 0.5;

export const symmetric = (h: number): Tri => ({ low: 1 - h, mode: 1, high: 1 + h });

export interface McRow {
  /** kg at the nominal inputs */
  emission: number;
  /** elasticities to the grid factor, the design life and the row's own distance */
  grid: number;
  life: number;
  distance: number;
  /** rows sharing a factor share its quality draw; null: no factor uncertainty */
  factorKey: string | null;
  quality: DataQuality;
  /** what the row is, for the tornado ('C30混凝土') */
  label: string;
  factorLabel: string;
}

export interface McInput {
  rows: McRow[];
  /**
   * null: the grid factor is not uncertain (no row reads it, or no range known). Two-sided around 1 (the building's own
   * factor: src/server/decide/gridRange.ts), so the nominal figure lies inside its band.
   */
  grid: Tri | null;
  life: Tri;
  distance: Tri;
  quality: Record<DataQuality, Tri>;
  /** m² and a, for the intensity (kgCO2e/(m²·a)); area 0: no intensity */
  area: number;
  years: number;
  draws: number;
  seed: number;
}

export interface Band {
  nominal: number;
  mean: number;
  sd: number;
  p10: number;
  p50: number;
  p90: number;
}

export interface TornadoBar {
  label: string;
  kind: 'grid' | 'life' | 'distance' | 'quality';
  low: number;
  high: number;
  swing: number;
}

/** mulberry32: a small, fast, seedable generator (uniform in [0, 1)). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The triangular distribution's quantile at u (its inverse CDF). */
export function triQuantile(d: Tri, u: number): number {
  const { low: a, mode: c, high: b } = d;
  if (b <= a) return c;
  const fc = (c - a) / (b - a);
  return u < fc ? a + Math.sqrt(u * (b - a) * (c - a)) : b - Math.sqrt((1 - u) * (b - a) * (b - c));
}

export const triMean = (d: Tri) => (d.low + d.mode + d.high) / 3;
export const triVariance = (d: Tri) =>
  (d.low ** 2 + d.mode ** 2 + d.high ** 2 - d.low * d.mode - d.low * d.high - d.mode * d.high) / 18;

const pow = (r: number, e: number) => (e === 0 ? 1 : e === 1 ? r : r ** e);

/** The p-quantile of sorted values (linear between order statistics). */
export function quantile(sorted: Float64Array | number[], p: number): number {
  if (!sorted.length) return 0;
  const x = (sorted.length - 1) * p;
  const i = Math.floor(x);
  const j = Math.min(i + 1, sorted.length - 1);
  return sorted[i] + (sorted[j] - sorted[i]) * (x - i);
}

function band(values: Float64Array, nominal: number, decimals: number): Band {
  const n = values.length;
  let sum = 0;
  for (let k = 0; k < n; k++) sum += values[k];
  const mean = sum / n;
  let ss = 0;
  for (let k = 0; k < n; k++) ss += (values[k] - mean) ** 2;
  const sorted = Float64Array.from(values).sort();
  const r = (v: number) => roundTo(v, decimals);
  return {
    nominal: r(nominal),
    mean: r(mean),
    sd: r(Math.sqrt(ss / Math.max(n - 1, 1))),
    p10: r(quantile(sorted, 0.1)),
    p50: r(quantile(sorted, 0.5)),
    p90: r(quantile(sorted, 0.9)),
  };
}

export function histogram(values: Float64Array, bins = 20): { from: number; to: number; count: number }[] {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!values.length) return [];
  const width = max > min ? (max - min) / bins : 1;
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v - min) / width))]++;
  return counts.map((count, i) => ({
    from: roundTo(min + i * width, 4),
    to: roundTo(min + (i + 1) * width, 4),
    count,
  }));
}

/** The draws: totals in tCO2e and intensities; the bands, the histogram and the tornado of the ten largest swings. */
export function simulate(input: McInput) {
  const { rows, draws } = input;
  const next = rng(input.seed);
  const keys = [...new Set(rows.map((r) => r.factorKey).filter((k): k is string => k !== null))];
  const keyIndex = new Map(keys.map((k, i) => [k, i]));
  const rowKey = rows.map((r) => (r.factorKey === null ? -1 : keyIndex.get(r.factorKey)!));
  const keyQuality = keys.map((k) => input.quality[rows.find((r) => r.factorKey === k)!.quality]);
  const factorDraw = new Float64Array(keys.length);
  const totals = new Float64Array(draws);
  const intensities = new Float64Array(draws);
  const nominal = rows.reduce((a, r) => a + r.emission, 0);
  for (let k = 0; k < draws; k++) {
    const g = input.grid ? triQuantile(input.grid, next()) : 1;
    const life = triQuantile(input.life, next());
    for (let q = 0; q < keys.length; q++) factorDraw[q] = triQuantile(keyQuality[q], next());
    let sum = 0;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      let e = r.emission * pow(g, r.grid) * pow(life, r.life);
      if (r.distance !== 0) e *= pow(triQuantile(input.distance, next()), r.distance);
      if (rowKey[i] >= 0) e *= factorDraw[rowKey[i]];
      sum += e;
    }
    totals[k] = sum / 1000;
    intensities[k] = input.area > 0 && input.years > 0 ? sum / (input.area * input.years * life) : 0;
  }
  const intensityNominal = input.area > 0 && input.years > 0 ? nominal / (input.area * input.years) : 0;
  return {
    total: band(totals, nominal / 1000, 2),
    intensity: input.area > 0 && input.years > 0 ? band(intensities, intensityNominal, 2) : null,
    histogram: histogram(totals),
    tornado: tornado(input, nominal),
  };
}

/** Each input alone at its P10 and P90, the others nominal: the total's swing (t); the ten largest. */
export function tornado(
  input: McInput,
  nominal = input.rows.reduce((a, r) => a + r.emission, 0),
  n = 10,
): TornadoBar[] {
  const bars: TornadoBar[] = [];
  const moved = (pick: (r: McRow) => number, d: Tri, p: number) => {
    const m = triQuantile(d, p);
    return input.rows.reduce((a, r) => a + r.emission * (pow(m, pick(r)) - 1), 0);
  };
  const add = (label: string, kind: TornadoBar['kind'], pick: (r: McRow) => number, d: Tri) => {
    const low = (nominal + moved(pick, d, 0.1)) / 1000;
    const high = (nominal + moved(pick, d, 0.9)) / 1000;
    if (low !== high)
      bars.push({ label, kind, low: roundTo(low, 4), high: roundTo(high, 4), swing: roundTo(Math.abs(high - low), 4) });
  };
  if (input.grid) add('电网排放因子', 'grid', (r) => r.grid, input.grid);
  add('设计使用年限', 'life', (r) => r.life, input.life);
  input.rows.forEach((row, i) => {
    if (row.distance !== 0)
      add(`运输距离：${row.label}`, 'distance', (r) => (r === input.rows[i] ? r.distance : 0), input.distance);
  });
  const keys = [...new Set(input.rows.map((r) => r.factorKey).filter((k): k is string => k !== null))];
  for (const key of keys) {
    const first = input.rows.find((r) => r.factorKey === key)!;
    add(`因子：${first.factorLabel}`, 'quality', (r) => (r.factorKey === key ? 1 : 0), input.quality[first.quality]);
  }
  return bars.sort((a, b) => b.swing - a.swing).slice(0, n);
}
