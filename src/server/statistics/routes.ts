// GET tpf3ProjectV/statistics → 统计分析's sums by compute method and the engineering projects' totals (figures.ts).
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { statistics } from './figures';

export function statisticsRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/tpf/v1/tpf/tpf3ProjectV/statistics', { config: { writes: false } }, async (req) =>
    ok(await statistics(db, callerOf(req))),
  );
}
