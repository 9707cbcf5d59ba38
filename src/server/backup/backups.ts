// Making, listing and pruning backups of the embedded database in DATA_DIR/backups — one at a time per process
// (the data dir's lock file makes this process the only one). Used by the 数据备份 page, the schedule, and
// `npm run backup` (through the control socket while the server runs, or directly when it does not).
import type { PGlite } from '@electric-sql/pglite';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Db } from '../db/database';
import { assertDiskSpace, DISK_RESERVE_BYTES } from '../db/diskSpace';
import { backupDir, backupName, listBackups, type BackupFile, type BackupKind } from './archive';
import { snapshot } from './snapshot';

const gzipAsync = promisify(gzip);

export const BACKUP_BUSY = '已有备份正在进行，请稍后再试';

export class BackupBusyError extends Error {
  constructor() {
    super(BACKUP_BUSY);
  }
}

export class Backups {
  private running: Promise<BackupFile> | undefined;

  constructor(private readonly opts: { db: Db; pglite: PGlite; dataDir: string }) {}

  get dir(): string {
    return backupDir(this.opts.dataDir);
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  list(): BackupFile[] {
    return listBackups(this.dir);
  }

  /** Makes one backup into DATA_DIR/backups (or `out`); BackupBusyError while another one runs. */
  create(kind: BackupKind, out?: string): Promise<BackupFile> {
    if (this.running) return Promise.reject(new BackupBusyError());
    const run = this.write(kind, out).finally(() => (this.running = undefined));
    this.running = run;
    return run;
  }

  /** Resolves once no backup runs (shutdown waits for it before the database closes). */
  async idle(): Promise<void> {
    await this.running?.catch(() => {});
  }

  /** Deletes the scheduled backups beyond the newest `keep`; manual ones are the operator's and are kept. */
  prune(keep: number): string[] {
    const old = this.list()
      .filter((b) => b.kind === 'scheduled')
      .slice(Math.max(keep, 1));
    for (const b of old) rmSync(b.path, { force: true });
    return old.map((b) => b.name);
  }

  private async write(kind: BackupKind, out?: string): Promise<BackupFile> {
    const at = new Date();
    const dir = out ? dirname(out) : this.dir;
    mkdirSync(dir, { recursive: true });
    // a .partial left by a process that died while writing
    if (!out) for (const f of readdirSync(dir)) if (f.endsWith('.partial')) rmSync(join(dir, f), { force: true });
    const tar = await snapshot(this.opts.db, this.opts.pglite);
    // the backups share the database's disk: never eat into the room PGlite's WAL needs (db/diskSpace.ts)
    await assertDiskSpace(dir, DISK_RESERVE_BYTES + tar.byteLength);
    const gz = await gzipAsync(tar);
    const name = out ? undefined : backupName(dir, at, kind);
    const path = out ?? join(dir, name!);
    // written aside and renamed: the list never shows half a file
    writeFileSync(`${path}.partial`, gz, { mode: 0o600 });
    renameSync(`${path}.partial`, path);
    return { name: name ?? path.split('/').pop()!, path, size: gz.byteLength, createdAt: at, kind };
  }
}
