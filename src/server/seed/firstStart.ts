// A first start's one-off work runs in a process of its own that exits when done: creating the embedded database
// (initdb), migrating and seeding it grow PGlite's WASM memory and the allocator's heap by ~120–170 MB that a
// process never hands back, and a server that had done it in itself idled at 480–560 MB where the same server
// restarted on that folder idles at 365–405 MB. The server opens the database once the child has exited, exactly as
// a restart does. The child prints what the seed prints (where the generated passwords went) and, for a database
// that cannot be used, the server's own one line (startFailure.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:os';
import { tsProcess } from '../jobs/tsProcess';

/** Whether DATA_DIR holds no embedded database yet: initdb has not written its PG_VERSION. */
export const noEmbeddedDatabase = (dataDir: string) => !existsSync(join(dataDir, 'db', 'PG_VERSION'));

/** Opens, migrates and seeds the database in a child process (seed/child.ts); answers its exit code. */
export function seedInChild(): Promise<number> {
  // (its data is the environment it inherits: DATA_DIR, DATABASE_URL, ADMIN_PASSWORD stay out of argv)
  const child = tsProcess(new URL('./child.ts', import.meta.url), {});
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}
