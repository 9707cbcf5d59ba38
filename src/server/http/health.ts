// GET /api/health: for load balancers, supervisors and operators. Public and cheap — no session,
// no write, one `select 1` — so it can be polled often. 200 while the database answers; 503
// `数据库连接中断，请稍后重试` with { status: 'degraded', database: 'down' } when it fails or, on PostgreSQL, does not
// answer within HEALTH_TIMEOUT_MS (restarting or away). The server itself keeps running and the pool reconnects by
// itself: the route turns 200 again as soon as the database is back.
// PGlite is one connection inside this process: a `select 1` that waits there waits behind a long import or
// calculation, so it answers 200 with database 'busy'. A PGlite that stopped (PANIC) fails at once (pgliteDialect.ts),
// and one that spins is ended by the watchdog (pgliteWatchdog.ts).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isEmbedded, type Db } from '../db/database';
import { fail, ok } from '../envelope';
import { MESSAGES } from '../errors';

export const HEALTH_TIMEOUT_MS = 2000;

/** How `select 1` went within `ms` (the query left behind settles on its own, its error swallowed). */
async function probe(db: Db, ms: number): Promise<'ok' | 'failed' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const query = sql`select 1`.execute(db).then(
    () => 'ok' as const,
    () => 'failed' as const,
  );
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, db: Db): void {
  const kind = isEmbedded(db) ? 'pglite' : 'postgres';
  app.get(
    '/api/health',
    { config: { public: true, writes: false }, schema: { summary: '健康检查（数据库是否可用）' } },
    async (_req, reply) => {
      const state = await probe(db, HEALTH_TIMEOUT_MS);
      if (state === 'ok') return ok({ status: 'ok', database: 'ok', kind });
      if (state === 'late' && kind === 'pglite') return ok({ status: 'ok', database: 'busy', kind });
      return reply.status(503).send(fail(MESSAGES.dbDown, { status: 'degraded', database: 'down', kind }));
    },
  );
}
