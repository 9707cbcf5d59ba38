// npm run restore FILE — restores a backup made by `npm run backup` or the 数据备份 page into DATA_DIR, with the
// server stopped. The current database is kept as DATA_DIR/db.before-restore-<date-time>; every session, download
// link, slider token and SMS code of the backup is removed, so everybody signs in again.
// (PostgreSQL: pg_restore, see docs/operations.md.)
import { resolve } from 'node:path';
import { NotABackupError } from '../src/server/backup/archive';
import { restoreDataDir } from '../src/server/backup/restore';
import { loadConfig } from '../src/server/config';
import { DataDirLockedError } from '../src/server/db/lockFile';

const file = process.argv[2];
if (!file) {
  console.error(
    '[碳算] 用法：npm run restore <备份文件>（如 data/backups/tansuan-2026-11-26T030000-auto.tar.gz），需先停止服务',
  );
  process.exit(1);
}
const cfg = loadConfig();
if (cfg.databaseUrl) {
  console.error(
    '[碳算] 已设置 DATABASE_URL（PostgreSQL）：请用 pg_restore --clean --if-exists -d "$DATABASE_URL" <文件>，再执行 DELETE FROM sys_session（见 docs/operations.md）',
  );
  process.exit(1);
}
try {
  const r = await restoreDataDir(cfg.dataDir, resolve(file));
  console.log(`[碳算] 已从 ${resolve(file)} 恢复数据库到 ${cfg.dataDir}/db`);
  console.log(
    r.movedAside
      ? `[碳算] 恢复前的数据库已移到 ${r.movedAside}（确认无误后可删除）`
      : '[碳算] 恢复前数据目录中没有数据库',
  );
  console.log(
    `[碳算] 已使所有登录失效：删除登录会话 ${r.sessions} 个、下载链接 ${r.downloadLinks} 个、滑块令牌 ${r.sliderTokens} 个、短信验证码 ${r.smsCodes} 个；所有用户需重新登录`,
  );
  console.log('[碳算] 现在可以启动服务（npm start）');
} catch (e) {
  if (e instanceof DataDirLockedError)
    console.error(`[碳算] 服务（进程 ${e.pid}）正在使用数据目录 ${cfg.dataDir}：请先停止服务再恢复。未做任何改动。`);
  else if (e instanceof NotABackupError) console.error(`[碳算] ${e.message}`);
  else if ((e as NodeJS.ErrnoException).code === 'ENOENT')
    console.error(`[碳算] 找不到文件 ${resolve(file)}，未做任何改动。`);
  else console.error(`[碳算] 恢复失败：${(e as Error).message}`);
  process.exit(1);
}
