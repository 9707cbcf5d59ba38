// Stored passwords (sys_credential): the argon2id hash and whether the user must choose their own password
// before anything else (a generated password, or one set by an administrator).
import { hashPassword, verifyPassword } from '../auth/password';
import type { Executor } from '../db/database';

export const WEAK_PASSWORD = '密码至少 8 位，须同时包含字母和数字';

/** The password rule of every password a person chooses: at least 8 characters, letters and digits. */
export function isStrongPassword(pw: string): boolean {
  return pw.length >= 8 && pw.length <= 64 && /[A-Za-z]/.test(pw) && /\d/.test(pw);
}

export async function setPassword(
  ex: Executor,
  userId: number,
  password: string,
  opts: { mustChange: boolean },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ex
    .insertInto('sys_credential')
    .values({ user_id: userId, password_hash: passwordHash, must_change: opts.mustChange })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ password_hash: passwordHash, must_change: opts.mustChange, update_date: new Date() }),
    )
    .execute();
}

export async function setMustChange(ex: Executor, userIds: number[], mustChange: boolean): Promise<void> {
  if (userIds.length)
    await ex.updateTable('sys_credential').set({ must_change: mustChange }).where('user_id', 'in', userIds).execute();
}

export async function checkPassword(ex: Executor, userId: number, password: string): Promise<boolean> {
  const row = (await ex
    .selectFrom('sys_credential')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst()) as { password_hash: string } | undefined;
  return row ? verifyPassword(row.password_hash, password) : false;
}
