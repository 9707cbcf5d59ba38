// Bench data made through the app where a user would make it (an engineering project and its buildings through
// the API), and in bulk on the raw driver where only the amount matters (stage rows, 100 000 buildings).
import { factorSource, normalizedFactor } from '../../src/calc/factor';
import type { Raw } from '../lib/raw';
import type { Target } from '../lib/target';

export const STAGE_PATH = '/api/tpf/v1/tpf/stage/produce';
export const STAGE_TABLE = 'stage_produce';
export const BUILDING_PATH = '/api/tpf/v1/tpf/tpf3Project';

const SITE = { site: '南京市', latLng: '118.727000,32.158000' };

export async function createEngineering(t: Target): Promise<number> {
  const a = await t.call('POST', '/api/tpf/v1/tpf/tpf3Engineering/', {
    payload: {
      name: '性能基准工程',
      code: `BENCH-${Date.now() % 1e6}`,
      remarks: '江苏省南京市（npm run bench）',
      buildArea: 100000,
      ...SITE,
    },
  });
  if (a.body?.code !== 1) throw new Error(`creating the engineering project failed: ${JSON.stringify(a.body)}`);
  return a.body.data.id as number;
}

/** A budget-module building whose only stage is 建材生产 (produce), unless `menus` says more. */
export async function createBuilding(
  t: Target,
  engineeringId: number,
  name: string,
  menus = 'produce',
): Promise<number> {
  const a = await t.call('POST', `${BUILDING_PATH}/`, {
    payload: {
      engineeringId,
      name,
      code: name,
      computeMethod: 'budget',
      standard: 'GB',
      stage: '施工图设计',
      buildType: '公共建筑/办公建筑/商务办公',
      structureType: '框架结构',
      useDateLimit: 50,
      buildArea: 32000,
      height: 78.5,
      floorUp: 18,
      floorDown: 2,
      menus,
      ...SITE,
    },
  });
  if (a.body?.code !== 1) throw new Error(`creating the building failed: ${JSON.stringify(a.body)}`);
  return a.body.data.id as number;
}

export interface Factor {
  id: number;
  name: string;
  /** kgCO2e per unit, as the row keeps it */
  value: number;
  unit: string;
  /** the unit a quantity is given in (the factor unit's denominator: m3, t, m2 …) */
  rowUnit: string;
  source: string;
}

/** Material factors of the seeded library (system rows) with a value, not baseline ones, first by id. */
export async function libraryFactors(raw: Raw, limit = 40): Promise<Factor[]> {
  const rows = await raw.query<Record<string, unknown>>(
    `select id, name, spec, material_co, co_unit, source, verification from tpf3_build_material
      where type = '建材' and tenant_id is null and material_co is not null and coalesce(spec, '') !~ '(^|_)(OM|BM)(_|$)'
      order by id`,
  );
  const seen = new Set<string>();
  const out: Factor[] = [];
  for (const r of rows) {
    const name = String(r.name);
    if (seen.has(name)) continue; // an import resolves a name to one factor: keep names that name one
    seen.add(name);
    const f = {
      materialCo: r.material_co as number,
      coUnit: r.co_unit as string,
      source: r.source as string,
      verification: r.verification as string,
    };
    const { value, unit } = normalizedFactor(f);
    if (value === null) continue;
    out.push({ id: Number(r.id), name, value, unit, rowUnit: unit.split('/')[1] || 't', source: factorSource(f) });
    if (out.length >= limit) break;
  }
  if (!out.length) throw new Error('the seeded factor library has no material (建材) factor');
  return out;
}

/** `n` produce rows of a building in one INSERT … SELECT generate_series (untimed setup). */
export async function insertStageRows(raw: Raw, projectId: number, n: number, factors: Factor[]): Promise<void> {
  await raw.query(
    `insert into ${STAGE_TABLE} (tenant_id, create_by, project_id, material_name, spec, unit, quantity, factor_id, factor_value, factor_unit, factor_source, density, remarks)
     select null, 1, $1, f.name, '规格' || (g % 50), f.row_unit, ((g * 7919) % 100000) / 100.0 + 1, f.id, f.value, f.unit, f.source, 2.4, ''
       from generate_series(0, $2 - 1) g
       join unnest($3::int[], $4::text[], $5::float8[], $6::text[], $7::text[], $8::text[]) with ordinality
            as f(id, name, value, unit, row_unit, source, k) on f.k = 1 + g % $9`,
    [
      projectId,
      n,
      factors.map((f) => f.id),
      factors.map((f) => f.name),
      factors.map((f) => f.value),
      factors.map((f) => f.unit),
      factors.map((f) => f.rowUnit),
      factors.map((f) => f.source),
      factors.length,
    ],
  );
}

export async function deleteStageRows(raw: Raw, projectId: number): Promise<void> {
  await raw.query(`delete from ${STAGE_TABLE} where project_id = $1`, [projectId]);
  await raw.exec(`vacuum ${STAGE_TABLE}`);
}

/** A name filter that matches one building in 1 000 (what a user types to find a building). */
export const NAME_FILTER = '人才公寓';
const OTHER_NAMES = [
  '研发办公楼',
  '配套学校',
  '商业中心',
  '科创大厦',
  '住宅',
  '门诊楼',
  '体育馆',
  '图书馆',
  '酒店',
  '厂房',
];

/**
 * `n` buildings of the demo tenant created by demo_user (the admin sees every tenant's), in one
 * INSERT … SELECT generate_series, then VACUUM ANALYZE as PostgreSQL's autovacuum would have done.
 */
export async function insertBuildings(raw: Raw, n: number, engineeringId: number): Promise<{ matching: number }> {
  const [user] = await raw.query<{ id: number; tenant_id: number }>(
    `select id, tenant_id from sys_user where user_name = 'demo_user'`,
  );
  await raw.query(
    `insert into tpf3_project (create_date, update_date, create_by, tenant_id, engineering_id, compute_method, standard, stage, name, code, status, site,
                               build_type, structure_type, use_date_limit, build_area, height, floor_up, floor_down, lat_lng, compile_org, user_id, menus)
     select now() - g * interval '1 minute', now() - g * interval '1 minute', $1, $2, $3, 'budget', 'GB', '施工图设计',
            case when g % 1000 = 7 then '江北' || $4::text else ($5::text[])[1 + g % array_length($5::text[], 1)] end || '-' || g,
            'B-' || g, '0', '南京市', '公共建筑/办公建筑/商务办公', '框架结构', 50, 1000 + g % 50000, 24, 6, 1, '118.727000,32.158000', '默认集团', '', 'produce'
       from generate_series(1, $6) g`,
    [user.id, user.tenant_id, engineeringId, NAME_FILTER, OTHER_NAMES, n],
  );
  await raw.exec('vacuum analyze tpf3_project');
  const [m] = await raw.query<{ n: number }>(`select count(*)::int as n from tpf3_project where name ilike $1`, [
    `%${NAME_FILTER}%`,
  ]);
  return { matching: Number(m.n) };
}
