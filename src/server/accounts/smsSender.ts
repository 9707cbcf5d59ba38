// Where SMS codes go, chosen in 全局配置 (sms.sender): 'dev' appends one JSON line per code to
// DATA_DIR/sms-outbox.log (the default: development, tests and intranets without a gateway); 'http' POSTs
// { phone, code, purpose, template } as JSON to sms.http.url with the key in the X-Api-Key header.
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../errors';
import type { Settings } from '../settings/settings';
import type { SmsPurpose } from './smsCodes';

export const OUTBOX_FILE = 'sms-outbox.log';
export const SEND_FAILED = '验证码发送失败，请稍后再试';
const HTTP_TIMEOUT_MS = 10_000;

export interface SmsMessage {
  phone: string;
  code: string;
  purpose: SmsPurpose;
}

export async function senderKind(settings: Settings): Promise<'dev' | 'http'> {
  return (await settings.get('sms.sender')) === 'http' ? 'http' : 'dev';
}

export async function sendSms(settings: Settings, dataDir: string, msg: SmsMessage, now: number): Promise<void> {
  if ((await senderKind(settings)) === 'dev') {
    await mkdir(dataDir, { recursive: true });
    await appendFile(join(dataDir, OUTBOX_FILE), JSON.stringify({ ...msg, time: new Date(now).toISOString() }) + '\n', { mode: 0o600 });
    return;
  }
  const url = await settings.get('sms.http.url');
  if (!/^https?:\/\//i.test(url)) throw new ApiError(502, 0, SEND_FAILED);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': await settings.get('sms.http.key') },
      body: JSON.stringify({ ...msg, template: await settings.get('sms.http.template') }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(502, 0, SEND_FAILED);
  }
  if (!res.ok) throw new ApiError(502, 0, SEND_FAILED);
}
