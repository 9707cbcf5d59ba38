// Uncertainty: 2 000 Monte Carlo draws over a 1 000-row building (src/calc/decide/montecarlo.ts
// simulate: bands, histogram, tornado) — goal under 1 s. The floor: the same number of uniform draws, each
// multiplied into a row's emission and summed, in a bare loop (the least any simulation of these rows must do).
// Uses no database. Then (uncertaintyListMeasures) the route itself beside the building list: GET
// decide/{id}/uncertainty of a 10 000-row building asked five times in a row while the list (page 1 of 10) is asked
// ten times a second, against the same list loop with nothing else running for as long; goal: p99 ≤ 250 ms.
import { createBuilding, deleteStageRows, insertStageRows, STAGE_PATH } from '../data/setup';
import { longCall } from '../lib/http';
import { listLoop, listP99, quantile } from './report';
import { QUALITY_BANDS, rng, simulate, symmetric, type McInput, type McRow } from '../../src/calc/decide/montecarlo';
import type { Result } from '../lib/report';
import { fmtMs, fmtN, interleaved, median, round1 } from '../lib/stats';
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
  const quality = Object.fromEntries(
    Object.entries(QUALITY_BANDS).map(([k, h]) => [k, symmetric(h)]),
  ) as McInput['quality'];
  return {
    rows,
    grid: { low: 0.91, mode: 1, high: 1.09 },
    life: symmetric(0.2),
    distance: symmetric(0.5),
    quality,
    area: 10000,
    years: 50,
    draws: DRAWS,
    seed: 1,
  };
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
  const [ours, base] = await interleaved(ctx.opts.rounds, [async () => simulate(input), async () => floor(input)], {
    warmup: 1,
  });
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

const LIST_ROWS = 10_000;
const CALLS = 5;
const MAX_P99_MS = 250;

export async function uncertaintyListMeasures(ctx: Ctx): Promise<Result[]> {
  const { t, log, opts } = ctx;
  const id = await createBuilding(t, ctx.engineeringId, `基准不确定性${LIST_ROWS}`);
  await insertStageRows(t.raw, id, LIST_ROWS, ctx.factors);
  const calc = await longCall(t, 'GET', `${STAGE_PATH}/calculate?projectId=${id}&wait=600000`);
  if (!calc.ok) throw new Error(`calculate answered ${calc.status} ${calc.message}`);
  const ask = async () => {
    const t0 = performance.now();
    const a = await t.call('GET', `/api/tpf/v1/tpf/decide/${id}/uncertainty`);
    if (a.body?.code !== 1) throw new Error(`uncertainty answered ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
    return performance.now() - t0;
  };
  log(
    `  uncertainty beside the list: a building of ${fmtN(LIST_ROWS)} rows, ${CALLS} calls a round; warm-up (the thread starts)`,
  );
  log(`    first call ${fmtMs(await ask())} ms`);
  await listLoop(ctx, { ms: 300 });
  const during: number[] = [];
  const without: number[] = [];
  const calls: number[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    const run = (async () => {
      const ms: number[] = [];
      for (let i = 0; i < CALLS; i++) ms.push(await ask());
      return ms;
    })();
    const times = await listLoop(ctx, { until: run });
    const took = await run;
    const floor = await listLoop(ctx, { ms: took.reduce((a, b) => a + b, 0) });
    during.push(...times);
    without.push(...floor);
    calls.push(...took);
    log(
      `    round ${r + 1}: calls ${took.map((x) => fmtMs(x)).join(', ')} ms; list ×${times.length} p99 ${fmtMs(quantile(times, 0.99))} ms, max ${fmtMs(Math.max(...times))} ms; floor ×${floor.length} p99 ${fmtMs(quantile(floor, 0.99))} ms`,
    );
  }
  await deleteStageRows(t.raw, id);
  return [
    listP99(
      'uncertainty.list.p99',
      `list p99 while /uncertainty runs (${fmtN(LIST_ROWS)} rows)`,
      ctx,
      during,
      without,
      MAX_P99_MS,
      `${calls.length} calls, median ${fmtMs(median(calls))} ms; list max ${fmtMs(Math.max(...during))} ms during, ${fmtMs(Math.max(...without))} ms without; ${during.length} list requests during, ${without.length} without`,
    ),
  ];
}
