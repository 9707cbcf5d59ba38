// npm run backup [-- --out FILE] — a backup of the database of DATA_DIR (or DATABASE_URL).
// Embedded database: while the server runs (it holds DATA_DIR/db.lock) the server makes the backup, asked through
// its control socket DATA_DIR/control.sock; otherwise this process opens the data dir itself. The file is
// DATA_DIR/backups/tansuan-<date-time>.tar.gz unless --out names another; `npm run restore FILE` reads it back.
// PostgreSQL: pg_dump -Fc into DATA_DIR/backups/tansuan-<date-time>.dump (or --out), or the command to run.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backupDir, stamp } from '../src/server/backup/archive';
import { Backups } from '../src/server/backup/backups';
import { requestBackup } from '../src/server/backup/control';
import { loadConfig } from '../src/server/config';
import { openPGlite } from '../src/server/db/database';
import { DataDirLockedError } from '../src/server/db/lockFile';

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

function outArg(): string | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === '--out' || a.startsWith('--out='));
  if (i < 0) return undefined;
  const v = args[i].startsWith('--out=') ? args[i].slice(6) : args[i + 1];
  if (!v) throw new Error('--out 后面需要文件名');
  return resolve(v);
}

function pgDump(url: string, dataDir: string, out: string | undefined): void {
  const file = out ?? join(backupDir(dataDir), `tansuan-${stamp(new Date())}.dump`);
  if (spawnSync('pg_dump', ['--version']).error) {
    console.log(
      '[碳算] 数据库为 PostgreSQL（DATABASE_URL），本机没有 pg_dump。请在装有 PostgreSQL 客户端的机器上运行：',
    );
    console.log(`  pg_dump -Fc -d "$DATABASE_URL" -f tansuan-$(date +%F).dump`);
    process.exit(1);
  }
  const r = spawnSync('pg_dump', ['-Fc', '-d', url, '-f', file], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`pg_dump 失败（退出码 ${r.status}）`);
  console.log(`[碳算] 备份完成：${file}（${mb(statSync(file).size)}）`);
}

async function embedded(dataDir: string, out: string | undefined): Promise<void> {
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION')))
    throw new Error(`数据目录 ${dataDir} 中没有数据库（DATA_DIR 是否正确？）`);
  let database;
  try {
    database = await openPGlite({ dataDir });
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    // the server runs: it makes the backup (it alone may open the data dir)
    const a = await requestBackup(dataDir, out).catch((err: Error) => {
      throw new Error(
        `服务（进程 ${e.pid}）正在运行，但无法通过 ${join(dataDir, 'control.sock')} 请求备份：${err.message}`,
        { cause: err },
      );
    });
    if (!a.ok) throw new Error(a.message, { cause: e });
    console.log(`[碳算] 备份完成（由运行中的服务生成）：${a.path}（${mb(a.size ?? 0)}）`);
    return;
  }
  try {
    const f = await new Backups({ db: database.db, pglite: database.pglite!, dataDir }).create('manual', out);
    console.log(`[碳算] 备份完成：${f.path}（${mb(f.size)}）`);
  } finally {
    await database.close();
  }
}

try {
  const cfg = loadConfig();
  const out = outArg();
  if (cfg.databaseUrl) pgDump(cfg.databaseUrl, cfg.dataDir, out);
  else await embedded(cfg.dataDir, out);
} catch (e) {
  console.error(`[碳算] 备份失败：${(e as Error).message}`);
  process.exit(1);
}
