// The stage table as the floors (floor.ts, floorBatch.ts) write it: the columns an inserted row fills, and the
// recalculation — what GET stage/<code>/calculate does for a produce-only building, on the raw driver.
import type { Query } from './raw';

export const STAGE_COLUMNS = [
  'tenant_id',
  'create_by',
  'project_id',
  'material_name',
  'spec',
  'unit',
  'quantity',
  'factor_id',
  'factor_value',
  'factor_unit',
  'factor_source',
  'density',
  'remarks',
];

/** A stage row's emission as the floors work it: quantity × factor value (kg). */
export const rowEmission = (r: { quantity: unknown; factor_value?: unknown }) =>
  Number(r.quantity) * Number(r.factor_value ?? 0);

/**
 * The building's stage rows, each row's emission in JS, stored with one UPDATE … FROM unnest, the building's fields
 * with one more. Answers the figures, and (apart, for the batch floor's answer) the rows as now stored.
 */
export async function recalcBuilding(q: Query, stageTable: string, projectId: number) {
  const rows = await q.query<{ id: number; quantity: number; factor_value: number | null }>(
    `select * from ${stageTable} where project_id = $1 order by id`,
    [projectId],
  );
  const emissions = rows.map(rowEmission);
  await q.query(
    `update ${stageTable} s set emission = u.e from unnest($1::int[], $2::float8[]) as u(id, e) where s.id = u.id and s.emission is distinct from u.e`,
    [rows.map((r) => r.id), emissions],
  );
  const answer = await storeBuilding(
    q,
    projectId,
    emissions.reduce((a, e) => a + e, 0),
    rows.length,
  );
  return { answer, stored: rows.map((r, i) => ({ ...r, emission: emissions[i] })) };
}

/** The building's fields from its stage total (kg): one UPDATE. */
export async function storeBuilding(q: Query, projectId: number, kg: number, rowCount: number) {
  const [b] = await q.query<{ id: number; use_date_limit: number; build_area: number }>(
    'select id, use_date_limit, build_area from tpf3_project where id = $1',
    [projectId],
  );
  if (!b) throw new Error('no building');
  const total = kg / 1000;
  const years = Number(b.use_date_limit);
  const area = Number(b.build_area);
  const streng3 = years > 0 && area > 0 ? Math.round(((total * 1000) / (years * area)) * 100) / 100 : null;
  // a result records what it was calculated from: the factor library's version and the building's last change
  const [library] = await q.query<{ at: Date | null }>('select max(update_date) as at from tpf3_build_material');
  const detail = {
    calculatedAt: new Date().toISOString(),
    factorLibrary: library?.at ?? null,
    stages: { produce: { total, rows: rowCount, notes: [] } },
  };
  await q.query(
    'update tpf3_project set produce = $1, total = $1, streng3 = $2, result_detail = $3, result_input_id = (select coalesce(max(id), 0) from tpf3_audit where project_id = $4), update_date = now() where id = $4',
    [total, streng3, JSON.stringify(detail), projectId],
  );
  return { code: 1, message: 'ok', data: { total, streng3, rows: rowCount } };
}
