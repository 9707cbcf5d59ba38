// 统计分析 for a tenant of 1 000 completed buildings, each with a result detail of a real calculation's size: what the
// page loads (the sums by method, a page of engineering projects, the picker's first 20 buildings) — its time at
// 10 users at once and its bytes — beside the floor of the building list's first page loaded the same way.
// Goals: p50 ≤ 100 ms at 10 users, ≤ 200 KB per view (the page used to load every completed building whole:
// 4.9 MB and p50 1 381 ms at this size).
import { createEngineering } from '../data/setup';
import type { Result } from '../lib/report';
import { fmtMs, fmtN, median } from '../lib/stats';
import type { Ctx } from './context';
import { quantile } from './report';

const BUILDINGS = 1000;
const USERS = 10;
const ROUNDS = 20;
const GOAL_MS = 100;
const GOAL_KB = 200;

const VIEW = ['/api/tpf/v1/tpf/tpf3ProjectV/statistics', '/api/tpf/v1/tpf/tpf3Engineering/?pageNum=1&pageSize=10', '/api/tpf/v1/tpf/tpf3ProjectV/?status=1&pageSize=20&sortField=updateDate&sortOrder=descend'];
const FLOOR = ['/api/tpf/v1/tpf/tpf3ProjectV/?pageNum=1&pageSize=10'];

/** 1 000 completed buildings with their result fields and a ~6 KB result detail (stage totals, notes, warnings). */
async function insertCompleted(ctx: Ctx): Promise<void> {
  const engineeringId = await createEngineering(ctx.t);
  const [user] = await ctx.t.raw.query<{ id: number; tenant_id: number }>(`select id, tenant_id from sys_user where user_name = 'demo_user'`);
  const note = '建材生产：默认运输距离按 GB/T 51366-2019 第5.2.3条取 500 km；'.repeat(4);
  await ctx.t.raw.query(
    `insert into tpf3_project (create_by, tenant_id, engineering_id, compute_method, standard, stage, name, code, status, use_date_limit, build_area, menus,
                               produce, trans, build, runtime_total, remove, waste, green, total, streng3, result_detail)
     select $1, $2, $3, (array['estimate','budget','accounting'])[1 + g % 3], 'GB', '施工图设计', '统计楼-' || g, 'S-' || g, '1', 50, 10000, 'produce',
            1000 + g, 50, 80, 2000, 10, 5, -30, 3115 + g, 6.23,
            jsonb_build_object('stages', jsonb_build_object('produce', jsonb_build_object('total', 1000 + g, 'notes', (select jsonb_agg($4::text) from generate_series(1, 12)))),
                               'warnings', (select jsonb_agg($4::text) from generate_series(1, 8)))
       from generate_series(1, $5) g`,
    [user.id, user.tenant_id, engineeringId, note, BUILDINGS],
  );
  await ctx.t.raw.exec('vacuum analyze tpf3_project');
}

/** `USERS` loads of `urls` at once (each load its requests in parallel, as a page does), `ROUNDS` times: each load's ms and bytes. */
async function loads(ctx: Ctx, urls: string[]): Promise<{ ms: number[]; bytes: number; each: number[][] }> {
  const ms: number[] = [];
  const each: number[][] = urls.map(() => []);
  let bytes = 0;
  const timed = async (u: string, i: number) => {
    const t0 = performance.now();
    const a = await ctx.t.call('GET', u);
    each[i].push(performance.now() - t0);
    return a;
  };
  const one = async () => {
    const t0 = performance.now();
    const answers = await Promise.all(urls.map(timed));
    ms.push(performance.now() - t0);
    for (const a of answers) if (a.status !== 200 || a.body?.code !== 1) throw new Error(`${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
    bytes = answers.reduce((n, a) => n + Buffer.byteLength(JSON.stringify(a.body)), 0);
  };
  for (let r = 0; r < ROUNDS; r++) await Promise.all(Array.from({ length: USERS }, one));
  return { ms, bytes, each };
}

const p99 = (xs: number[]) => quantile(xs, 0.99);

export async function statisticsMeasures(ctx: Ctx): Promise<Result[]> {
  await insertCompleted(ctx);
  await loads(ctx, VIEW); // warm-up
  const view = await loads(ctx, VIEW);
  const floor = await loads(ctx, FLOOR);
  const [ours, base] = [median(view.ms), median(floor.ms)];
  ctx.log(`  ${fmtN(BUILDINGS)} completed buildings, ${USERS} users × ${ROUNDS}: view p50 ${fmtMs(ours)} ms p99 ${fmtMs(p99(view.ms))} ms, ${(view.bytes / 1024).toFixed(1)} KB; list page p50 ${fmtMs(base)} ms`);
  VIEW.forEach((u, i) => ctx.log(`    p50 ${fmtMs(median(view.each[i]))} ms  ${u}`));
  return [
    {
      id: 'statistics',
      measure: `统计分析 at ${fmtN(BUILDINGS)} completed buildings, ${USERS} users (p50)`,
      database: ctx.db,
      unit: 'ms',
      ours,
      floor: base,
      ratio: ours / base,
      goal: `≤ ${GOAL_MS} ms`,
      within: ours <= GOAL_MS,
      samples: { ours: view.ms, floor: floor.ms },
      note: `p99 ${fmtMs(p99(view.ms))} ms (floor p99 ${fmtMs(p99(floor.ms))} ms): the sums, engineering page 1 and the picker's 20, at once, beside the building list's page 1`,
    },
    {
      id: 'statistics.bytes',
      measure: '统计分析 bytes per view',
      database: ctx.db,
      unit: 'KB',
      ours: view.bytes / 1024,
      floor: floor.bytes / 1024,
      ratio: view.bytes / floor.bytes,
      goal: `≤ ${GOAL_KB} KB`,
      within: view.bytes / 1024 <= GOAL_KB,
    },
  ];
}
