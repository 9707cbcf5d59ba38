// sysUser rules: the x-secret password is hashed into sys_credential (required on create, kept when absent on
// update); user names are unique; only a super admin grants 'admin'; disabling a user ends their sessions;
// nobody deletes their own account.
import { hashPassword } from '../../auth/password';
import { revokeUserSessions } from '../../auth/sessions';
import { registerHooks } from '../../db/hooks';
import { badRequest, forbidden, invalid } from '../../errors';

export const USERNAME_TAKEN = '登录账号已存在';

registerHooks('sysUser', {
  async validate({ trx, caller, body, op, existing }) {
    const roles = (body.roleList as string[] | undefined) ?? [];
    if (roles.includes('admin') && !caller.isAdmin) throw forbidden();
    if (!caller.isAdmin && existing && ((existing.roleList as string[] | undefined) ?? []).includes('admin')) throw forbidden();
    const fields: { field: string; errorMsg: string }[] = [];
    let q = trx.selectFrom('sys_user').select('id').where('user_name', '=', String(body.userName));
    if (existing) q = q.where('id', '<>', existing.id);
    if (await q.executeTakeFirst()) fields.push({ field: 'userName', errorMsg: USERNAME_TAKEN });
    if (op === 'create' && typeof body.password !== 'string') fields.push({ field: 'password', errorMsg: '请输入密码' });
    if (fields.length) throw invalid(fields);
  },
  async afterWrite({ trx, body, record }) {
    if (typeof body.password === 'string') {
      const passwordHash = await hashPassword(body.password);
      await trx
        .insertInto('sys_credential')
        .values({ user_id: record.id, password_hash: passwordHash })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash, update_date: new Date() }))
        .execute();
    }
    if (record.status === 0) await revokeUserSessions(trx, record.id);
  },
  async beforeDelete({ caller, ids }) {
    if (ids.includes(caller.userId)) throw badRequest('不能删除当前登录账号');
  },
  clearKeep: (caller) => (eb) => eb('id', '=', caller.userId),
});
