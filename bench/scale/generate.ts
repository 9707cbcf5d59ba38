// The scale data set, made in SQL on the migrated and seeded database: 200 tenants (one 10× the others), their
// users and engineering projects, 20 000 buildings shaped after the seed's four demo buildings (their methods,
// stages and result details), 1 000 older signed revisions those buildings were revised from, ~5 M 建材生产 rows,
// the sign-off steps and frozen reports of 2 000 signed revisions, buildings waiting at each level, notifications.
// Ids are chosen here (tenant 100+k, user 1 000·k+j, building 1 000+n, its older revision 100 000 more), so
// every step joins by arithmetic instead of looking rows up; bench_scale_building keeps each building's plan for
// the later steps and for the load (which buildings are big, who signs what).
import { hashPassword } from '../../src/server/auth/password';
import type { Query, Raw } from '../lib/raw';
import { fmtMs } from '../lib/stats';
import { generateReview } from './generateReview';
import { generateRows } from './generateRows';

export const SCALE = {
  tenants: 200,
  buildings: 20_000,
  /** the big tenant (k = 1): 995 buildings, 10.4× the others' 95–96 */
  bigBuildings: 995,
  /** plain users (calculators and signers) of the big tenant and of each other one */
  bigUsers: 30,
  users: 5,
  /** buildings per engineering project */
  perEngineering: 8,
  /** the generated users' password (the super admin keeps the bench's) */
  password: 'Bench-Scale-User-1',
} as const;

/** Users of tenant k: j = 0 its group admin, 1… its plain users. */
export const userId = (k: number, j: number) => 1000 * k + j;
export const userName = (k: number, j: number) => (j === 0 ? `s${k}_admin` : `s${k}_u${j}`);

/** A step of the generation: its statements in one transaction that passes the review lock, timed and logged. */
export async function step(
  raw: Raw,
  log: (s: string) => void,
  title: string,
  run: (q: Query) => Promise<void>,
): Promise<void> {
  const t0 = performance.now();
  await raw.transaction(async (q) => {
    await q.query(`select set_config('tansuan.lock_bypass', 'on', true)`);
    await run(q);
  });
  log(`    ${title}: ${fmtMs((performance.now() - t0) / 1000)} s`);
}

// tenant k's buildings: the big one 995, the others 95 or 96 (19 005 + 995 = 20 000)
const BUILDINGS_OF = `(case when k = 1 then ${SCALE.bigBuildings} when k % 2 = 0 then 96 else 95 end)`;
const USERS_OF = `(case when k = 1 then ${SCALE.bigUsers} else ${SCALE.users} end)`;

async function people(raw: Raw, log: (s: string) => void): Promise<void> {
  const hash = await hashPassword(SCALE.password);
  await step(raw, log, '200 tenants, their group admins and users', async (q) => {
    await q.query(`
      insert into sys_tenant (id, name, code, contact, status, signoff_levels, signoff_same_person, report_prefix)
      select 100 + k, '规模集团' || k, 's' || k, '联系人' || k, 1, 4, 0, 'S' || k from generate_series(1, ${SCALE.tenants}) k`);
    await q.query(`
      insert into sys_user (id, tenant_id, user_name, name, real_name, status, auth_flag, role_list, user_type)
      select 1000 * k + j, 100 + k, case when j = 0 then 's' || k || '_admin' else 's' || k || '_u' || j end,
             case when j = 0 then '管理员' || k else '工程师' || k || '-' || j end,
             case when j = 0 then '管理员' || k else '工程师' || k || '-' || j end,
             1, 1, case when j = 0 then '["groupAdmin"]'::jsonb else '[]'::jsonb end, '1'
        from generate_series(1, ${SCALE.tenants}) k cross join lateral generate_series(0, ${USERS_OF}) j`);
    await q.query(`insert into sys_credential (user_id, password_hash) select id, $1 from sys_user where id >= 1000`, [
      hash,
    ]);
  });
  await step(raw, log, 'engineering projects', async (q) => {
    await q.query(`
      insert into tpf3_engineering (id, create_date, create_by, tenant_id, name, code, build_org, design_org, build_area, site, remarks, lat_lng)
      select 1000 * k + e, now() - make_interval(days => (k * 13 + e * 7) % 700), 1000 * k + 1, 100 + k, '规模项目' || k || '-' || e, 'SP-' || k || '-' || e,
             '建设单位' || k, '设计研究院' || k, 80000, (array['南京市','苏州市','上海市','杭州市','合肥市'])[1 + (k + e) % 5], '项目位置' || e, '118.7,32.1'
        from generate_series(1, ${SCALE.tenants}) k cross join lateral generate_series(1, ceil(${BUILDINGS_OF} / ${SCALE.perEngineering}::float)::int) e`);
  });
}

/**
 * The plan: per building its tenant k, number i, users and fate. `m` (0–99, spread by k and i) decides it:
 *   0–4 signed (已审定), 0–2 of them revised from an older signed revision; 5, 6, 7 waiting at 校对, 审核, 审定;
 *   8–9 a draft revised from an older signed revision; 10–59 completed drafts; 60–99 drafts being entered.
 * Rows: six buildings of 20 000–50 000 rows (three in the big tenant), the others 20–434.
 */
