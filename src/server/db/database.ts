// Opening the database: PGlite in DATA_DIR/db (default) or PostgreSQL through pg.Pool when DATABASE_URL is
// set. Both answer to the same kysely instance and the same SQL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { acquireLock } from './lockFile';
import { PGliteDialect } from './pgliteDialect';

/** Tables are generated from the schema registry, so the kysely instance is untyped. */
export type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Tx = Transaction<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for PGlite (tests dump the data dir of the template). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const embedded = new WeakSet<Db>();

/** Whether `db` is the embedded PGlite (which never vacuums by itself: no autovacuum worker). */
export const isEmbedded = (db: Db) => embedded.has(db);

// int8 (count(*), sums of integers) arrives as a string from pg; we cast counts to int in SQL, and keep
// timestamps as Date on both drivers.
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // an idle connection dropped by the server (restart, failover) must not crash the process: the pool replaces it
  pool.on('error', (err) => console.error(`[碳算] PostgreSQL 连接中断：${err.message}`));
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** PGlite on a folder (locked) or in memory; `loadDataDir` starts from a dumped template (tests). */
export async function openPGlite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  let release: (() => void) | undefined;
  let dir: string | undefined;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    release = acquireLock(join(opts.dataDir, 'db.lock'));
    dir = join(opts.dataDir, 'db');
  }
  try {
    const pglite = new PGlite({ dataDir: dir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
    await pglite.waitReady;
    const db: Db = new Kysely({ dialect: new PGliteDialect(pglite) });
    embedded.add(db);
    return {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        await db.destroy();
        release?.();
      },
    };
  } catch (e) {
    release?.();
    throw e;
  }
}

export async function openDatabase(cfg: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPGlite({ dataDir: cfg.dataDir });
}
