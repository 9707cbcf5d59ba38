// Dictionary lookups for every logged-in user:
//   GET /api/sys/v1/sys/sysDict/dropDown/:dictCode → { value: label } over all levels of the items tree
//   GET /api/sys/v1/sys/sysDict/items/:dictCode    → the items tree (cities grouped by province, build types)
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../auth/guard';
import { ok } from '../envelope';
import { notFound } from '../errors';
import { dictItems, flattenDict } from '../cache/dicts';
import { typed } from '../http/typed';

const params = {
  type: 'object',
  required: ['dictCode'],
  properties: { dictCode: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_]*$' } },
} as const;

export function sysDictRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  r.get(
    '/api/sys/v1/sys/sysDict/dropDown/:dictCode',
    { schema: { params }, config: { writes: false } },
    async (req) => {
      callerOf(req);
      const items = await dictItems(db, req.params.dictCode);
      if (!items) throw notFound();
      return ok(flattenDict(items));
    },
  );

  r.get('/api/sys/v1/sys/sysDict/items/:dictCode', { schema: { params }, config: { writes: false } }, async (req) => {
    callerOf(req);
    const items = await dictItems(db, req.params.dictCode);
    if (!items) throw notFound();
    return ok(items);
  });
}
