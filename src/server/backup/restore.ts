// Restoring a backup into a stopped data dir (`npm run restore FILE`). Nothing of the current data is touched
// until the backup has been read, loaded into a staging folder beside it and found to be a 碳算 database; then
// DATA_DIR/db is moved aside to db.before-restore-<date> and the restored one takes its place. Everything that
// lets somebody in without a password is removed from the restored data: sessions, download links, slider
// tokens and SMS codes of the backup's time — nobody stays signed in across a restore.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPGlite } from '../db/database';
import { acquireLock } from '../db/lockFile';
import { openBackup, NotABackupError, stamp } from './archive';

export interface RestoreReport {
  /** Where the previous database went (undefined: the data dir had none). */
  movedAside?: string;
  sessions: number;
  downloadLinks: number;
  sliderTokens: number;
  smsCodes: number;
}

/** Restores `file` into DATA_DIR/db; DataDirLockedError while a server runs on it, NotABackupError for another file. */
export async function restoreDataDir(dataDir: string, file: string): Promise<RestoreReport> {
  const tar = openBackup(file, readFileSync(file));
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(join(dataDir, 'db.lock'));
  const when = stamp(new Date());
  const staging = join(dataDir, `restore-${when}`);
  try {
    const report = await loadAndScrub(staging, tar, file);
    const current = join(dataDir, 'db');
    let movedAside: string | undefined;
    if (existsSync(current)) {
      movedAside = join(dataDir, `db.before-restore-${when}`);
      renameSync(current, movedAside);
    }
    renameSync(join(staging, 'db'), current);
    return { movedAside, ...report };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}

async function loadAndScrub(
  staging: string,
  tar: Uint8Array,
  file: string,
): Promise<Omit<RestoreReport, 'movedAside'>> {
  const database = await openPGlite({ dataDir: staging, loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]) });
  try {
    const { db } = database;
    const found = await sql<{ t: string | null }>`select to_regclass('public.sys_session')::text as t`.execute(db);
    if (!found.rows[0]?.t) throw new NotABackupError(file, '其中不是碳算的数据库');
    return await db.transaction().execute(async (trx) => {
      const count = async (q: { execute(): Promise<{ numDeletedRows: bigint }[]> }) =>
        Number((await q.execute())[0]?.numDeletedRows ?? 0);
      return {
        sessions: await count(trx.deleteFrom('sys_session')),
        // avatars are kept (expires_at null: permanent files, not links)
        downloadLinks: await count(trx.deleteFrom('sys_file').where('expires_at', 'is not', null)),
        sliderTokens: await count(trx.deleteFrom('sys_slider')),
        smsCodes: await count(trx.deleteFrom('sys_sms_code')),
      };
    });
  } finally {
    await database.close();
  }
}
