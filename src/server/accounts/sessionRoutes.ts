// GET /api/sys/v1/sso/logout and GET /api/sys/v1/sys/sysUser/currentUser (the logins are in loginRoutes.ts).
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import { revokeSession } from '../auth/sessions';
import { findUserById } from '../auth/userInfo';
import { ok } from '../envelope';
import { notFound } from '../errors';
import type { AccountsContext } from './context';
import { currentUserInfo } from './sessionStart';

export function sessionRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  app.get('/api/sys/v1/sso/logout', { config: { account: true, writes: true } }, async (req) => {
    callerOf(req);
    if (req.sessionHash) await revokeSession(ctx.db, req.sessionHash);
    return ok(null, '退出成功');
  });

  app.get('/api/sys/v1/sys/sysUser/currentUser', { config: { account: true, writes: false } }, async (req) => {
    const user = await findUserById(ctx.db, callerOf(req).userId);
    if (!user) throw notFound();
    return ok(await currentUserInfo(ctx, user));
  });
}
