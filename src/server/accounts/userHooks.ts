// sysUser rules: the x-secret password is hashed into sys_credential (required on create, kept when absent on
// update) and follows the password rule; a password set here was chosen by somebody else, so the user must
// change it at the next login and every session of theirs ends; user names and phones are unique; only a
// super admin grants 'admin'; disabling a user ends their sessions; nobody deletes their own account.
import { isStrongPassword, setPassword, WEAK_PASSWORD } from './credentials';
import { revokeUserSessions } from '../auth/sessions';
import { registerHooks } from '../db/hooks';
import { badRequest, forbidden, invalid } from '../errors';

export const USERNAME_TAKEN = '登录账号已存在';
export const PHONE_TAKEN = '手机号已被其他账号使用';

registerHooks('sysUser', {
  async validate({ trx, caller, body, op, existing }) {
    const roles = (body.roleList as string[] | undefined) ?? [];
    if (roles.includes('admin') && !caller.isAdmin) throw forbidden();
    if (!caller.isAdmin && existing && ((existing.roleList as string[] | undefined) ?? []).includes('admin'))
      throw forbidden();
    const fields: { field: string; errorMsg: string }[] = [];
    let q = trx.selectFrom('sys_user').select('id').where('user_name', '=', String(body.userName));
    if (existing) q = q.where('id', '<>', existing.id);
    if (await q.executeTakeFirst()) fields.push({ field: 'userName', errorMsg: USERNAME_TAKEN });
    if (typeof body.phone === 'string' && body.phone) {
      let p = trx.selectFrom('sys_user').select('id').where('phone', '=', body.phone);
      if (existing) p = p.where('id', '<>', existing.id);
      if (await p.executeTakeFirst()) fields.push({ field: 'phone', errorMsg: PHONE_TAKEN });
    }
    if (op === 'create' && typeof body.password !== 'string')
      fields.push({ field: 'password', errorMsg: '请输入密码' });
    if (typeof body.password === 'string' && !isStrongPassword(body.password))
      fields.push({ field: 'password', errorMsg: WEAK_PASSWORD });
    if (fields.length) throw invalid(fields);
  },
  async afterWrite({ trx, body, record, op }) {
    if (typeof body.password === 'string') {
      await setPassword(trx, record.id, body.password, { mustChange: true });
      if (op === 'update') await revokeUserSessions(trx, record.id);
    }
    if (record.status === 0) await revokeUserSessions(trx, record.id);
  },
  async beforeDelete({ caller, ids }) {
    if (ids.includes(caller.userId)) throw badRequest('不能删除当前登录账号');
  },
  clearKeep: (caller) => (eb) => eb('id', '=', caller.userId),
});
