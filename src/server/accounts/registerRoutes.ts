// POST /api/sys/v1/sso/registerUser — a new trial account (authFlag 0) in a tenant of its own, its phone
// proven by an SMS code; POST /api/sys/v1/sso/resetPassword — a new password by SMS code, ending every session.
// Neither asks for the slider: the code was only sent after a solved slider (smsRoutes.ts), so it
// stands for the slider here — one slider per form; the code's MAX_ATTEMPTS and send limits stay the barrier.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodePassword } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions';
import { SYSTEM_CALLER } from '../db/caller';
import { repo } from '../db/repo';
import { ok } from '../envelope';
import { invalid } from '../errors';
import { USERNAME_TAKEN } from './userHooks';
import { registerBody, resetBody } from '../../../schemas/accounts';
import type { AccountsContext } from './context';
import { isStrongPassword, setMustChange, setPassword, WEAK_PASSWORD } from './credentials';
import { clearAccountFailures } from './loginGate';
import { checkCode, CODE_INVALID, consumeCode, spendCode } from './smsCodes';
import { findUserByName, findUserByPhone } from './userLookup';
import { typed } from '../http/typed';

export const PHONE_REGISTERED = '手机号已注册';
export const REGISTERED = '注册成功，请登录';
export const PASSWORD_RESET = '密码已重置，请重新登录';

const wrongCode = () => invalid([{ field: 'smsCode', errorMsg: CODE_INVALID }]);

export function registerRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const r = typed(app);
  const { db } = ctx;

  r.post(
    '/api/sys/v1/sso/registerUser',
    { schema: { body: registerBody }, config: { public: true, writes: true } },
    async (req) => {
      const b = req.body;
      // Nothing that tells whether an account exists comes before the phone's code: a
      // wrong or expired code gets the same answer for a registered phone and a free one. A valid code proves the
      // phone only, so its holder may learn that the phone is registered; they may also learn that a login name
      // is taken — acceptable: names are chosen, not secret, and each try costs one of the code's 5 attempts (a
      // taken name leaves the code unspent, so the person can choose another).
      const password = decodePassword(b.password);
      if (!isStrongPassword(password)) throw invalid([{ field: 'password', errorMsg: WEAK_PASSWORD }]);
      const codeId = await checkCode(db, { phone: b.phone, purpose: 'register', code: b.smsCode.trim() }, ctx.now());
      if (codeId === undefined) throw wrongCode();

      const user = await db.transaction().execute(async (trx) => {
        const fields: { field: string; errorMsg: string }[] = [];
        if (await findUserByName(trx, b.userName)) fields.push({ field: 'userName', errorMsg: USERNAME_TAKEN });
        if (await trx.selectFrom('sys_user').select('id').where('phone', '=', b.phone).executeTakeFirst())
          fields.push({ field: 'phone', errorMsg: PHONE_REGISTERED });
        if (fields.length) throw invalid(fields);
        // spent in the transaction: a refused registration rolls the spending back with it
        if (!(await spendCode(trx, codeId, ctx.now()))) throw wrongCode();
        const tenant = await repo(db, 'sysTenant').create(
          SYSTEM_CALLER,
          {
            name: (b.companyName || `${b.name}的试用空间`).slice(0, 50),
            code: `t${ctx.now().toString(36)}${randomBytes(3).toString('hex')}`,
            contact: b.name,
            phone: b.phone,
            status: 1,
            remarks: '自助注册',
          },
          trx,
        );
        const created = await repo(db, 'sysUser').create(
          SYSTEM_CALLER,
          {
            userName: b.userName,
            password,
            name: b.name,
            phone: b.phone,
            companyName: b.companyName ?? '',
            userType: b.userType,
            roleList: [],
            authFlag: 0,
            status: 1,
            tenantId: tenant.id,
          },
          trx,
        );
        await setMustChange(trx, [created.id], false); // chosen by the user themselves
        return created;
      });
      req.log.info({ userId: user.id }, 'registered');
      return ok({ userName: b.userName }, REGISTERED);
    },
  );

  r.post(
    '/api/sys/v1/sso/resetPassword',
    { schema: { body: resetBody }, config: { public: true, writes: true } },
    async (req) => {
      const { phone } = req.body;
      // A known and an unknown phone answer alike: the code is checked first, and sendSmsCode stores a reset code
      // for an unknown phone but never sends it, so no one holds the right code for a phone without an account.
      const password = decodePassword(req.body.password);
      if (!isStrongPassword(password)) throw invalid([{ field: 'password', errorMsg: WEAK_PASSWORD }]);
      if (!(await consumeCode(db, { phone, purpose: 'reset', code: req.body.smsCode.trim() }, ctx.now())))
        throw wrongCode();
      const user = await findUserByPhone(db, phone);
      if (!user) throw wrongCode();
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, password, { mustChange: false });
        await revokeUserSessions(trx, user.id);
      });
      await clearAccountFailures(db, user.user_name);
      req.log.info({ userId: user.id }, 'password reset');
      return ok(null, PASSWORD_RESET);
    },
  );
}
