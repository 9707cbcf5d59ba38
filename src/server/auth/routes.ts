// POST /api/sys/v1/sso/login, GET /api/sys/v1/sso/logout, GET /api/sys/v1/sys/sysUser/currentUser.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { ok } from '../envelope';
import { ApiError, notFound, tooMany } from '../errors';
import { callerOf } from './guard';
import { clearAccountFailures, isLocked, recordFailure, TOO_MANY_LOGINS } from './loginThrottle';
import { decodePassword, dummyVerify, verifyPassword } from './password';
import { createSession, revokeSession } from './sessions';
import { findUserById, findUserByName, tenantOf, userInfo } from './userInfo';

export const LOGIN_FAILED = '用户名或密码错误';

const loginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['userName', 'password'],
  properties: {
    userName: { type: 'string', title: '登录账号', minLength: 1, maxLength: 50 },
    password: { type: 'string', title: '密码', minLength: 1, maxLength: 1000 },
    remember: { type: 'boolean', title: '自动登录' },
  },
} as const;

export function authRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Body: { userName: string; password: string; remember?: boolean } }>(
    '/api/sys/v1/sso/login',
    { schema: { body: loginBody }, config: { public: true } },
    async (req) => {
      const userName = req.body.userName.trim();
      const password = decodePassword(req.body.password);
      const ip = req.ip;
      if (await isLocked(db, userName, ip)) throw tooMany(TOO_MANY_LOGINS);

      const user = userName ? await findUserByName(db, userName) : undefined;
      const cred = user
        ? ((await db.selectFrom('sys_credential').select('password_hash').where('user_id', '=', user.id).executeTakeFirst()) as { password_hash: string } | undefined)
        : undefined;
      const good = cred ? await verifyPassword(cred.password_hash, password) : await dummyVerify(password);
      const tenant = user ? await tenantOf(db, user.tenant_id) : undefined;
      const enabled = user?.status !== 0 && (user?.tenant_id == null || (tenant !== undefined && tenant.status !== 0));
      if (!user || !good || !enabled) {
        await recordFailure(db, userName, ip);
        req.log.info({ userName }, 'login failed');
        throw new ApiError(400, 0, LOGIN_FAILED);
      }
      await clearAccountFailures(db, userName);
      const remember = req.body.remember === true;
      const token = await createSession(db, { userId: user.id, tenantId: user.tenant_id, roleList: user.role_list ?? [] }, {
        remember,
        ip,
        userAgent: req.headers['user-agent'],
      });
      req.log.info({ userId: user.id }, 'login');
      return ok({ token, ...(await userInfo(db, user)) }, '登录成功');
    },
  );

  app.get('/api/sys/v1/sso/logout', async (req) => {
    callerOf(req);
    if (req.sessionHash) await revokeSession(db, req.sessionHash);
    return ok(null, '退出成功');
  });

  app.get('/api/sys/v1/sys/sysUser/currentUser', async (req) => {
    const caller = callerOf(req);
    const user = await findUserById(db, caller.userId);
    if (!user) throw notFound();
    return ok(await userInfo(db, user));
  });
}
