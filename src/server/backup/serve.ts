// The server side of backups on the embedded database: the schedule of 全局配置 and the control socket of
// `npm run backup`; both stop on shutdown, which waits for a backup in progress before the database closes.
import type { FastifyBaseLogger } from 'fastify';
import { onShutdown } from '../http/shutdown';
import type { Settings } from '../settings/settings';
import type { Backups } from './backups';
import { serveControl } from './control';
import { startSchedule } from './schedule';

export async function serveBackups(
  backups: Backups,
  opts: { dataDir: string; settings: Settings; log: FastifyBaseLogger },
): Promise<void> {
  const stopSchedule = startSchedule(backups, opts.settings, opts.log);
  const stopControl = await serveControl(opts.dataDir, backups, opts.log).catch((err) => {
    opts.log.warn({ err }, 'control socket not opened: npm run backup works only while the server is stopped');
    return undefined;
  });
  onShutdown(async () => {
    stopSchedule();
    await stopControl?.();
    await backups.idle();
  });
}
