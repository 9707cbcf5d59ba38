// PUT /api/sys/v1/sso/sendSmsCode?phone=&purpose=login|register|reset (phone, purpose and sliderToken may also
// come in the body). The answer is the same whether or not the phone has an account: a login or reset code
// is only sent to a phone that belongs to an enabled account, a registration code to any phone.
import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import { invalid } from '../errors';
import { sendSmsBody, sendSmsQuery, SMS_PURPOSES, type SmsPurpose } from '../../../schemas/accounts';
import type { AccountsContext } from './context';
import { requireSlider } from './slider';
import { issueCode } from './smsCodes';
import { sendSms } from './smsSender';
import { canLogIn, findUserByPhone } from './userLookup';
import { typed } from '../http/typed';

export const CODE_SENT = '验证码已发送';
const PHONE_RULE = /^1[3-9]\d{9}$/;

/** 13800001234 → 138****1234: logs say which phone without keeping it whole. */
export const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

export function smsRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const r = typed(app);
  const { db } = ctx;
  r.put(
    '/api/sys/v1/sso/sendSmsCode',
    { schema: { querystring: sendSmsQuery, body: sendSmsBody }, config: { public: true, writes: true } },
    async (req) => {
      const phone = (req.body?.phone ?? req.query.phone ?? '').trim();
      const purpose = (req.body?.purpose ?? req.query.purpose ?? 'login') as SmsPurpose;
      const errors = [];
      if (!PHONE_RULE.test(phone)) errors.push({ field: 'phone', errorMsg: '请输入正确的手机号' });
      if (!SMS_PURPOSES.includes(purpose))
        errors.push({ field: 'purpose', errorMsg: '验证码用途应当是 login、register 或 reset' });
      if (errors.length) throw invalid(errors);
      await requireSlider(db, ctx.settings, req.body?.sliderToken, ctx.now());

      const code = await issueCode(db, { phone, purpose, ip: req.ip }, ctx.now());
      const user = purpose === 'register' ? undefined : await findUserByPhone(db, phone);
      const deliver = purpose === 'register' || (user !== undefined && (await canLogIn(db, user)));
      if (deliver) await sendSms(ctx.settings, ctx.dataDir, { phone, code, purpose }, ctx.now(), req.log);
      req.log.info({ phone: maskPhone(phone), purpose, delivered: deliver }, 'sms code');
      return ok(null, CODE_SENT);
    },
  );
}
