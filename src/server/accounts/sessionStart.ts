// The end of every successful login (password or SMS): a new session and the session user object.
import type { FastifyRequest } from 'fastify';
import { createSession } from '../auth/sessions';
import { userInfo, type UserInfo, type UserRow } from '../auth/userInfo';
import type { AccountsContext } from './context';

export async function startSession(
  ctx: AccountsContext,
  req: FastifyRequest,
  user: UserRow,
  remember: boolean,
): Promise<UserInfo & { token: string }> {
  const token = await createSession(
    ctx.db,
    { userId: user.id, tenantId: user.tenant_id, roleList: user.role_list ?? [] },
    {
      remember,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    },
  );
  req.log.info({ userId: user.id }, 'login');
  return { token, ...(await currentUserInfo(ctx, user)) };
}

export async function currentUserInfo(ctx: AccountsContext, user: UserRow): Promise<UserInfo> {
  return userInfo(ctx.db, user, { trialDays: await ctx.settings.int('trial.days'), now: ctx.now() });
}
