// A list's page of one resource table: its filters, order, page and the sums of its x-sum columns, read from a base
// query the repository has already scoped to the caller (repo.ts readable). Rows only: the repository makes them
// records.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ResourceSchema } from '../../../schemas/index';
import { badRequest } from '../errors';
import type { Caller } from './caller';
import { columnName, SYSTEM_COLUMNS } from './naming';
import type { Row } from './record';
import { storedColumns } from './resourceColumns';
import type { Where } from './scope';

/** The most records one list answer holds: a page may not be larger, and "all" (-1) past it is refused. */
export const PAGE_SIZE_CAP = 5000;

/** Past its cap an "all" list is refused, never cut short: a sum over the first 5 000 would look whole. */
const tooManyRecords = (total: number, cap: number) =>
  badRequest(`结果共 ${total} 条，超过单次上限 ${cap} 条，请缩小筛选范围或分页查看`);

export interface ListFilter {
  field: string;
  op: 'eq' | 'like' | 'gte' | 'lte' | 'mine';
  value: unknown;
}

export interface ListParams {
  pageNum: number;
  /** -1 = every record of the filter, refused past `allCap`. */
  pageSize: number;
  /** The most records -1 may answer (PAGE_SIZE_CAP unless an internal caller such as an export needs more). */
  allCap?: number;
  sortField: string;
  sortOrder: 'ascend' | 'descend';
  filters: ListFilter[];
  /** Extra condition from a resource-specific route. */
  where?: Where;
}

/** API field name → column, for system fields and schema properties. */
export function fieldColumn(field: string): string {
  return (SYSTEM_COLUMNS as Record<string, string>)[field] ?? columnName(field);
}

export function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function applyWhere<Q extends { where: (w: Where) => Q }>(q: Q, w: Where | null | undefined): Q {
  return w ? q.where(w) : q;
}

/** The x-sum properties, whose sums a list answers. */
const summedFields = (schema: ResourceSchema): string[] =>
  Object.entries(schema.properties).flatMap(([f, p]) => (p['x-sum'] ? [f] : []));

/** The columns a list answers: all but the x-detail ones, which only a single record's answer holds. */
const listColumns = (schema: ResourceSchema): string[] => [
  ...Object.values(SYSTEM_COLUMNS),
  ...storedColumns(schema)
    .filter((c) => !schema.properties[c.prop]['x-detail'])
    .map((c) => c.column),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables are named at run time (Db is Kysely<any>)
type Base = SelectQueryBuilder<any, any, object>;

/**
 * A page of `base` (the rows the caller may read), their count, and the sums of the x-sum columns over every row of
 * the filter (a stage table's 合计 is the stage's, whatever page is shown).
 */
export async function listPage(
  base: Base,
  schema: ResourceSchema,
  caller: Caller,
  p: ListParams,
): Promise<{ rows: Row[]; total: number; sums?: Record<string, number> }> {
  base = applyWhere(base, p.where);
  for (const f of p.filters) {
    const col = fieldColumn(f.field);
    if (f.op === 'mine') base = f.value === true ? base.where(col, '=', caller.userId) : base;
    else if (f.op === 'like') base = base.where(col, 'ilike', `%${escapeLike(String(f.value))}%`);
    else base = base.where(col, f.op === 'eq' ? '=' : f.op === 'gte' ? '>=' : '<=', f.value);
  }
  const all = p.pageSize === -1;
  const cap = p.allCap ?? PAGE_SIZE_CAP;
  const size = all ? cap : p.pageSize;
  const pageNum = all ? 1 : p.pageNum;
  const dir = p.sortOrder === 'ascend' ? 'asc' : 'desc';
  const summed = summedFields(schema);
  const page = () =>
    base
      .select(listColumns(schema))
      .orderBy(fieldColumn(p.sortField), dir)
      .orderBy('id', dir)
      .limit(size)
      .offset((pageNum - 1) * size)
      .execute() as Promise<Row[]>;
  const sums = summed.map((f) => sql<number>`coalesce(sum(${sql.ref(columnName(f))}), 0)::float8`.as(f));
  const count = () =>
    base.select([sql<number>`count(*)::int`.as('total'), ...sums]).executeTakeFirstOrThrow() as Promise<
      Record<string, number>
    >;
  let rows: Row[], counted: Record<string, number>;
  if (all) {
    // counted first: "all" past the cap is refused before its rows are read
    counted = await count();
    if (Number(counted.total) > cap) throw tooManyRecords(Number(counted.total), cap);
    rows = await page();
  } else {
    // the page and its count at once: on PostgreSQL two connections of the pool, one round trip instead of two
    [rows, counted] = await Promise.all([page(), count()]);
  }
  return {
    rows,
    total: Number(counted.total),
    ...(summed.length ? { sums: Object.fromEntries(summed.map((f) => [f, Number(counted[f])])) } : {}),
  };
}
