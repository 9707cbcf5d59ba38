// 统计分析 for a tenant of 1 000 completed buildings, each with a result detail of a real calculation's size: what the
// page loads (the sums by method and a page of engineering projects) — its time at 10 users at once and its bytes —
// beside the floor of the building list's first page loaded the same way; and the 对比建筑 field's first 20
// buildings, which it asks for when it is opened, timed the same way for the note. The
// tenant is one of its own, seen by its group admin, so the figure is the same whatever other measures left in the
// database; the super admin's platform view over all of it is timed alone and printed beside.
// Goals: p50 ≤ 100 ms at 10 users, ≤ 200 KB per view (the page used to load every completed building whole:
// 4.9 MB and p50 1 381 ms at this size).
import { hashPassword } from '../../src/server/auth/password';
import type { Result } from '../lib/report';
import { fmtMs, fmtN, median } from '../lib/stats';
import type { Ctx } from './context';
import { quantile } from './report';

const BUILDINGS = 1000;
const USERS = 10;
const ROUNDS = 20;
const GOAL_MS = 100;
const GOAL_KB = 200;
const PASSWORD = 'Bench-Stat-Admin-1';

const VIEW = [
  '/api/tpf/v1/tpf/tpf3ProjectV/statistics',
  '/api/tpf/v1/tpf/tpf3Engineering/?pageNum=1&pageSize=10&sortField=createDate&sortOrder=descend',
];
const PICKER = ['/api/tpf/v1/tpf/tpf3ProjectV/?status=1&pageSize=20&sortField=updateDate&sortOrder=descend'];
const FLOOR = ['/api/tpf/v1/tpf/tpf3ProjectV/?pageNum=1&pageSize=10'];

/**
 * A tenant with its group admin and 1 000 completed buildings with their result fields and a ~6 KB result detail
 * (stage totals, notes, warnings): the group admin's session token.
 */
async function completedTenant(ctx: Ctx): Promise<string> {
  const note = '建材生产：默认运输距离按 GB/T 51366-2019 第5.2.3条取 500 km；'.repeat(4);
  const hash = await hashPassword(PASSWORD);
  await ctx.t.raw.transaction(async (q) => {
    const [tenant] = await q.query<{ id: number }>(
      `insert into sys_tenant (name, code, contact, status) values ('统计基准集团', 'stat-bench', '联系人', 1) returning id`,
    );
    const [user] = await q.query<{ id: number }>(
      `insert into sys_user (tenant_id, user_name, name, real_name, status, auth_flag, role_list, user_type)
       values ($1, 'stat_admin', '统计管理员', '统计管理员', 1, 1, '["groupAdmin"]'::jsonb, '1') returning id`,
      [tenant.id],
    );
    await q.query(`insert into sys_credential (user_id, password_hash) values ($1, $2)`, [user.id, hash]);
    const [eng] = await q.query<{ id: number }>(
      `insert into tpf3_engineering (create_by, tenant_id, name, code, build_area) values ($1, $2, '统计基准工程', 'STAT-1', 100000) returning id`,
      [user.id, tenant.id],
    );
    await q.query(
      `insert into tpf3_project (create_by, tenant_id, engineering_id, compute_method, standard, stage, name, code, status, use_date_limit, build_area, menus,
                                 produce, trans, build, runtime_total, remove, waste, green, total, streng3, result_detail)
       select $1, $2, $3, (array['estimate','budget','accounting'])[1 + g % 3], 'GB', '施工图设计', '统计楼-' || g, 'S-' || g, '1', 50, 10000, 'produce',
              1000 + g, 50, 80, 2000, 10, 5, -30, 3115 + g, 6.23,
              jsonb_build_object('stages', jsonb_build_object('produce', jsonb_build_object('total', 1000 + g, 'notes', (select jsonb_agg($4::text) from generate_series(1, 12)))),
                                 'warnings', (select jsonb_agg($4::text) from generate_series(1, 8)))
         from generate_series(1, $5) g`,
      [user.id, tenant.id, eng.id, note, BUILDINGS],
    );
    // calculated after their last change, as a completed building's result is: none of them is stale
    await q.query(
      `update tpf3_project p set result_input_id = (select max(a.id) from tpf3_audit a where a.project_id = p.id) where tenant_id = $1`,
      [tenant.id],
    );
  });
  await ctx.t.raw.exec('vacuum analyze tpf3_project');
  const login = await ctx.t.call('POST', '/api/sys/v1/sso/login', {
    payload: { userName: 'stat_admin', password: Buffer.from(PASSWORD).toString('base64') },
  });
  if (login.body?.code !== 1)
    throw new Error(`login as the statistics tenant's admin failed: ${JSON.stringify(login.body)}`);
  return String(login.body.data.token);
}

