// Uncertainty (issue 13 §5): 2 000 Monte Carlo draws over a 1 000-row building (src/calc/decide/montecarlo.ts
// simulate: bands, histogram, tornado) — goal under 1 s. The floor: the same number of uniform draws, each
// multiplied into a row's emission and summed, in a bare loop (the least any simulation of these rows must do).
// Uses no database.
import { QUALITY_BANDS, rng, simulate, symmetric, type McInput, type McRow } from '../../src/calc/decide/montecarlo';
import type { Result } from '../lib/report';
import { interleaved, median, round1 } from '../lib/stats';
import type { Ctx } from './context';

const ROWS = 1000;
const DRAWS = 2000;
const GOAL_MS = 1000;

/** 600 material rows on 150 factors, 300 transport rows (distance), 100 operation rows (grid and life). */
function building(): McInput {
  const rows: McRow[] = [];
  for (let i = 0; i < ROWS; i++) {
    const kind = i < 600 ? 'material' : i < 900 ? 'transport' : 'operation';
    rows.push({
      emission: 100 + (i % 97) * 37,
      grid: kind === 'operation' ? 1 : 0,
      life: kind === 'operation' ? 1 : 0,
      distance: kind === 'transport' ? 1 : 0,
      factorKey: kind === 'operation' ? null : `f${i % 150}`,
      quality: (['standard', 'database', 'estimate', 'epd'] as const)[i % 4],
      label: `行${i}`,
      factorLabel: `因子${i % 150}`,
    });
  }
  const quality = Object.fromEntries(Object.entries(QUALITY_BANDS).map(([k, h]) => [k, symmetric(h)])) as McInput['quality'];
  return { rows, grid: { low: 0.91, mode: 1, high: 1.09 }, life: symmetric(0.2), distance: symmetric(0.5), quality, area: 10000, years: 50, draws: DRAWS, seed: 1 };
}

function floor(input: McInput): number {
  const next = rng(input.seed);
  const e = Float64Array.from(input.rows.map((r) => r.emission));
  let acc = 0;
  for (let k = 0; k < input.draws; k++) {
    let sum = 0;
    for (let i = 0; i < e.length; i++) sum += e[i] * next();
    acc += sum;
  }
  return acc;
}

export async function uncertaintyMeasures(ctx: Ctx): Promise<Result[]> {
  const input = building();
  ctx.log(`  uncertainty: ${ROWS} rows × ${DRAWS} draws, ${ctx.opts.rounds} rounds`);
  const [ours, base] = await interleaved(ctx.opts.rounds, [async () => simulate(input), async () => floor(input)], { warmup: 1 });
  const o = median(ours);
  const f = median(base);
  return [
    {
      id: 'uncertainty',
      measure: `不确定性分析 ${ROWS} 行 × ${DRAWS} 次抽样`,
      database: '—',
      unit: 'ms',
      ours: o,
      floor: f,
      ratio: o / f,
      goal: `< ${GOAL_MS} ms`,
      within: o < GOAL_MS,
      samples: { ours: ours.map(round1), floor: base.map(round1) },
      note: 'floor: the same uniform draws multiplied into the rows in a bare loop',
    },
  ];
}
