// Many rows in few statements (DESIGN §10, set-based writes): `INSERT … SELECT FROM unnest($1::type[], …)` takes
// one array parameter per column whatever the number of rows, so a batch of thousands of rows is one round
// trip with a handful of parameters on both PGlite and PostgreSQL.
import { sql } from 'kysely';
import type { Tx } from './database';
import type { ColumnKind } from './resourceColumns';

export interface BulkColumn {
  column: string;
  kind: ColumnKind;
}

/** Rows per statement: large enough that per-statement costs vanish, small enough to report progress. */
export const BULK_BATCH = 5000;

const arrayType = (k: ColumnKind) => (k === 'double precision' ? 'float8' : k === 'integer' ? 'int4' : k === 'boolean' ? 'bool' : 'text');

/**
 * Inserts `rows` (column → value; a missing column is null) in batches; `onBatch` after each with the count
 * so far. jsonb values arrive as JSON text and are cast in SQL.
 */
export async function bulkInsert(trx: Tx, table: string, columns: BulkColumn[], rows: Record<string, unknown>[], onBatch?: (done: number) => void): Promise<number> {
  const names = sql.join(columns.map((c) => sql.ref(c.column)));
  const selected = sql.join(columns.map((c) => (c.kind === 'jsonb' ? sql`${sql.ref(`u.${c.column}`)}::jsonb` : sql.ref(`u.${c.column}`))));
  const aliases = sql.join(columns.map((c) => sql.ref(c.column)));
  for (let start = 0; start < rows.length; start += BULK_BATCH) {
    const batch = rows.slice(start, start + BULK_BATCH);
    const arrays = sql.join(columns.map((c) => sql`${batch.map((r) => r[c.column] ?? null)}::${sql.raw(arrayType(c.kind))}[]`));
    await sql`insert into ${sql.table(table)} (${names}) select ${selected} from unnest(${arrays}) as u(${aliases})`.execute(trx);
    onBatch?.(Math.min(rows.length, start + BULK_BATCH));
  }
  return rows.length;
}