/**
 * `USERS` loads of `urls` at once (each load its requests in parallel, as a page does), `ROUNDS` times: each load's ms
 * and bytes.
 */
async function loads(
  ctx: Ctx,
  token: string,
  urls: string[],
): Promise<{ ms: number[]; bytes: number; each: number[][] }> {
  const ms: number[] = [];
  const each: number[][] = urls.map(() => []);
  let bytes = 0;
  const timed = async (u: string, i: number) => {
    const t0 = performance.now();
    const a = await ctx.t.call('GET', u, { headers: { 'access-token': token } });
    each[i].push(performance.now() - t0);
    return a;
  };
  const one = async () => {
    const t0 = performance.now();
    const answers = await Promise.all(urls.map(timed));
    ms.push(performance.now() - t0);
    for (const a of answers)
      if (a.status !== 200 || a.body?.code !== 1)
        throw new Error(`${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
    bytes = answers.reduce((n, a) => n + Buffer.byteLength(JSON.stringify(a.body)), 0);
  };
  for (let r = 0; r < ROUNDS; r++) await Promise.all(Array.from({ length: USERS }, one));
  return { ms, bytes, each };
}

const p99 = (xs: number[]) => quantile(xs, 0.99);

export async function statisticsMeasures(ctx: Ctx): Promise<Result[]> {
  const token = await completedTenant(ctx);
  await loads(ctx, token, VIEW); // warm-up
  const view = await loads(ctx, token, VIEW);
  const floor = await loads(ctx, token, FLOOR);
  const picker = await loads(ctx, token, PICKER);
  const [ours, base] = [median(view.ms), median(floor.ms)];
  ctx.log(
    `  ${fmtN(BUILDINGS)} completed buildings, ${USERS} users × ${ROUNDS}: view p50 ${fmtMs(ours)} ms p99 ${fmtMs(p99(view.ms))} ms, ${(view.bytes / 1024).toFixed(1)} KB; list page p50 ${fmtMs(base)} ms`,
  );
  VIEW.forEach((u, i) => ctx.log(`    p50 ${fmtMs(median(view.each[i]))} ms  ${u}`));
  const opened = `对比建筑 opened (its first 20 buildings), ${USERS} users: p50 ${fmtMs(median(picker.ms))} ms`;
  ctx.log(`  ${opened}`);
  const platform = await platformView(ctx);
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
      note: `p99 ${fmtMs(p99(view.ms))} ms (floor p99 ${fmtMs(p99(floor.ms))} ms): the sums and engineering page 1, at once, beside the building list's page 1; ${opened}; ${platform}`,
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

/** The super admin's sums over every building in the database, one view at a time: a few words for the note. */
async function platformView(ctx: Ctx): Promise<string> {
  const [{ n }] = await ctx.t.raw.query<{ n: number }>('select count(*)::int as n from tpf3_project');
  const ms: number[] = [];
  for (let r = 0; r < 6; r++) {
    const t0 = performance.now();
    const a = await ctx.t.call('GET', VIEW[0]);
    if (a.body?.code !== 1) throw new Error(`the super admin's statistics: ${JSON.stringify(a.body).slice(0, 200)}`);
    if (r > 0) ms.push(performance.now() - t0);
  }
  const line = `the super admin's sums over all ${fmtN(n)} buildings, alone: p50 ${fmtMs(median(ms))} ms`;
  ctx.log(`  ${line}`);
  return line;
}
