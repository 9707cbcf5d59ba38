// Many rows in few statements (set-based writes): `INSERT … SELECT FROM unnest($1::type[], …)` takes one array
// parameter per column whatever the number of rows, so a batch of thousands of rows is one round trip with a
// handful of parameters on both PGlite and PostgreSQL.
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
 * Inserts `rows` (column → value; a missing column is null) in batches; `onBatch` after each with the count
 * so far. jsonb values arrive as JSON text and are cast in SQL. A column with one value in every row of a batch
 * goes as that one value, not as an array of it.
 */
export async function bulkInsert(trx: Tx, table: string, columns: BulkColumn[], rows: Record<string, unknown>[], onBatch?: (done: number) => void): Promise<number> {
  const names = sql.join(columns.map((c) => sql.ref(c.column)));
  for (let start = 0; start < rows.length; start += BULK_BATCH) {
    const batch = rows.slice(start, start + BULK_BATCH);
    const varying: BulkColumn[] = [];
    const selected = columns.map((c) => {
      const same = sameInEvery(batch, c.column);
      if (!same) varying.push(c);
      const value = same ? sql`${same.value}::${sql.raw(scalarType(c.kind))}` : sql.ref(`u.${c.column}`);
      return c.kind === 'jsonb' ? sql`${value}::jsonb` : value;
    });
    const arrays = varying.map((c) => sql`${batch.map((r) => r[c.column] ?? null)}::${sql.raw(scalarType(c.kind))}[]`);
    const from = varying.length
      ? sql`unnest(${sql.join(arrays)}) as u(${sql.join(varying.map((c) => sql.ref(c.column)))})`
      : sql`generate_series(1, ${batch.length})`;
    await sql`insert into ${sql.table(table)} (${names}) select ${sql.join(selected)} from ${from}`.execute(trx);
    onBatch?.(Math.min(rows.length, start + BULK_BATCH));
  }
  return rows.length;
}
