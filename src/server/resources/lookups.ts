// Small lookups every logged-in user needs:
//   GET /api/sys/v1/sys/sysUser/dropDownByOrg   → { id: name } of the users of the caller's tenant (collaborators)
//   GET /api/sys/v1/sys/sysConfig/mapSettings   → the map tile settings of 全局配置 ('' tileUrl = offline map)
//   GET /api/sys/v1/sys/sysConfig/site          → { footer } the technical-service text of every page's footer
//                                                 (public: the login page shows it too)
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../settings/settings';
import { callerOf } from '../auth/guard';
import type { Db } from '../db/database';
import { ok } from '../envelope';

/** The first configured map key replaces {key} in the tile URL (map.keys: [{ key, securityCode }]). */
function withKey(tileUrl: string, keysJson: string | undefined): string {
  if (!tileUrl.includes('{key}')) return tileUrl;
  try {
    const keys = JSON.parse(keysJson ?? '[]') as { key?: string }[];
    return keys[0]?.key ? tileUrl.replace('{key}', encodeURIComponent(keys[0].key)) : '';
  } catch {
    return '';
  }
}

export function lookupRoutes(app: FastifyInstance, db: Db, settings: Settings): void {
  app.get('/api/sys/v1/sys/sysUser/dropDownByOrg', { config: { writes: false } }, async (req) => {
    const caller = callerOf(req);
    let q = db.selectFrom('sys_user').select(['id', 'name']).where('status', '=', 1).orderBy('id');
    q = caller.tenantId == null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', caller.tenantId);
    const rows = await q.execute();
    return ok(Object.fromEntries(rows.map((r) => [String(r.id), r.name as string])));
  });

  app.get('/api/sys/v1/sys/sysConfig/mapSettings', { config: { writes: false } }, async (req) => {
    callerOf(req);
    return ok({
      tileUrl: withKey(await settings.get('map.tileUrl'), await settings.get('map.keys')),
      subdomains: await settings.get('map.subdomains'),
      attribution: await settings.get('map.attribution'),
      geocodeUrl: withKey(await settings.get('map.geocodeUrl'), await settings.get('map.keys')),
    });
  });

  app.get('/api/sys/v1/sys/sysConfig/site', { config: { public: true, writes: false } }, async () =>
    ok({ footer: await settings.get('site.footer') }),
  );
}
