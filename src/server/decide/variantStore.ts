// The tpf3_variant rows of a building (migration 008_decide) and how they read as the API's Variant: a current
// variant's figures are the building's live result, any other's the result of its last calculation.
import { sql } from 'kysely';
import { resultFieldNames } from '../../../schemas/results';
import type { Executor } from '../db/database';
import type { ApiRecord } from '../db/record';
import type { Snapshot, SnapshotData } from './snapshot';
import type { Variant } from '../../calc/decide/types';

export interface VariantRow {
  id: number;
  tenant_id: number | null;
  project_id: number;
  name: string;
  origin: string;
  is_baseline: boolean;
  is_current: boolean;
  stage_methods: Record<string, string> | null;
  data: SnapshotData;
  row_count: number;
  result: StoredResult | null;
  calculated_at: Date | string | null;
  create_by: number | null;
  create_date: Date | string;
}

export interface StoredResult {
  fields: Record<string, number>;
  total: number;
  streng3: number | null;
}

export const MAX_VARIANTS = 10;
export const BASELINE_NAME = '基准方案';

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export async function variantRows(ex: Executor, projectId: number, withData = false): Promise<VariantRow[]> {
  const cols = [
    'id',
    'tenant_id',
    'project_id',
    'name',
    'origin',
    'is_baseline',
    'is_current',
    'stage_methods',
    'row_count',
    'result',
    'calculated_at',
    'create_by',
    'create_date',
  ];
  const rows = await ex
    .selectFrom('tpf3_variant')
    .select(withData ? [...cols, 'data'] : cols)
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...(r as unknown as VariantRow),
    data: withData ? json<SnapshotData>(r.data) : {},
    result: json<StoredResult | null>(r.result),
    stage_methods: json(r.stage_methods),
  }));
}

export async function variantRow(ex: Executor, id: number): Promise<VariantRow | undefined> {
  const r = await ex.selectFrom('tpf3_variant').selectAll().where('id', '=', id).executeTakeFirst();
  return (
    r && {
      ...(r as unknown as VariantRow),
      data: json<SnapshotData>(r.data),
      result: json<StoredResult | null>(r.result),
      stage_methods: json(r.stage_methods),
    }
  );
}

export const snapshotOf = (v: VariantRow): Snapshot => ({ data: v.data, stageMethods: v.stage_methods ?? {} });

/** The building's stored result as a variant keeps it. */
export function liveResult(b: ApiRecord): StoredResult | null {
  if (b.total == null) return null;
  return {
    fields: Object.fromEntries(resultFieldNames().map((f) => [f, Number(b[f]) || 0])),
    total: Number(b.total) || 0,
    streng3: b.streng3 == null ? null : Number(b.streng3),
  };
}

export function toVariant(v: VariantRow, building: ApiRecord, names: Map<number, string>): Variant {
  const result = v.is_current ? liveResult(building) : v.result;
  const calculatedAt = v.is_current
    ? ((building.resultDetail as { calculatedAt?: string } | null)?.calculatedAt ?? null)
    : iso(v.calculated_at);
  return {
    id: Number(v.id),
    projectId: Number(v.project_id),
    name: v.name,
    origin: v.origin,
    isBaseline: !!v.is_baseline,
    isCurrent: !!v.is_current,
    rowCount: Number(v.row_count),
    total: result?.total ?? null,
    streng3: result?.streng3 ?? null,
    fields: result?.fields ?? {},
    calculatedAt: result ? calculatedAt : null,
    createDate: iso(v.create_date)!,
    createByName: names.get(Number(v.create_by)) ?? '',
  };
}

export async function userNames(ex: Executor, rows: VariantRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => Number(r.create_by)).filter((n) => n > 0))];
  if (!ids.length) return new Map();
  const users = await ex.selectFrom('sys_user').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(users.map((u) => [Number(u.id), String(u.name)]));
}

export async function insertVariant(
  ex: Executor,
  v: {
    building: ApiRecord;
    name: string;
    origin: string;
    baseline: boolean;
    current: boolean;
    snap: Snapshot;
    result: StoredResult | null;
    userId: number;
  },
): Promise<number> {
  const row = await ex
    .insertInto('tpf3_variant')
    .values({
      tenant_id: v.building.tenantId ?? null,
      project_id: v.building.id,
      name: v.name,
      origin: v.origin,
      is_baseline: v.baseline,
      is_current: v.current,
      stage_methods: JSON.stringify(v.snap.stageMethods ?? {}),
      data: JSON.stringify(v.snap.data),
      row_count: Object.values(v.snap.data).reduce((n, r) => n + r.length, 0),
      result: v.result ? JSON.stringify(v.result) : null,
      calculated_at: v.result ? new Date() : null,
      create_by: v.userId || null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function storeSnapshot(
  ex: Executor,
  id: number,
  snap: Snapshot,
  result: StoredResult | null,
): Promise<void> {
  await ex
    .updateTable('tpf3_variant')
    .set({
      stage_methods: JSON.stringify(snap.stageMethods ?? {}),
      data: JSON.stringify(snap.data),
      row_count: Object.values(snap.data).reduce((n, r) => n + r.length, 0),
      result: result ? JSON.stringify(result) : null,
      calculated_at: result ? sql`now()` : null,
    })
    .where('id', '=', id)
    .execute();
}
