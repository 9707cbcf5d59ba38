// The caller's own account: PUT /api/sys/v1/sys/sysUser/updatePassword and the avatar upload
// POST /api/sys/v1/oss/filerecord/folderFile. (Profile fields go through the ordinary sysUser update, whose
// x-resource.self lists what a user may change on their own record.)
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/guard';
import { decodePassword } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions';
import { ok } from '../envelope';
import { invalid } from '../errors';
import { deleteFile, fileIdOf, putFile } from '../files/store';
import { AVATAR_RULES, squareAvatar } from './avatar';
import { readImageUpload } from '../files/image';
import { updatePasswordBody } from '../../../schemas/accounts';
import type { AccountsContext } from './context';
import { checkPassword, isStrongPassword, setPassword, WEAK_PASSWORD } from './credentials';
import { typed } from '../http/typed';

export const WRONG_OLD_PASSWORD = '原密码不正确';
export const SAME_PASSWORD = '新密码不能与原密码相同';
export const PASSWORD_CHANGED = '密码修改成功';

export function profileRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  const r = typed(app);
  const { db } = ctx;

  r.put(
    '/api/sys/v1/sys/sysUser/updatePassword',
    { schema: { body: updatePasswordBody }, config: { account: true, writes: true } },
    async (req) => {
      const caller = callerOf(req);
      const oldPassword = decodePassword(req.body.oldPassword);
      const newPassword = decodePassword(req.body.newPassword);
      if (!(await checkPassword(db, caller.userId, oldPassword))) {
        req.log.info({ userId: caller.userId }, 'password change: wrong old password');
        throw invalid([{ field: 'oldPassword', errorMsg: WRONG_OLD_PASSWORD }]);
      }
      if (!isStrongPassword(newPassword)) throw invalid([{ field: 'newPassword', errorMsg: WEAK_PASSWORD }]);
      if (newPassword === oldPassword) throw invalid([{ field: 'newPassword', errorMsg: SAME_PASSWORD }]);
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, caller.userId, newPassword, { mustChange: false });
        await revokeUserSessions(trx, caller.userId, req.sessionHash); // every other session ends
      });
      req.log.info({ userId: caller.userId }, 'password changed');
      return ok(null, PASSWORD_CHANGED);
    },
  );

  r.post('/api/sys/v1/oss/filerecord/folderFile', { config: { account: true, writes: true } }, async (req) => {
    const caller = callerOf(req);
    const bytes = await readImageUpload(req, AVATAR_RULES);
    const png = await squareAvatar(bytes);
    const url = await db.transaction().execute(async (trx) => {
      const before = (await trx
        .selectFrom('sys_user')
        .select('photo')
        .where('id', '=', caller.userId)
        .executeTakeFirst()) as { photo: string | null } | undefined;
      const link = await putFile(
        trx,
        caller,
        { fileName: 'avatar.png', mime: 'image/png', content: png },
        { permanent: true },
      );
      await trx
        .updateTable('sys_user')
        .set({ photo: link, update_date: new Date() })
        .where('id', '=', caller.userId)
        .execute();
      const old = fileIdOf(before?.photo);
      if (old) await deleteFile(trx, old);
      return link;
    });
    return ok({ url }, '上传文件成功');
  });
}
