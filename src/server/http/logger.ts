// pino options for Fastify: secrets never reach the log. The Access-Token header, cookies and any password
// field are redacted, and token/password/sig query parameters are cut out of logged URLs (Fastify logs the
// full URL of every request by default).
import type { DestinationStream, LoggerOptions } from 'pino';

const SECRET_QUERY = /^(token|access-token|access_token|password|sig|signature)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((kv) => {
      const eq = kv.indexOf('=');
      const key = decodeURIComponentSafe(eq < 0 ? kv : kv.slice(0, eq));
      return SECRET_QUERY.test(key) ? `${kv.slice(0, eq < 0 ? kv.length : eq)}=[Redacted]` : kv;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

interface ReqLike {
  method: string;
  url: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}

export const REDACT_PATHS = [
  'req.headers["access-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.*.password',
  'token',
  '*.token',
  'oldPassword',
  'newPassword',
  '*.oldPassword',
  '*.newPassword',
  'smsCode',
  '*.smsCode',
  'sliderToken',
  '*.sliderToken',
];

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req(req: ReqLike) {
        const headers: Record<string, unknown> = {};
        for (const h of ['user-agent', 'access-token', 'cookie', 'authorization'])
          if (req.headers[h] !== undefined) headers[h] = req.headers[h];
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip, headers };
      },
    },
  };
}
