// Configuration: environment variables only. Read once at start; tests build their own objects.
import { isIP } from 'node:net';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  dataDir: string;
  /** postgres://… — when set the server uses PostgreSQL through `pg` instead of the embedded PGlite. */
  databaseUrl?: string;
  /** Initial password of the super admin `admin` (first start only); random when absent. */
  adminPassword?: string;
  logLevel: string;
  /** Leaflet tile URL template, e.g. https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png; empty = offline map. */
  mapTileUrl?: string;
  /**
   * TRUST_PROXY: the load balancers whose X-Forwarded-For names the client (addresses or CIDRs, comma-separated;
   * Fastify 5 trusts nobody for a bare hop count, so there is none). Unset: the peer's address is the client's —
   * behind a proxy that would make every user one address for the login and SMS limits.
   */
  trustProxy: string | false;
}

/**
 * SMS_HTTP_ALLOW_PRIVATE=1: 全局配置 sms.http.url may name a loopback, link-local or private address (a gateway
 * inside the intranet, tests). Unset, the server refuses them on save and after DNS resolution at send time, so
 * the super admin's gateway setting cannot reach the server's own or its network's services. Read at each use.
 */
export const smsHttpAllowsPrivate = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.SMS_HTTP_ALLOW_PRIVATE === '1';

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

export function parseTrustProxy(v: string | undefined): string | false {
  const text = (v ?? '').trim();
  if (!text || text === 'false') return false;
  const parts = text.split(',').map((p) => p.trim());
  const valid = (p: string) =>
    PROXY_NAMES.includes(p) || (isIP(p.split('/')[0]) !== 0 && /^[^/]+(\/\d{1,3})?$/.test(p));
  if (!parts.every(valid)) throw new Error(`TRUST_PROXY 不正确: ${text}（负载均衡器的地址或网段，逗号分隔）`);
  return parts.join(',');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 不正确: ${env.PORT}`);
  return {
    port,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    mapTileUrl: env.MAP_TILE_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
