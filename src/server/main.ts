// The server process: open the database (PGlite in DATA_DIR/db behind a lock file, or PostgreSQL when
// DATABASE_URL is set), migrate, seed on first start, listen on 0.0.0.0:PORT.
import { manualPdf } from './help/manual';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { DataDirLockedError } from './db/lockFile';
import { migrate } from './db/migrate';
import { seed } from './db/seed/seed';
import { join } from 'node:path';
import { OUTBOX_FILE, senderKind } from './accounts/smsSender';
import { Settings } from './settings/settings';

async function main(): Promise<void> {
  const cfg = loadConfig();
  let database;
  try {
    database = await openDatabase(cfg);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(`[碳算] ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  await migrate(database.db);
  await seed(database.db, { adminPassword: cfg.adminPassword, dataDir: cfg.dataDir, mapTileUrl: cfg.mapTileUrl });

  const app = await buildApp({ db: database.db, logger: { level: cfg.logLevel }, mapTileUrl: cfg.mapTileUrl, dataDir: cfg.dataDir });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: '0.0.0.0', port: cfg.port });
  const where = database.kind === 'pglite' ? `${cfg.dataDir}/db` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`碳算 listening on http://localhost:${cfg.port} — database: ${where}`);
  console.log(`[碳算] http://localhost:${cfg.port}  (数据库: ${where})`);
  if ((await senderKind(new Settings(database.db))) === 'dev') {
    console.log(`[碳算] 短信发送方式: 开发模式 — 验证码不发短信，写入 ${join(cfg.dataDir, OUTBOX_FILE)}（全局配置 sms.sender 改为 http 接入短信网关）`);
  }
  // The user manual takes seconds to draw: draw it once the first users are in, so its first download is instant.
  setTimeout(() => void manualPdf().catch((err) => app.log.warn({ err }, 'user manual not drawn')), MANUAL_WARM_MS).unref();
}

const MANUAL_WARM_MS = 30_000;

main().catch((e) => {
  console.error('[碳算] 启动失败:', e);
  process.exit(1);
});
