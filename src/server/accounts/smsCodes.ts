// SMS verification codes: 6 digits from the CSPRNG, valid 5 minutes, single
// use, bound to the phone and the purpose, at most 5 tries (each taken before it is checked). Sends are
// limited to 1 per phone per 60 s, 10 per phone per 24 h and 20 per address per hour. Only a salted hash of the code is
// stored.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../db/database';
import { tooMany } from '../errors';
import type { SmsPurpose } from '../../../schemas/accounts';

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_MS = 60_000;
export const PHONE_DAILY_LIMIT = 10;
export const IP_HOURLY_LIMIT = 20;
export const MAX_ATTEMPTS = 5;

export const CODE_INVALID = '验证码错误或已失效';
export const DAILY_LIMIT_REACHED = '今日验证码发送次数已达上限';
export const tooSoon = (seconds: number) => `验证码发送过于频繁，请 ${seconds} 秒后再试`;

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest();

async function countSince(db: Executor, column: 'phone' | 'ip', value: string, since: number): Promise<number> {
  const row = (await db
    .selectFrom('sys_sms_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .where('created_at', '>', new Date(since))
    .executeTakeFirstOrThrow()) as { n: number | string };
  return Number(row.n);
}

/** Checks the send limits, stores a new code and answers it (for the sender). */
export async function issueCode(
  db: Executor,
  req: { phone: string; purpose: SmsPurpose; ip: string },
  now: number,
): Promise<string> {
  const last = (await db
    .selectFrom('sys_sms_code')
    .select('created_at')
    .where('phone', '=', req.phone)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()) as { created_at: Date } | undefined;
  const wait = last ? new Date(last.created_at).getTime() + RESEND_MS - now : 0;
  if (wait > 0) throw tooMany(tooSoon(Math.ceil(wait / 1000)));
  if ((await countSince(db, 'phone', req.phone, now - 86_400_000)) >= PHONE_DAILY_LIMIT)
    throw tooMany(DAILY_LIMIT_REACHED);
  if ((await countSince(db, 'ip', req.ip, now - 3_600_000)) >= IP_HOURLY_LIMIT) throw tooMany();

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(12).toString('hex');
  await db
    .insertInto('sys_sms_code')
    .values({
      phone: req.phone,
      purpose: req.purpose,
      salt,
      code_hash: hashCode(salt, code).toString('hex'),
      ip: req.ip,
      created_at: new Date(now),
      expires_at: new Date(now + CODE_TTL_MS),
    })
    .execute();
  return code;
}

type CodeRequest = { phone: string; purpose: SmsPurpose; code: string };

/**
 * Checks `code` against the newest live code of this phone and purpose; answers that code's id when it is the
 * one (not yet spent: spendCode does that). Every check takes one of the code's MAX_ATTEMPTS in the same
 * statement that reads it, so parallel guesses cannot outrun the limit.
 */
export async function checkCode(db: Executor, req: CodeRequest, now: number): Promise<number | undefined> {
  const newest = db
    .selectFrom('sys_sms_code')
    .select('id')
    .where('phone', '=', req.phone)
    .where('purpose', '=', req.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .orderBy('created_at', 'desc')
    .limit(1);
  const row = (await db
    .updateTable('sys_sms_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', newest)
    .where('attempts', '<', MAX_ATTEMPTS)
    .returning(['id', 'salt', 'code_hash'])
    .executeTakeFirst()) as { id: number; salt: string; code_hash: string } | undefined;
  if (!row) return undefined;
  const right =
    /^\d{6}$/.test(req.code) && timingSafeEqual(hashCode(row.salt, req.code), Buffer.from(row.code_hash, 'hex'));
  return right ? Number(row.id) : undefined;
}

/** Marks a checked code used: true once (a second request with the same code finds it spent). */
export async function spendCode(db: Executor, id: number, now: number): Promise<boolean> {
  const spent = await db
    .updateTable('sys_sms_code')
    .set({ used_at: new Date(now) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Checks and spends: true once when `code` is the newest live code of this phone and purpose. */
export async function consumeCode(db: Executor, req: CodeRequest, now: number): Promise<boolean> {
  const id = await checkCode(db, req, now);
  return id !== undefined && (await spendCode(db, id, now));
}
