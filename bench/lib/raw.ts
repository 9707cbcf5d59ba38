// The raw driver the floors run on: the PGlite instance itself or a pg.Pool of its own — no kysely, no
// repository, no hooks. One small interface over both so every floor is written once.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

export interface Query {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Raw extends Query {
  kind: 'pglite' | 'postgres';
  /** BEGIN … COMMIT (ROLLBACK on a throw) on one connection. */
  transaction<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  /** Statements without parameters, several allowed (VACUUM, SET, DDL). */
  exec(text: string): Promise<void>;
  /** COPY … FROM STDIN (PostgreSQL, pg-copy-streams) or FROM '/dev/blob' (PGlite): CSV text into a table. */
  copyCsv(q: Query, table: string, columns: string[], csv: string): Promise<void>;
  close(): Promise<void>;
}

export function rawPGlite(pglite: PGlite): Raw {
  const wrap = (db: PGlite | Transaction): Query & { db: PGlite | Transaction } => ({
    db,
    async query<T>(text: string, params?: unknown[]) {
      return (await db.query<T>(text, params)).rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    exec: async (text) => {
      await pglite.exec(text);
    },
    async copyCsv(q, table, columns, csv) {
      // PGlite reads COPY … FROM '/dev/blob' from the blob passed with the query (on the transaction's query too)
      const target = (q as { db?: PGlite | Transaction }).db ?? pglite;
      await target.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob' with (format csv)`, [], {
        blob: new Blob([csv]),
      });
    },
    close: async () => {},
  };
}

/** A pool of its own on the same database as the app. */
export function rawPostgres(url: string): Raw {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const wrap = (c: pg.Pool | pg.PoolClient): Query => ({
    async query<T>(text: string, params?: unknown[]) {
      return (await c.query(text, params)).rows as T[];
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const q = { ...wrap(client), client };
        const out = await fn(q);
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    exec: async (text) => {
      await pool.query(text);
    },
    async copyCsv(q, table, columns, csv) {
      const client = (q as unknown as { client?: pg.PoolClient }).client;
      if (!client) throw new Error('copyCsv needs a transaction client');
      const { from } = await import('pg-copy-streams');
      const { pipeline } = await import('node:stream/promises');
      const { Readable } = await import('node:stream');
      const stream = client.query(from(`copy ${table} (${columns.join(', ')}) from stdin with (format csv)`));
      await pipeline(Readable.from([csv]), stream);
    },
    close: () => pool.end(),
  };
}
