// 1. Recalculating a building with N produce rows: GET stage/produce/calculate?projectId= through the app, against
// the floor's one SELECT, JS loop, one UPDATE … FROM unnest and one UPDATE of the building. Then the route alone
// at each size of the scale (1 000, 10 000 and 100 000 rows by default) with its time per row: growth should be linear.
// Before every call the rows' stored emissions are cleared (untimed): each call has all of them to write.
import { createBuilding, deleteStageRows, insertStageRows, STAGE_PATH } from '../data/setup';
import { longCall } from '../lib/http';
import { compare, type Result } from '../lib/report';
import { fmtMs, fmtN, interleaved, median, round1 } from '../lib/stats';
import { floorCall, settle, type Ctx } from './context';

/** GOAL: ≤ 1.5× the floor; time per row growing no faster than the rows (≤ 1.2× per row from one size to the next). */
const MAX_RATIO = 1.5;
const MAX_GROWTH = 1.2;

async function calculate(ctx: Ctx, projectId: number): Promise<void> {
  if (ctx.wait.calculate === undefined) {
    // does the route take ?wait= (a job answer after that many ms)? Asked with a long wait, so the answer is direct.
    const probe = await longCall(ctx.t, 'GET', `${STAGE_PATH}/calculate?projectId=${projectId}&wait=600000`);
    ctx.wait.calculate = !probe.ok && probe.status === 400 ? '' : '&wait=600000';
    ctx.log(`    calculate ${ctx.wait.calculate ? 'takes' : 'does not take'} ?wait=`);
  }
  const o = await longCall(ctx.t, 'GET', `${STAGE_PATH}/calculate?projectId=${projectId}${ctx.wait.calculate}`);
  if (!o.ok) throw new Error(`calculate answered ${o.status} ${o.message}`);
}

/**
 * Untimed, before every call: the rows' stored emissions are cleared, so every calculation has every row's emission
 * to store (a recalculation that changes nothing may rightly write nothing; the measure is the one that changes all).
 */
const forget = (ctx: Ctx, id: number) =>
  ctx.t.raw.query('update stage_produce set emission = null where project_id = $1', [id]);

const produceOf = async (ctx: Ctx, id: number) =>
  Number(
    (await ctx.t.raw.query<{ produce: number }>('select produce from tpf3_project where id = $1', [id]))[0]?.produce,
  );

export async function recalcMeasures(ctx: Ctx): Promise<Result[]> {
  const { t, opts, log } = ctx;
  const out: Result[] = [];
  const n = opts.recalcRows;
  const buildings = new Map<number, number>();
  const makeBuilding = async (rows: number) => {
    const id = await createBuilding(t, ctx.engineeringId, `基准重算${rows}`);
    await insertStageRows(t.raw, id, rows, ctx.factors);
    await t.raw.exec('vacuum analyze stage_produce');
    buildings.set(rows, id);
    return id;
  };

  log(`  recalc: a building with ${fmtN(n)} rows`);
  const id = await makeBuilding(n);
  let oursProduce = NaN;
  let floorProduce = NaN;
  const after: number[] = [];
  const [ours, floor] = await interleaved(
    opts.rounds,
    [
      async () => {
        await calculate(ctx, id);
        oursProduce = await produceOf(ctx, id);
      },
      async () => {
        await floorCall(ctx, 'GET', `/floor/recalc?projectId=${id}`);
        floorProduce = await produceOf(ctx, id);
      },
    ],
    {
      between: async (k) => {
        const ms = await settle(ctx);
        if (k === 0) after.push(ms);
        await forget(ctx, id);
      },
      onRound: (r, ms) => log(`    round ${r + 1}: ours ${fmtMs(ms[0])} ms, floor ${fmtMs(ms[1])} ms`),
    },
  );
  const same = Math.abs(oursProduce - floorProduce) <= Math.max(0.01, Math.abs(floorProduce) * 1e-6);
  const notes = [
    `work left running after ours' answer (waited for, counted in neither): median ${fmtMs(median(after))} ms`,
  ];
  if (!same) notes.push(`produce differs: ours ${oursProduce} t, floor ${floorProduce} t`);
  out.push(compare('recalc', `recalc ${fmtN(n)} rows`, ctx.db, { ours, floor }, MAX_RATIO, notes.join('; ')));

  // the scale: the route alone, time per row
  const perRow: { rows: number; ms: number; samples: number[] }[] = [];
  for (const size of opts.scale) {
    let samples: number[];
    if (size === n) samples = ours;
    else {
      log(`  recalc scale: a building with ${fmtN(size)} rows`);
      const bid = await makeBuilding(size);
      const rounds = size >= 100_000 ? Math.min(3, opts.rounds) : Math.min(5, opts.rounds);
      const between = async () => {
        await settle(ctx);
        await forget(ctx, bid);
      };
      [samples] = await interleaved(rounds, [() => calculate(ctx, bid)], {
        between,
        onRound: (r, ms) => log(`    round ${r + 1}: ${fmtMs(ms[0])} ms`),
      });
    }
    perRow.push({ rows: size, ms: median(samples), samples });
  }
  for (let i = 0; i < perRow.length; i++) {
    const p = perRow[i];
    const usPerRow = (p.ms * 1000) / p.rows;
    const prev = perRow[i - 1];
    const growth = prev ? p.ms / p.rows / (prev.ms / prev.rows) : null;
    out.push({
      id: `recalc.scale.${p.rows}`,
      measure: `recalc ${fmtN(p.rows)} rows: ${usPerRow.toFixed(1)} µs/row`,
      database: ctx.db,
      unit: 'ms',
      ours: p.ms,
      floor: null,
      ratio: growth,
      goal: prev ? `per row ≤ ${MAX_GROWTH}× ${fmtN(prev.rows)}'s` : '—',
      within: growth === null ? null : growth <= MAX_GROWTH,
      samples: { ours: p.samples.map(round1) },
    });
  }

  // leave the stage table as it was for the measures after this one
  for (const [rows, bid] of buildings)
    await deleteStageRows(t.raw, bid).then(() => log(`    removed the ${fmtN(rows)} rows`));
  return out;
}
