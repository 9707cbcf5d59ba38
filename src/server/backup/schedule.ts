// Scheduled backups (embedded database only): once a minute, off any request, the server reads 全局配置
// backup.cron and, in a minute it names, makes a 定时 backup and keeps the newest backup.keep of them.
// A minute whose backup is still running (or a manual one) is skipped: backups run one at a time.
import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../settings/settings';
import { BackupBusyError, type Backups } from './backups';
import { cronMatches, parseCron } from './cron';

/** The schedule in effect; cron '' = no scheduled backups. */
export async function backupSchedule(settings: Settings): Promise<{ cron: string; keep: number }> {
  return { cron: (await settings.get('backup.cron')).trim(), keep: Math.max(1, await settings.int('backup.keep')) };
}

/**
 * The work of one minute: a backup when backup.cron names `at`'s minute, then the pruning. Answers what it did
 * ('off', 'not now', 'busy', or the file name); throws when the backup fails.
 */
export async function runScheduled(backups: Backups, settings: Settings, at: Date): Promise<string> {
  const { cron, keep } = await backupSchedule(settings);
  if (!cron) return 'off';
  const spec = parseCron(cron);
  if (!spec || !cronMatches(spec, at)) return 'not now';
  try {
    const file = await backups.create('scheduled');
    backups.prune(keep);
    return file.name;
  } catch (e) {
    if (e instanceof BackupBusyError) return 'busy';
    throw e;
  }
}

/** Checks every minute, a second after it starts; answers the stop function. */
export function startSchedule(backups: Backups, settings: Settings, log: FastifyBaseLogger): () => void {
  let timer: NodeJS.Timeout;
  const next = () => {
    timer = setTimeout(tick, 61_000 - (Date.now() % 60_000));
    timer.unref();
  };
  const tick = () => {
    next();
    const at = new Date();
    runScheduled(backups, settings, at)
      .then((what) => {
        if (what.endsWith('.tar.gz')) log.info({ file: what }, 'scheduled backup made');
        if (what === 'busy') log.warn('scheduled backup skipped: another backup is running');
      })
      .catch((err) => log.error({ err }, 'scheduled backup failed'));
  };
  next();
  return () => clearTimeout(timer);
}
