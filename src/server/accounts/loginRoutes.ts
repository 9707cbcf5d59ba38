// POST /api/sys/v1/sso/login (user name + password, with the slider after repeated failures) and
// POST /api/sys/v1/sso/smsLogin (phone + SMS code). Both answer { token, ...session user }.
import type { FastifyInstance } from 'fastify';
import { decodePassword, dummyVerify } from '../auth/password';
import { checkPassword } from './credentials';
import { ok } from '../envelope';
import { ApiError, tooMany } from '../errors';
import { loginBody, smsLoginBody } from '../../../schemas/accounts';
import type { AccountsContext } from './context';
import {
  ACCOUNT_LIMIT,
  ACCOUNT_TOO_MANY,
  clearAccountFailures,
  IP_LIMIT,
  loginNeedsSlider,
  reserveLoginTry,
  TOO_MANY_LOGINS,
} from './loginGate';
import { startSession } from './sessionStart';
import { sliderRequired, spendSliderToken } from './slider';
import { CODE_INVALID, consumeCode } from './smsCodes';
import { canLogIn, findUserByName, findUserByPhone } from './userLookup';
import { typed } from '../http/typed';

export const LOGIN_FAILED = '用户名或密码错误';
export const ACCOUNT_UNAVAILABLE = '账号不可用，请联系管理员';

export function loginRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const r = typed(app);
  const { db } = ctx;

  r.post(
    '/api/sys/v1/sso/login',
    { schema: { body: loginBody }, config: { public: true, writes: true } },
    async (req) => {
      const userName = req.body.userName.trim();
      const password = decodePassword(req.body.password);
      // the place in the counts is taken before anything is checked (loginGate.ts)
      const attempt = await reserveLoginTry(db, userName, req.ip);
      const refuse = async (err: ApiError) => {
        await attempt.release();
        return err;
      };
      if (attempt.ip > IP_LIMIT) throw await refuse(tooMany(TOO_MANY_LOGINS));
      const before = { account: attempt.account - 1, ip: attempt.ip - 1 };
      if (await loginNeedsSlider(ctx.settings, before)) {
        if (!(await spendSliderToken(db, req.body.sliderToken, ctx.now()))) throw await refuse(sliderRequired());
      }
      // after the slider: parallel tries without one are counted only until they give their place back, so they
      // must meet the slider, not this limit (it is for tries that each bought a slider)
      if (attempt.account > ACCOUNT_LIMIT) throw await refuse(tooMany(ACCOUNT_TOO_MANY));

      const user = userName ? await findUserByName(db, userName) : undefined;
      const good = user ? await checkPassword(db, user.id, password) : await dummyVerify(password);
      if (!user || !good || !(await canLogIn(db, user))) {
        req.log.info({ userName }, 'login failed');
        // the same answer for an unknown user and a wrong password; it says when the next try needs the slider
        const next = await loginNeedsSlider(ctx.settings, attempt);
        throw new ApiError(400, 0, LOGIN_FAILED, next ? { needSlider: true } : null);
      }
      await attempt.succeeded();
      return ok(await startSession(ctx, req, user, req.body.remember === true), '登录成功');
    },
  );

  r.post(
    '/api/sys/v1/sso/smsLogin',
    { schema: { body: smsLoginBody }, config: { public: true, writes: true } },
    async (req) => {
      const { phone, smsCode } = req.body;
      if (!(await consumeCode(db, { phone, purpose: 'login', code: smsCode.trim() }, ctx.now()))) {
        req.log.info('sms login: wrong or expired code');
        throw new ApiError(400, 0, CODE_INVALID);
      }
      const user = await findUserByPhone(db, phone);
      if (!user) throw new ApiError(400, 0, CODE_INVALID);
      if (!(await canLogIn(db, user))) throw new ApiError(403, 0, ACCOUNT_UNAVAILABLE);
      await clearAccountFailures(db, user.user_name);
      return ok(await startSession(ctx, req, user, req.body.remember === true), '登录成功');
    },
  );
}
