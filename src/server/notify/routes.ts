// The inbox's own routes ; listing and deleting are the generic resource routes,
// scoped to the caller's own rows by x-resource.personal:
//   PUT /api/sys/v1/sys/sysNotify/read            { ids: [...] } or { all: true } → how many were marked read
//   GET /api/sys/v1/sys/sysNotify/count/:userId   the caller's unread count (polled every 60 s); another user's → 403
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { forbidden } from '../errors';
import { resourceDef } from '../db/registry';
import { typed } from '../http/typed';

const readBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } },
    all: { type: 'boolean', const: true },
  },
  // one of the two
  minProperties: 1,
  maxProperties: 1,
} as const;

const userParams = { type: 'object', required: ['userId'], properties: { userId: { type: 'integer' } } } as const;

export function notifyRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const inbox = resourceDef('sysNotify').table;

  r.put(
    '/api/sys/v1/sys/sysNotify/read',
    { schema: { body: readBody }, config: { writes: true, trialAllowed: true } },
    async (req) => {
      const caller = callerOf(req);
      let q = db
        .updateTable(inbox)
        .set({ read_flag: 1, update_date: new Date() })
        .where('user_id', '=', caller.userId)
        .where('read_flag', '=', 0);
      if (req.body.ids) q = q.where('id', 'in', req.body.ids);
      const r = await q.executeTakeFirst();
      return ok(Number(r.numUpdatedRows), '已标记为已读');
    },
  );

  r.get(
    '/api/sys/v1/sys/sysNotify/count/:userId',
    { schema: { params: userParams }, config: { writes: false } },
    async (req) => {
      const caller = callerOf(req);
      if (req.params.userId !== caller.userId) throw forbidden();
      const r = await db
        .selectFrom(inbox)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', caller.userId)
        .where('read_flag', '=', 0)
        .executeTakeFirstOrThrow();
      return ok(Number(r.n));
    },
  );
}
