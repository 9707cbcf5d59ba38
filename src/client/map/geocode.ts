// Reverse geocoding with the map service of 全局配置 (queried from the browser, for
// place search and geocoding). mapSettings.geocodeUrl is a URL template with {lng} and {lat} — e.g. Tianditu's
// geocoder (…/geocoder?postStr={'lon':{lng},'lat':{lat},'ver':1}&type=geocode&tk=…) or a Nominatim
// (…/reverse?format=json&lon={lng}&lat={lat}). The answer's formatted address (formatted_address, as Tianditu,
// AMap and Baidu answer, or Nominatim's display_name) is the place. No service, a failure or an answer without an
// address gives undefined, and the caller keeps the offline nearest city. Our session token never goes there.
import type { LngLat } from './geo';

/** The request URL for a point: {lng} and {lat} replaced, 6 decimals. */
export const geocodeRequestUrl = (template: string, p: LngLat): string =>
  template.replaceAll('{lng}', p.lng.toFixed(6)).replaceAll('{lat}', p.lat.toFixed(6));

const ADDRESS_KEYS = ['formatted_address', 'display_name'];

/** The first non-empty formatted address in an answer, looked for breadth-first (a few levels deep). */
export function addressOf(answer: unknown): string | undefined {
  let level: unknown[] = [answer];
  for (let depth = 0; depth < 4 && level.length; depth++) {
    const next: unknown[] = [];
    for (const node of level) {
      if (!node || typeof node !== 'object') continue;
      const rec = node as Record<string, unknown>;
      for (const k of ADDRESS_KEYS) {
        const v = rec[k];
        if (typeof v === 'string' && v.trim()) return v.trim();
      }
      next.push(...(Array.isArray(node) ? node : Object.values(rec)));
    }
    level = next;
  }
  return undefined;
}

/** The service's address of a point; undefined when there is none or the service fails. */
export async function reverseGeocode(template: string, p: LngLat, signal?: AbortSignal): Promise<string | undefined> {
  if (!template.trim()) return undefined;
  try {
    const res = await fetch(geocodeRequestUrl(template.trim(), p), { signal, credentials: 'omit' });
    if (!res.ok) return undefined;
    return addressOf(await res.json());
  } catch {
    return undefined;
  }
}
