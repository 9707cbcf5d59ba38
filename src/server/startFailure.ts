// How a start that cannot use its database ends, in the server and in the first start's seeding process
// (seed/firstStart.ts) alike: one Chinese line on stderr (startupErrors.ts) and exit code 1; anything else is a bug
// and keeps its stack.
import type { loadConfig } from './config';
import { freeBytes } from './db/diskSpace';
import { DataDirLockedError } from './db/lockFile';
import { describeStartupError } from './startupErrors';

/** Prints the line for a database that cannot be used and exits 1; anything else is rethrown. */
export async function failStart(
  e: unknown,
  cfg: ReturnType<typeof loadConfig>,
  stage: 'open' | 'migrate',
): Promise<never> {
  if (e instanceof DataDirLockedError) {
    console.error(`[碳算] ${e.message}`);
    process.exit(1);
  }
  const free = cfg.databaseUrl ? undefined : await freeBytes(cfg.dataDir).catch(() => undefined);
  const line = describeStartupError(e, cfg, stage, free);
  if (!line) throw e;
  console.error(`[碳算] ${line}`);
  process.exit(1);
}
