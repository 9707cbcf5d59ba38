// Configuration: environment variables only (DESIGN §1). Read once at start; tests build their own objects.
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
  };
}
