// Many rows in few statements (set-based writes): `INSERT … SELECT FROM ROWS FROM (json_array_elements_text($1), …)`
// takes one parameter per column whatever the number of rows, so a batch of thousands of rows is one round trip
// with a handful of parameters on both PGlite and PostgreSQL. A column goes as JSON text, which V8 writes and the
// database reads natively: as a PostgreSQL array literal, node-postgres escaped every element in JavaScript (4 500
// rows of a budget import: 45.6 against 32.8 ms).
import { sql, type RawBuilder } from 'kysely';
import type { Tx } from './database';
import type { ColumnKind } from './resourceColumns';

export interface BulkColumn {
  column: string;
  kind: ColumnKind;
}

/** Rows per statement: large enough that per-statement costs vanish, small enough to report progress. */
export const BULK_BATCH = 5000;

const scalarType = (k: ColumnKind) =>
  k === 'double precision' ? 'float8' : k === 'integer' ? 'int4' : k === 'boolean' ? 'bool' : 'text';

/** A column's value in every row of `rows` when they all hold the same one (the building, the tenant, a null). */
function sameInEvery(rows: Record<string, unknown>[], column: string): { value: unknown } | undefined {
  const value = rows[0][column] ?? null;
  for (const r of rows) if ((r[column] ?? null) !== value) return undefined;
  return { value };
}

/**
 * A column of `rows` as one JSON array. jsonb values are JSON text already and go in as they are; a number that is
 * not finite goes as its name ('NaN', 'Infinity'), which float8 reads back, rather than as JSON's null.
 */
function columnJson(rows: Record<string, unknown>[], c: BulkColumn): string {
  if (c.kind === 'jsonb') return `[${rows.map((r) => (r[c.column] as string | null | undefined) ?? 'null').join(',')}]`;
  const values = rows.map((r) => r[c.column] ?? null);
  return JSON.stringify(
    c.kind === 'double precision'
      ? values.map((v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))
      : values,
  );
}

/**
 * `rows` (column → value; a missing column is null; jsonb values as JSON text) as a FROM item `u` of one row per
 * row, and each column's typed value in it. A column with one value in every row goes as that one value.
 */
export function jsonRows(
  rows: Record<string, unknown>[],
  columns: BulkColumn[],
): { from: RawBuilder<unknown>; value: (c: BulkColumn) => RawBuilder<unknown> } {
  const constant = new Map<string, unknown>();
  const varying: BulkColumn[] = [];
  for (const c of columns) {
    const same = sameInEvery(rows, c.column);
    if (same) constant.set(c.column, same.value);
    else varying.push(c);
  }
  // (a jsonb column's elements as JSON values, its nulls JSON's; any other column's as text, its nulls SQL's)
  const elements = (c: BulkColumn) =>
    sql`${sql.raw(c.kind === 'jsonb' ? 'json_array_elements' : 'json_array_elements_text')}(${columnJson(rows, c)}::json)`;
  const from = varying.length
    ? sql`rows from (${sql.join(varying.map(elements))}) as u(${sql.join(varying.map((c) => sql.ref(c.column)))})`
    : sql`generate_series(1, ${rows.length}) as u`;
  const value = (c: BulkColumn) => {
    const type = sql.raw(c.kind === 'jsonb' ? 'jsonb' : scalarType(c.kind));
    if (constant.has(c.column)) return sql`${constant.get(c.column)}::text::${type}`;
    return c.kind === 'jsonb'
      ? sql`nullif(${sql.ref(`u.${c.column}`)}::jsonb, 'null'::jsonb)`
      : sql`${sql.ref(`u.${c.column}`)}::${type}`;
  };
  return { from, value };
}

/** Inserts `rows` in batches (jsonRows); `onBatch` after each with the count so far. */
export async function bulkInsert(
  trx: Tx,
  table: string,
  columns: BulkColumn[],
  rows: Record<string, unknown>[],
  onBatch?: (done: number) => void,
): Promise<number> {
  const names = sql.join(columns.map((c) => sql.ref(c.column)));
  for (let start = 0; start < rows.length; start += BULK_BATCH) {
    const { from, value } = jsonRows(rows.slice(start, start + BULK_BATCH), columns);
    await sql`insert into ${sql.table(table)} (${names}) select ${sql.join(columns.map(value))} from ${from}`.execute(
      trx,
    );
    onBatch?.(Math.min(rows.length, start + BULK_BATCH));
  }
  return rows.length;
}
