// 8. The wizard's batch save of N new 建材生产 rows (default 5 000, the route's cap): POST stage/produce/batch through
// the app — validation, scope checks, the factor copy and row rules, the insert, the recalculation and the
// building's rows in the answer, in one transaction — against the floor's POST /floor/batch (bench/lib/floorBatch.ts:
// one factor query, ONE INSERT … SELECT FROM unnest, the same recalculation, the same rows answered). The rows are
// removed (untimed) after each call, so every call inserts all of them into an empty building.
import { createBuilding, STAGE_PATH, STAGE_TABLE, type Factor } from '../data/setup';
import { longCall } from '../lib/http';
import { compare, type Result } from '../lib/report';
import { fmtMs, fmtN, interleaved, median } from '../lib/stats';
import { floorCall, settle, type Ctx } from './context';

/** GOAL: ≤ 1.5× the floor. */
const MAX_RATIO = 1.5;

/** `n` rows as the wizard's table sends them: a material of the library, its unit, a quantity, a density. */
export function batchRows(projectId: number, n: number, factors: Factor[]) {
  return Array.from({ length: n }, (_, g) => {
    const f = factors[g % factors.length];
    return {
      projectId,
      materialName: f.name,
      spec: `规格${g % 50}`,
      unit: f.rowUnit,
      quantity: ((g * 7919) % 100000) / 100 + 1,
      factorId: f.id,
      density: 2.4,
      remarks: '',
    };
  });
}

export async function batchSaveMeasures(ctx: Ctx): Promise<Result[]> {
  const { t, opts, log } = ctx;
  const n = opts.batchRows;
  const id = await createBuilding(t, ctx.engineeringId, `基准批量保存${n}`);
  const rows = batchRows(id, n, ctx.factors);
  const payload = JSON.stringify(rows);
  const count = async () =>
    Number(
      (await t.raw.query<{ n: number }>(`select count(*)::int as n from ${STAGE_TABLE} where project_id = $1`, [id]))[0]
        .n,
    );
  const clear = async () => {
    await t.raw.query(`delete from ${STAGE_TABLE} where project_id = $1`, [id]);
    await t.raw.exec(`vacuum ${STAGE_TABLE}`);
  };
  const produceOf = async () =>
    Number(
      (await t.raw.query<{ produce: number }>('select produce from tpf3_project where id = $1', [id]))[0]?.produce,
    );

  log(`  batch save: ${fmtN(n)} rows, ${(payload.length / 1e6).toFixed(2)} MB of JSON`);
  const refusals: string[] = [];
  const counts: number[] = [];
  const produce = { ours: NaN, floor: NaN };
  const after: number[] = [];
  const [ours, floor] = await interleaved(
    opts.rounds,
    [
      async () => {
        const o = await longCall(t, 'POST', `${STAGE_PATH}/batch`, {
          payload,
          headers: { 'content-type': 'application/json' },
        });
        if (!o.ok) refusals.push(`${o.status} ${o.message} ${JSON.stringify(o.data)?.slice(0, 200)}`);
      },
      () => floorCall(ctx, 'POST', '/floor/batch', Buffer.from(payload), { 'content-type': 'application/json' }),
    ],
    {
      between: async (k) => {
        const ms = await settle(ctx);
        if (k === 0) after.push(ms);
        counts.push(await count());
        produce[k === 0 ? 'ours' : 'floor'] = await produceOf();
        await clear();
      },
      onRound: (r, ms) => log(`    round ${r + 1}: ours ${fmtMs(ms[0])} ms, floor ${fmtMs(ms[1])} ms`),
    },
  );
  const notes = [
    `floor: one factor query, one INSERT … SELECT FROM unnest, the recalculation, the rows answered; work left running after ours' answer (waited for, counted in neither): median ${fmtMs(median(after))} ms`,
  ];
  const result = compare('batch', `batch save ${fmtN(n)} rows`, ctx.db, { ours, floor }, MAX_RATIO);
  if (refusals.length) notes.unshift(`the route refused: ${refusals[0]}`);
  if (counts.some((c) => c !== n)) notes.unshift(`rows stored after a call: ${counts.join(', ')} (expected ${n})`);
  if (Math.abs(produce.ours - produce.floor) > Math.max(0.01, Math.abs(produce.floor) * 1e-6))
    notes.push(`produce differs: ours ${produce.ours} t, floor ${produce.floor} t`);
  if (refusals.length || counts.some((c) => c !== n)) result.within = false;
  result.note = notes.join('; ');
  return [result];
}
