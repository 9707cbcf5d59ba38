// Upkeep after bulk writes: the embedded PGlite has no autovacuum, so a recalculation that rewrote
// thousands of rows would leave them dead for good; PostgreSQL's autovacuum does it there. Runs after the
// answer, never inside a transaction (VACUUM cannot), and a failure only costs space.
import { sql } from 'kysely';
import { isEmbedded, type Db } from './database';

/** Below this many rows written, the planner statistics and dead rows do not matter. */
export const UPKEEP_FROM_ROWS = 1000;

/** VACUUM (ANALYZE) the table on PGlite after `rows` rows were written; nothing on PostgreSQL. */
export function afterBulkWrite(db: Db, table: string, rows: number, log?: (err: unknown) => void): void {
  if (rows < UPKEEP_FROM_ROWS || !isEmbedded(db)) return;
  setImmediate(() => void sql`vacuum (analyze) ${sql.table(table)}`.execute(db).catch((err) => log?.(err)));
}
