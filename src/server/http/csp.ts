// Content-Security-Policy for the built react-admin SPA: scripts only from us; inline styles allowed (MUI and
// emotion inject <style> tags); images from us, data:/blob: and the configured map tile host (Leaflet).
// Tile hosts come from MAP_TILE_URL and the 全局配置 entry map.tileUrl, refreshed when that entry changes.
import type { Settings } from '../settings/settings';

/** https://{s}.tile.example.org/{z}/{x}/{y}.png → https://*.tile.example.org; undefined when not usable. */
export function tileOrigin(template: string | undefined | null): string | undefined {
  if (!template) return undefined;
  const m = /^(https?:)\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return undefined;
  // a first host label holding a placeholder ('{s}', 't{s}' of Tianditu, 'webrd0{s}' of AMap) becomes '*'
  const [first, ...rest] = m[2].split('.');
  const host = /\{[a-z]+\}/i.test(first) && rest.length ? ['*', ...rest].join('.') : m[2];
  if (!/^(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/.test(host)) return undefined;
  return `${m[1].toLowerCase()}//${host}`;
}

export class TileHosts {
  private hosts: string[] = [];
  constructor(private readonly fromEnv?: string) {
    this.set([]);
  }

  private set(extra: (string | undefined)[]) {
    this.hosts = [...new Set([tileOrigin(this.fromEnv), ...extra].filter((h): h is string => !!h))];
  }

  list(): string[] {
    return this.hosts;
  }

  async reload(settings: Settings): Promise<void> {
    // the reverse geocoder is asked from the browser too (client/map/geocode.ts)
    this.set([tileOrigin(await settings.get('map.tileUrl')), tileOrigin(await settings.get('map.geocodeUrl'))]);
  }
}

export function cspDirectives(tiles: TileHosts) {
  const tileSrc = () => tiles.list().join(' ') || "'self'";
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // 'unsafe-eval': ajv (rjsf's form validator, the same ajv configuration as the server) compiles schemas
    // with new Function. Precompiled standalone validators would let us drop it; until then forms need it.
    scriptSrc: ["'self'", "'unsafe-eval'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', tileSrc],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", tileSrc],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Served on plain http inside intranets: do not ask browsers to upgrade every request to https.
    upgradeInsecureRequests: null,
  };
}
