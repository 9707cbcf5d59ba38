// Opening the database: PGlite in DATA_DIR/db (default) or PostgreSQL through pg.Pool when DATABASE_URL is
// set. Both answer to the same kysely instance and the same SQL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, type Transaction } from 'kysely';
import pg from 'pg';
import { isConnectionLost } from './connectionLost';
import { acquireLock } from './lockFile';
import { PGliteDialect } from './pgliteDialect';
import { withActor } from './actor';
import { writeDetector } from './writeDetector'; // (routes declared writes: false that write)

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

// (keyed by the executor's adapter: one instance per opened database, kept by withPlugin and by transactions)
const embedded = new WeakSet<object>();

/** Whether `db` is the embedded PGlite (which never vacuums by itself: no autovacuum worker). */
export const isEmbedded = (db: Executor) => embedded.has(db.getExecutor().adapter);

// int8 (count(*), sums of integers) arrives as a string from pg; we cast counts to int in SQL, and keep
// timestamps as Date on both drivers.
export function openPostgres(url: string): Database {
  // JIT off for the app's sessions (an `options` in DATABASE_URL still wins): its heaviest statements, the platform's
  // 统计分析 sums over 20 000 buildings, spent 15–100 ms compiling to save less than that; no page reads enough rows
  // for compiled code to pay (PostgreSQL's own advice for short queries)
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  const lost = new WeakSet<pg.PoolClient>();
  // Every client, idle or checked out, has its own listener: pg emits 'error' on a client whose server went away
  // (57P01 on a restart, a reset socket) and an unheard 'error' event would end the process. pg-pool listens only
  // while a client is idle (and then re-emits on the pool, heard below); ours logs once per client.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (lost.has(client)) return;
      lost.add(client);
      console.error(`[碳算] PostgreSQL 连接中断：${err.message}`);
    });
  });
  pool.on('error', () => {}); // (an idle client's error: already logged by its own listener; the pool replaces it)
  const db: Db = new Kysely({
    dialect: withActor(new PostgresDialect({ pool: discardingLost(pool, lost) })),
    plugins: [writeDetector],
  });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/**
 * The pool as kysely sees it: a client whose connection was lost — it emitted 'error', or a query failed with a
 * connection-level error (the server's 57P01 can arrive before the socket's end) — goes back with that error, so
 * pg-pool closes it instead of handing it to the next request. Its open transaction, if any, dies with the
 * connection on the server: it cannot commit.
 */
function discardingLost(pool: pg.Pool, lost: WeakSet<pg.PoolClient>): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let broken: Error | undefined;
      const query = (text: string, params: readonly unknown[]) =>
        client.query(text, params as unknown[]).catch((err: Error) => {
          if (isConnectionLost(err)) broken ??= err;
          throw err;
        });
      return {
        query: query as unknown as PostgresPoolClient['query'], // (the cursor overload is unused: no `cursor` configured)
        release: () =>
          client.release(broken ?? (lost.has(client) ? new Error('PostgreSQL connection lost') : undefined)),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * PGlite's buffer cache lives in the process's own (WASM) memory, above the kernel's page cache that already holds
 * the data files PGlite reads from its folder: with initdb's 128 MB the pages a start and its first requests touched
 * stayed in the server's RSS (a first start at rest 1.36× bare PGlite on the same folder; 1.08× with 64 MB). 32 MB
 * went further (1.02×) but 统计分析 over 1 000 buildings then re-read its pages on every view: 2.1 s instead of 0.15 s.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'];

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
    const pglite = new PGlite({
      dataDir: dir,
      loadDataDir: opts.loadDataDir,
      extensions: { pg_trgm },
      startParams: START_PARAMS,
    });
    await pglite.waitReady;
    const db: Db = new Kysely({
      dialect: withActor(new PGliteDialect(pglite, opts.dataDir ? { dir: opts.dataDir } : undefined)),
      plugins: [writeDetector],
    });
    embedded.add(db.getExecutor().adapter);
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
