// The server process: open the database (PGlite in DATA_DIR/db behind a lock file, or PostgreSQL when
// DATABASE_URL is set), migrate, listen on 0.0.0.0:PORT. A first start creates and seeds the database in a child
// process first (seed/firstStart.ts), so the server holds no memory of it. A database that cannot be opened is one
// Chinese line on stderr and exit code 1 (startFailure.ts); SIGTERM/SIGINT stop it cleanly (shutdown.ts).
import pg from 'pg';
import { BUILT_MANUAL_DIR, drawBuiltManual, keepManualsIn, manualPdf } from './help/manual';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { seed, SEED_MARKER } from './seed/seed';
import { noEmbeddedDatabase, seedInChild } from './seed/firstStart';
import { join } from 'node:path';
import { OUTBOX_FILE, senderKind } from './accounts/smsSender';
import { Settings } from './settings/settings';
import { createShutdown, SHUTDOWN_SIGNALS, shutdownOnSignals } from './http/shutdown';
import { failStart } from './startFailure';
import { watchPGlite } from './db/pgliteWatchdog';
import { PoolClosed } from './jobs/threadPool';
import { Backups } from './backup/backups';
import { serveBackups } from './backup/serve';

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * One connection with a time limit, so an unreachable PostgreSQL fails the start instead of waiting for ever; it
 * answers whether the database has been seeded.
 */
async function checkPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => {});
  const started = Date.now();
  try {
    await client.connect();
    const { rows } = await client.query<{ migrated: boolean }>(
      `select to_regclass('schema_migrations') is not null as migrated`,
    );
    return (
      rows[0].migrated &&
      ((await client.query('select 1 from schema_migrations where id = $1', [SEED_MARKER])).rowCount ?? 0) > 0
    );
  } catch (e) {
    // pg reports its own time limit as "Connection terminated unexpectedly"
    if (Date.now() - started >= CONNECT_TIMEOUT_MS - 100)
      throw Object.assign(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT', cause: e });
    throw e;
  } finally {
    await client.end().catch(() => {});
  }
}

/** `npm start`'s build step: draw the user manual into dist/manual and exit (scripts/start.mjs). */
const DRAW_MANUAL_FLAG = '--draw-manual';

async function main(): Promise<void> {
  if (process.argv.includes(DRAW_MANUAL_FLAG)) {
    console.log(`[start] 用户手册: ${await drawBuiltManual()}`);
    process.exit(0);
  }
  const cfg = loadConfig();
  // stopped while starting: no requests to finish yet (the lock file goes with the process, PGlite recovers)
  const stopEarly = (signal: string) => {
    console.error(`[碳算] 启动过程中收到 ${signal}，已退出`);
    process.exit(1);
  };
  for (const s of SHUTDOWN_SIGNALS) process.on(s, stopEarly);

  let database: Database;
  try {
    const seeded = cfg.databaseUrl ? await checkPostgres(cfg.databaseUrl) : !noEmbeddedDatabase(cfg.dataDir);
    if (!seeded) {
      const code = await seedInChild(); // (it printed its own line when it failed)
      if (code !== 0) process.exit(code);
    }
    database = await openDatabase(cfg);
  } catch (e) {
    return failStart(e, cfg, 'open');
  }
  // a PGlite statement that never ends (full disk) ends the process instead of hanging it (pgliteWatchdog.ts)
  if (database.kind === 'pglite') watchPGlite({ dataDir: cfg.dataDir, lockPath: join(cfg.dataDir, 'db.lock') });
  try {
    await migrate(database.db);
    await seed(database.db, { adminPassword: cfg.adminPassword, dataDir: cfg.dataDir, mapTileUrl: cfg.mapTileUrl });
  } catch (e) {
    return failStart(e, cfg, 'migrate');
  }

  // PGlite on a full disk: refuse routes that write while there is still room for its WAL (http/diskGuard.ts)
  const diskGuard = database.kind === 'pglite' ? { dir: cfg.dataDir } : undefined;
  // backups of the embedded database: the 数据备份 page, the schedule, npm run backup (src/server/backup/)
  const backups = database.pglite
    ? new Backups({ db: database.db, pglite: database.pglite, dataDir: cfg.dataDir })
    : undefined;
  const app = await buildApp({
    db: database.db,
    logger: { level: cfg.logLevel },
    mapTileUrl: cfg.mapTileUrl,
    dataDir: cfg.dataDir,
    trustProxy: cfg.trustProxy,
    diskGuard,
    backups,
  });
  if (backups) await serveBackups(backups, { dataDir: cfg.dataDir, settings: new Settings(database.db), log: app.log });
  for (const s of SHUTDOWN_SIGNALS) process.off(s, stopEarly);
  const shutdown = createShutdown({ app, database });
  shutdownOnSignals(shutdown);
  // started by scripts/start.mjs (an IPC channel): stop when it has gone, even killed with SIGKILL
  if (process.channel) process.once('disconnect', () => void shutdown('parent exited'));

  try {
    await app.listen({ host: '0.0.0.0', port: cfg.port });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    console.error(`[碳算] 端口 ${cfg.port} 已被占用：请停止占用它的程序，或用 PORT 指定其他端口`);
    await database.close();
    process.exit(1);
  }
  const where = database.kind === 'pglite' ? `${cfg.dataDir}/db` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`碳算 listening on http://localhost:${cfg.port} — database: ${where}`);
  console.log(`[碳算] http://localhost:${cfg.port}  (数据库: ${where})`);
  if ((await senderKind(new Settings(database.db))) === 'dev') {
    console.log(
      `[碳算] 短信发送方式: 开发模式 — 验证码不发短信，写入 ${join(cfg.dataDir, OUTBOX_FILE)}（全局配置 sms.sender 改为 http 接入短信网关）`,
    );
  }
  // The user manual takes seconds to draw: `npm start` draws it when it builds (dist/manual). A server run without
  // that step (or after docs/manual changed) draws it in a thread right after the start and keeps it in the data
  // dir; by the time the server is at rest that thread has ended (the pool ends a thread soon after its last
  // task): the idle server keeps only the PDF's 1.5 MB, not the drawing's ~170 MB.
  keepManualsIn(cfg.dataDir, BUILT_MANUAL_DIR);
  const warm = () =>
    manualPdf().catch((err) => err instanceof PoolClosed || app.log.warn({ err }, 'user manual not drawn'));
  setTimeout(() => void warm(), MANUAL_WARM_MS).unref();
}

const MANUAL_WARM_MS = 2_000;

main().catch((e) => {
  console.error('[碳算] 启动失败:', e);
  process.exit(1);
});
