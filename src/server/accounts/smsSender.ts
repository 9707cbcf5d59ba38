// Where SMS codes go, chosen in 全局配置 (sms.sender): 'dev' appends one JSON line per code to
// DATA_DIR/sms-outbox.log (the default: development, tests and intranets without a gateway); 'http' POSTs
// { phone, code, purpose, template } as JSON to sms.http.url with the key in the X-Api-Key header — to a public
// address only and without following redirects (smsGatewayUrl.ts); a failure is logged with its reason.
import { appendFile, mkdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../errors';
import type { Settings } from '../settings/settings';
import type { SmsPurpose } from '../../../schemas/accounts';
import { publicOnlyLookup, smsUrlProblem } from './smsGatewayUrl';

type Log = Pick<FastifyBaseLogger, 'warn'>;

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

export async function sendSms(
  settings: Settings,
  dataDir: string,
  msg: SmsMessage,
  now: number,
  log?: Log,
): Promise<void> {
  if ((await senderKind(settings)) === 'dev') {
    await mkdir(dataDir, { recursive: true });
    await appendFile(join(dataDir, OUTBOX_FILE), JSON.stringify({ ...msg, time: new Date(now).toISOString() }) + '\n', {
      mode: 0o600,
    });
    return;
  }
  const text = await settings.get('sms.http.url');
  const problem = smsUrlProblem(text);
  if (problem) return gatewayFailed(log, problem);
  const url = new URL(text);
  const body = JSON.stringify({ ...msg, template: await settings.get('sms.http.template') });
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'x-api-key': await settings.get('sms.http.key'),
  };
  let status: number;
  try {
    status = await post(url, headers, body);
  } catch (e) {
    return gatewayFailed(log, (e as Error).message);
  }
  // no redirect is followed: the code and the key go to the configured address or nowhere
  if (status >= 300 && status < 400) return gatewayFailed(log, `网关回答重定向 ${status}，不跟随`);
  if (status < 200 || status >= 300) return gatewayFailed(log, `网关回答 ${status}`);
}

function gatewayFailed(log: Log | undefined, reason: string): never {
  log?.warn({ reason }, 'sms gateway failed');
  throw new ApiError(502, 0, SEND_FAILED);
}

/**
 * One POST to the gateway; answers the status. A literal private host is refused by smsUrlProblem, a name by the
 * lookup.
 */
function post(url: URL, headers: Record<string, string>, body: string): Promise<number> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers, lookup: publicOnlyLookup, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
