// Many rows in few statements (set-based writes): `INSERT … SELECT FROM ROWS FROM (json_array_elements_text($1), …)`
// takes one parameter per column whatever the number of rows, so a batch of thousands of rows is one round trip
// with a handful of parameters on both PGlite and PostgreSQL. A column goes as JSON text, which V8 writes and the
// database reads natively: as a PostgreSQL array literal, node-postgres escaped every element in JavaScript
// (8 ms of a 5 000-row batch save).
import { sql } from 'kysely';
import type { Tx } from './database';
import type { ColumnKind } from './resourceColumns';

export interface BulkColumn {
  column: string;
  kind: ColumnKind;
}

/** Rows per statement: large enough that per-statement costs vanish, small enough to report progress. */
export const BULK_BATCH = 5000;

const scalarType = (k: ColumnKind) => (k === 'double precision' ? 'float8' : k === 'integer' ? 'int4' : k === 'boolean' ? 'bool' : 'text');

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
  return JSON.stringify(c.kind === 'double precision' ? values.map((v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)) : values);
}

/**
 * Inserts `rows` (column → value; a missing column is null) in batches; `onBatch` after each with the count
 * so far. jsonb values arrive as JSON text. A column with one value in every row of a batch goes as that one value.
 */
export async function bulkInsert(trx: Tx, table: string, columns: BulkColumn[], rows: Record<string, unknown>[], onBatch?: (done: number) => void): Promise<number> {
  const names = sql.join(columns.map((c) => sql.ref(c.column)));
  for (let start = 0; start < rows.length; start += BULK_BATCH) {
    const batch = rows.slice(start, start + BULK_BATCH);
    const varying: BulkColumn[] = [];
    const selected = columns.map((c) => {
      const same = sameInEvery(batch, c.column);
      if (!same) varying.push(c);
      if (c.kind === 'jsonb') return same ? sql`${same.value}::text::jsonb` : sql`nullif(${sql.ref(`u.${c.column}`)}::jsonb, 'null'::jsonb)`;
      return same ? sql`${same.value}::text::${sql.raw(scalarType(c.kind))}` : sql`${sql.ref(`u.${c.column}`)}::${sql.raw(scalarType(c.kind))}`;
    });
    // (a jsonb column's elements as JSON values, its nulls JSON's; any other column's as text, its nulls SQL's)
    const elements = (c: BulkColumn) => sql`${sql.raw(c.kind === 'jsonb' ? 'json_array_elements' : 'json_array_elements_text')}(${columnJson(batch, c)}::json)`;
    const from = varying.length
      ? sql`rows from (${sql.join(varying.map(elements))}) as u(${sql.join(varying.map((c) => sql.ref(c.column)))})`
      : sql`generate_series(1, ${batch.length})`;
    await sql`insert into ${sql.table(table)} (${names}) select ${sql.join(selected)} from ${from}`.execute(trx);
    onBatch?.(Math.min(rows.length, start + BULK_BATCH));
  }
  return rows.length;
}
