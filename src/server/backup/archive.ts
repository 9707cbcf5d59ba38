// Backup files of the embedded database: a gzip-compressed tar of the PGlite data dir (PGDATA), as
// PGlite.dumpDataDir writes it and its `loadDataDir` option reads it. Names carry the local date-time and the way
// the backup was made: tansuan-2026-11-26T083015.tar.gz (手动) or tansuan-2026-11-26T030000-auto.tar.gz (定时).
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export type BackupKind = 'manual' | 'scheduled';

export interface BackupFile {
  name: string;
  path: string;
  size: number;
  createdAt: Date;
  kind: BackupKind;
}

const NAME = /^tansuan-\d{4}-\d{2}-\d{2}T\d{6}(-\d+)?(-auto)?\.tar\.gz$/;

/** DATA_DIR/backups, made on first use (mode 700: backups hold password hashes). */
export function backupDir(dataDir: string): string {
  const dir = join(dataDir, 'backups');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 2026-11-26T083015 in the server's local time (the time the schedule is read in). */
export function stamp(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
}

/** A free file name in `dir` for a backup made at `at`. */
export function backupName(dir: string, at: Date, kind: BackupKind): string {
  const taken = new Set(readdirSync(dir));
  for (let n = 1; ; n++) {
    const name = `tansuan-${stamp(at)}${n > 1 ? `-${n}` : ''}${kind === 'scheduled' ? '-auto' : ''}.tar.gz`;
    if (!taken.has(name)) return name;
  }
}

/** The backups in `dir`, newest first (files named otherwise, and unfinished .partial files, are not listed). */
export function listBackups(dir: string): BackupFile[] {
  const out: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    if (!NAME.test(name)) continue;
    const path = join(dir, name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st?.isFile()) continue;
    out.push({
      name,
      path,
      size: st.size,
      createdAt: st.mtime,
      kind: name.endsWith('-auto.tar.gz') ? 'scheduled' : 'manual',
    });
  }
  return out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
}

/** Whether `name` is a backup file name (the download route serves nothing else). */
export const isBackupName = (name: string) => NAME.test(name);

/** The file names of a tar (ustar headers with valid checksums); undefined when it is not one. */
function tarEntries(tar: Uint8Array): string[] | undefined {
  const names: string[] = [];
  const text = (from: number, len: number) =>
    Buffer.from(tar.subarray(from, from + len))
      .toString('utf8')
      .replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) return names;
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    if (parseInt(text(at + 148, 8).trim(), 8) !== sum) return undefined;
    const prefix = text(at + 257, 5) === 'ustar' ? text(at + 345, 155) : '';
    names.push((prefix ? `${prefix}/` : '') + text(at, 100));
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names.length ? names : undefined;
}

export class NotABackupError extends Error {
  constructor(file: string, why: string) {
    super(
      `${file} 不是碳算的数据备份（${why}），未做任何改动。请选择 npm run backup 或“数据备份”页面生成的 .tar.gz 文件。`,
    );
  }
}

/** The tar inside a backup file's bytes; NotABackupError when it is no gzip'd PostgreSQL data dir. */
export function openBackup(file: string, bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new NotABackupError(file, '不是 gzip 压缩文件');
  let tar: Uint8Array;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new NotABackupError(file, '压缩数据已损坏');
  }
  const names = new Set(tarEntries(tar)?.map((n) => n.replace(/^\.?\/+/, '')));
  if (!names.has('PG_VERSION') || !names.has('global/pg_control'))
    throw new NotABackupError(file, '其中没有数据库目录');
  return tar;
}
