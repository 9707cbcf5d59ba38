// A small kysely dialect for PGlite. kysely-pglite loses writes: it has no
// connection mutex (a concurrent query runs inside someone else's open transaction) and drops affectedRows.
// PGlite is one session, so the driver hands out that single connection under a promise mutex: acquire waits
// for the previous holder's release, and BEGIN/COMMIT/ROLLBACK run on the held connection.
// After a PANIC (seen: WAL that cannot grow on a full disk) PGlite is not usable: its next statement spins for
// ever on the main thread. The connection then refuses every query with that error, and close leaves it alone.
// (The spin can also start with no error first: the server's watchdog thread ends the process then.)
// On a data dir whose file system is below the disk reserve, a write statement fails with the disk-full error (507)
// before it reaches PGlite: WAL that cannot grow is that PANIC, whatever route or job asked (db/diskSpace.ts).
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { DISK_RESERVE_BYTES, diskFullError, freeSpaceOf, type FreeSpace } from './diskSpace';
import { isWriteStatement } from './writeStatement';

/** Where the instance keeps its files: writes stop below `reserveBytes` free there. */
export interface DiskReserve {
  space: FreeSpace;
  reserveBytes: number;
}

/**
 * Marks the PGlite statement that runs, for the watchdog thread of the server (pgliteWatchdog.ts); no-ops by default.
 */
export const statementClock = { begin: (): void => {}, end: (): void => {} };

/** PANIC or FATAL: the instance is gone (in PostgreSQL the server would restart). */
const isFatal = (err: unknown) => ['PANIC', 'FATAL'].includes((err as { severity?: string } | null)?.severity ?? '');

class PGliteConnection implements DatabaseConnection {
  /** Set by the first PANIC/FATAL: every later query fails at once with it (same SQLSTATE, e.g. 53100 → 507). */
  stopped: Error | undefined;

  constructor(
    private readonly pg: PGlite,
    private readonly reserve: DiskReserve | undefined,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.stopped) throw this.stopped;
    const isWrite = isWriteStatement(query.query.kind, query.sql);
    if (isWrite && this.reserve) {
      const free = await this.reserve.space.bytes();
      if (free < this.reserve.reserveBytes) throw diskFullError(this.reserve.space.dir, free);
    }
    let res;
    statementClock.begin();
    try {
      res = await this.pg.query<R>(query.sql, query.parameters as unknown[]);
    } catch (err) {
      if (isFatal(err)) {
        const { severity, code, message } = err as { severity: string; code?: string; message: string };
        this.stopped = Object.assign(new Error(`PGlite stopped after ${severity} ${code ?? ''}: ${message}`), {
          severity,
          code,
          cause: err,
        });
        console.error(
          `[碳算] 嵌入式数据库出现不可恢复的错误（${severity} ${code ?? ''}：${message}），已停止使用；请检查磁盘空间后重启服务。`,
        );
      }
      throw err;
    } finally {
      statementClock.end();
    }
    const affected = res.affectedRows;
    return {
      rows: res.rows,
      ...(isWrite && affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming is not supported');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private tail: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(
    private readonly pg: PGlite,
    reserve: DiskReserve | undefined,
  ) {
    this.connection = new PGliteConnection(pg, reserve);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((r) => (release = r));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let q = 'begin';
    if (settings.isolationLevel) q += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) q += ` ${settings.accessMode}`;
    await conn.executeQuery(CompiledQuery.raw(q));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const r = this.release;
    this.release = undefined;
    r?.();
  }

  async destroy(): Promise<void> {
    await this.tail;
    if (!this.pg.closed && !this.connection.stopped) await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  private readonly reserve: DiskReserve | undefined;

  /** `disk.dir`: the data dir (none in memory); `space`: a measurement of it (default the shared one, diskSpace.ts). */
  constructor(
    private readonly pg: PGlite,
    disk?: { dir: string; reserveBytes?: number; space?: FreeSpace },
  ) {
    this.reserve = disk && {
      space: disk.space ?? freeSpaceOf(disk.dir),
      reserveBytes: disk.reserveBytes ?? DISK_RESERVE_BYTES,
    };
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.reserve);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