async function plan(raw: Raw, log: (s: string) => void): Promise<void> {
  await step(raw, log, 'the plan of 20 000 buildings', async (q) => {
    await q.query(`
      create table bench_scale_building as
      select 1000 + row_number() over (order by k, i) as id, k, i, 100 + k as tenant_id,
             1000 * k + ((i - 1) / ${SCALE.perEngineering}) + 1 as engineering_id,
             1000 * k + 1 + (i - 1) % u as creator, 1000 * k + 1 + i % u as checker,
             1000 * k + 1 + (i + 1) % u as reviewer, 1000 * k + 1 + (i + 2) % u as approver,
             1 + (i - 1) % 4 as demo, (i * 37 + k * 11) % 100 as m,
             case when k = 1 and i <= 3 then 60000 - 10000 * i when k between 2 and 4 and i = 1 then 70000 - 10000 * k
                  else 20 + (i * 7919 + k * 104729) % 415 end as rows
        from (select k, ${BUILDINGS_OF} as n, ${USERS_OF} as u from generate_series(1, ${SCALE.tenants}) k) t
        cross join lateral generate_series(1, n) i`);
    await q.query(`alter table bench_scale_building add primary key (id)`);
    await q.query(
      `alter table bench_scale_building add column revised boolean generated always as (m between 0 and 2 or m between 8 and 9) stored`,
    );
  });
}

/** The building columns both revisions share: shaped after demo building `d`, figures scaled by its area. */
const BUILDING_COLUMNS = `create_by, tenant_id, engineering_id, compute_method, standard, stage, name, code, site, build_type, structure_type,
  use_date_limit, build_year, build_area, height, floor_up, floor_down, lat_lng, build_org, design_org, compile_org, user_id, menus,
  runtime_type, grid_factor_id, grid_factor_value, grid_factor_unit, grid_factor_source, stage_methods, checker_id, reviewer_id, approver_id,
  review_levels, review_same_person`;
const BUILDING_VALUES = `b.creator, b.tenant_id, b.engineering_id, d.compute_method, d.standard, d.stage, '规模楼' || b.k || '-' || b.i,
  'SB-' || b.k || '-' || b.i, (array['南京市','苏州市','上海市','杭州市','合肥市'])[1 + (b.k + b.i) % 5], d.build_type, d.structure_type,
  50, 2020 + b.i % 6, 3000 + (b.i * 7919) % 60000, d.height, d.floor_up, d.floor_down, d.lat_lng, d.build_org, d.design_org, d.compile_org,
  b.creator::text, d.menus, d.runtime_type, d.grid_factor_id, d.grid_factor_value, d.grid_factor_unit, d.grid_factor_source, d.stage_methods,
  b.checker, b.reviewer, b.approver, 4, false`;
/**
 * The result columns: the demo's detail as it is (a real calculation's, ~3–4.5 KB), the figures filled by generateRows.
 */
const RESULT = `case when b.m < 60 then '1' else '0' end, case when b.m < 60 then d.result_detail end`;

async function buildings(raw: Raw, log: (s: string) => void): Promise<void> {
  await step(raw, log, '1 000 older signed revisions (A)', async (q) => {
    await q.query(`
      insert into tpf3_project (id, create_date, update_date, ${BUILDING_COLUMNS}, status, result_detail, review_state, revision, report_no)
      select 100000 + b.id, now() - make_interval(days => 400 + (b.i * 7 + b.k) % 300), now() - make_interval(days => 380), ${BUILDING_VALUES},
             '1', d.result_detail, 'approved', 'A', 'S' || b.k || '-2025-' || lpad(b.i::text, 4, '0')
        from bench_scale_building b join tpf3_project d on d.id = b.demo where b.revised`);
  });
  await step(raw, log, '20 000 buildings', async (q) => {
    await q.query(`
      insert into tpf3_project (id, create_date, update_date, ${BUILDING_COLUMNS}, status, result_detail, review_state, revision, revision_of, report_no)
      select b.id, now() - make_interval(days => (b.i * 7 + b.k) % 380, secs => b.i), now() - make_interval(days => (b.i * 3 + b.k) % 60), ${BUILDING_VALUES},
             ${RESULT}, case when b.m < 5 then 'approved' when b.m = 5 then 'check' when b.m = 6 then 'review' when b.m = 7 then 'approve' else 'draft' end,
             case when b.revised then 'B' else 'A' end, case when b.revised then 100000 + b.id end,
             case when b.m < 5 then 'S' || b.k || '-2026-' || lpad(b.i::text, 4, '0') end
        from bench_scale_building b join tpf3_project d on d.id = b.demo order by b.id`);
  });
}

/** Identity sequences past the ids chosen here, so rows the app adds later get new ones. */
async function sequences(raw: Raw): Promise<void> {
  for (const table of [
    'sys_tenant',
    'sys_user',
    'tpf3_engineering',
    'tpf3_project',
    'stage_produce',
    'tpf3_review_event',
    'sys_notify',
  ]) {
    await raw.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
}

/** Fills the freshly migrated and seeded database (database.ts calls it once). */
export async function generate(raw: Raw, log: (s: string) => void): Promise<void> {
  await people(raw, log);
  await plan(raw, log);
  await buildings(raw, log);
  await generateRows(raw, log);
  await generateReview(raw, log);
  await sequences(raw);
  const t0 = performance.now();
  await raw.exec('vacuum analyze');
  log(`    vacuum analyze: ${fmtMs((performance.now() - t0) / 1000)} s`);
}
