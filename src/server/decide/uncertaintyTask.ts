// The uncertainty analysis's arithmetic, run in a pool thread (jobs/threadPool.ts): the engine run
// four times over the building's rows (nominal, grid factor, design life and every distance moved by 10 %), each
// row's elasticities, then the Monte Carlo draws (src/calc/decide/montecarlo.ts) — seconds of CPU for a large
// building at 20 000 draws. uncertainty.ts reads the rows and writes the answer's texts on the main thread.
// Only data crosses: the stage schemas and rows in, the bands, histogram and tornado out.
import { DATA_QUALITY, QUALITY_VALUES, type DataQuality } from '../../../schemas/factors/kinds';
import { calculateBuilding, type StageInput } from '../../calc/building';
import {
  DISTANCE_BAND,
  LIFE_BAND,
  QUALITY_BANDS,
  simulate,
  symmetric,
  type McRow,
  type Tri,
} from '../../calc/decide/montecarlo';
import { formatNumber } from '../../calc/format';
import type { BuildingContext, Row } from '../../calc/stage';

export interface UncertaintyJob {
  /** each stage's schema, rows and method (no server objects: they cross to the thread) */
  inputs: StageInput[];
  ctx: BuildingContext;
  /** library names of the factors the rows use, by id */
  factorNames: Map<number, string>;
  /** the grid factor's range (gridRange.ts), used when a row depends on the grid factor */
  gridTri: Tri | null;
  draws: number;
  seed: number;
}

export type Simulated = ReturnType<typeof simulate>;

export interface UncertaintyResult {
  sim: Simulated;
  /** some row depends on the grid factor (the grid range was drawn) / on a transport distance */
  grid: boolean;
  distance: boolean;
  /** ms the draws took */
  elapsedMs: number;
}

export const STEP = 1.1;
const QUALITY_LABEL = Object.fromEntries(DATA_QUALITY) as Record<DataQuality, string>;
export const pctText = (h: number) => `±${formatNumber(h * 100, 0)}%`;

type Emissions = Map<string, number>;

function emissions(inputs: StageInput[], ctx: BuildingContext): Emissions {
  const out: Emissions = new Map();
  for (const s of calculateBuilding(inputs, ctx).stages)
    for (const r of s.rows) if (r.emission != null) out.set(`${s.code}#${r.id}`, r.emission);
  return out;
}

const elasticity = (base: number, moved: number | undefined) => {
  if (moved === undefined || base === 0 || !(moved / base > 0)) return 0;
  const e = Math.log(moved / base) / Math.log(STEP);
  return Math.abs(e) < 1e-9 ? 0 : Math.round(e * 1e6) / 1e6;
};

const withDistances = (inputs: StageInput[]): StageInput[] =>
  inputs.map((s) => ({
    ...s,
    rows: s.rows.map((r) => {
      const moved: Row = { ...r };
      for (const k of ['distance', 'defaultDistance']) if (typeof r[k] === 'number') moved[k] = (r[k] as number) * STEP;
      return moved;
    }),
  }));

/** Which inputs each row depends on, found by running the engine again with each input moved by 10 %. */
function mcRows({ inputs, ctx, factorNames }: UncertaintyJob): McRow[] {
  const base = emissions(inputs, ctx);
  const grid = ctx.gridFactor ? emissions(inputs, { ...ctx, gridFactor: ctx.gridFactor * STEP }) : new Map();
  const life = emissions(inputs, { ...ctx, years: ctx.years * STEP });
  const distance = emissions(withDistances(inputs), ctx);
  const rows: McRow[] = [];
  for (const s of inputs) {
    const code = s.schema['x-stage']!.code;
    for (const r of s.rows) {
      const key = `${code}#${r.id}`;
      const e0 = base.get(key);
      if (!e0) continue;
      const g = elasticity(e0, grid.get(key));
      const quality = (QUALITY_VALUES as string[]).includes(String(r.quality))
        ? (r.quality as DataQuality)
        : 'estimate';
      const label = String(r.materialName ?? r.name ?? `#${r.id}`);
      const factorKey = g >= 0.5 ? null : typeof r.factorId === 'number' ? `f${r.factorId}` : `${key}`;
      const name = typeof r.factorId === 'number' ? (factorNames.get(r.factorId) ?? label) : label;
      rows.push({
        emission: e0,
        grid: g,
        life: elasticity(e0, life.get(key)),
        distance: elasticity(e0, distance.get(key)),
        factorKey,
        quality,
        label,
        factorLabel: `${name}（${QUALITY_LABEL[quality]} ${pctText(QUALITY_BANDS[quality])}）`,
      });
    }
  }
  return rows;
}

export default function uncertaintyDraws(job: UncertaintyJob): UncertaintyResult {
  const rows = mcRows(job);
  const grid = rows.some((r) => r.grid !== 0);
  const quality = Object.fromEntries(QUALITY_VALUES.map((q) => [q, symmetric(QUALITY_BANDS[q])])) as Record<
    DataQuality,
    Tri
  >;
  const started = performance.now();
  const { ctx, draws, seed } = job;
  const sim = simulate({
    rows,
    grid: grid ? job.gridTri : null,
    life: symmetric(LIFE_BAND),
    distance: symmetric(DISTANCE_BAND),
    quality,
    area: ctx.area,
    years: ctx.years,
    draws,
    seed,
  });
  const elapsedMs = Math.round((performance.now() - started) * 100) / 100;
  return { sim, grid, distance: rows.some((r) => r.distance !== 0), elapsedMs };
}
