// The request guard of a full disk (db/diskSpace.ts says why refusing early matters on the embedded database): below
// the reserve, every /api route declared `writes: true` answers 507 before it starts.
import type { FastifyInstance } from 'fastify';
import { DISK_RESERVE_BYTES, FreeSpace, freeSpaceOf } from '../db/diskSpace';
import { fail } from '../envelope';
import { MESSAGES } from '../errors';

export interface DiskGuardOptions {
  /** The data dir (its file system holds the embedded database). */
  dir: string;
  reserveBytes?: number;
  /** Tests give their own measurement (asked on every request, not cached). */
  freeBytes?: (dir: string) => Promise<number>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set while the data dir's file system is below the reserve: the request must not write (the session is not
     * touched).
     */
    diskLow?: boolean;
  }
}

const WARN_EVERY_MS = 60_000;

/**
 * While the file system of `dir` has less than the reserve free, refuses with 507 every /api route declared
 * `writes: true` (http/writeFlag.ts) before it starts, whatever its verb; the others run without writing
 * (req.diskLow). Logged once a minute while it lasts. Add it before the authentication hook.
 */
export function diskSpaceGuard(app: FastifyInstance, opts: DiskGuardOptions): void {
  const reserve = opts.reserveBytes ?? DISK_RESERVE_BYTES;
  const space = opts.freeBytes ? new FreeSpace(opts.dir, opts.freeBytes, 0) : freeSpaceOf(opts.dir);
  let warnedAt = -Infinity;
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.is404) return;
    const free = await space.bytes();
    if (free >= reserve) return;
    req.diskLow = true;
    if (req.routeOptions.config?.writes === false) return;
    if (Date.now() - warnedAt > WARN_EVERY_MS) {
      warnedAt = Date.now();
      req.log.warn(
        { dir: opts.dir, freeMB: Math.floor(free / 1048576), reserveMB: Math.floor(reserve / 1048576) },
        'disk almost full: write requests refused',
      );
    }
    return reply.status(507).send(fail(MESSAGES.diskFull));
  });
}
