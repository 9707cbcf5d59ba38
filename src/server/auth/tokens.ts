// Opaque session tokens: 32 random bytes, base64url; the DB keeps only the
// SHA-256, so a leaked database yields no usable token.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
