// GET /api/sys/v1/sso/logout and GET /api/sys/v1/sys/sysUser/currentUser (the logins are in ../accounts/).
import type { FastifyInstance } from 'fastify';
import type { AccountsContext } from '../accounts/context';
import { currentUserInfo } from '../accounts/sessionStart';
import { ok } from '../envelope';
import { notFound } from '../errors';
import { callerOf } from './guard';
import { revokeSession } from './sessions';
import { findUserById } from './userInfo';

export function authRoutes(app: FastifyInstance, ctx: AccountsContext): void {
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
