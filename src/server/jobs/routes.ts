// GET /api/sys/v1/job/{id}: the caller's own job (another's → 404), polled by the client's progress bar.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { notFound } from '../errors';
import { findJob } from './store';
import { typed } from '../http/typed';

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export function jobRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  r.get('/api/sys/v1/job/:id', { schema: { params }, config: { writes: false } }, async (req) => {
    const job = await findJob(db, callerOf(req), req.params.id);
    if (!job) throw notFound();
    return ok(job);
  });
}
