// Passwords: sent base64-encoded by the client (a transport wrapper only), decoded strictly, and
// stored as argon2id (@node-rs/argon2 defaults: m=19456, t=2, p=1 — OWASP's minimum).
import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '../errors';

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export const BAD_PASSWORD_ENCODING = '密码格式不正确';

/** Strict base64 of UTF-8: no whitespace, padding required, valid UTF-8; anything else → 400. */
export function decodePassword(encoded: string): string {
  if (!encoded || !STRICT_BASE64.test(encoded)) throw badRequest(BAD_PASSWORD_ENCODING);
  try {
    return utf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    throw badRequest(BAD_PASSWORD_ENCODING);
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Spend the same time as a real verify, for unknown users (no timing oracle on user names). */
export async function dummyVerify(password: string): Promise<false> {
  dummy ??= hash('dummy-password-for-timing');
  await verifyPassword(await dummy, password);
  return false;
}
