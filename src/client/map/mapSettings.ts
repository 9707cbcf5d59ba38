// Map settings (全局配置): GET sys/v1/sys/sysConfig/mapSettings → { tileUrl, subdomains, attribution, geocodeUrl }.
// An empty tileUrl — the default — means offline: the map shows no basemap. An empty (or absent) geocodeUrl
// means no reverse geocoding: a picked point is named after the nearest bundled city. A failed call is offline
// too: the picker must keep working without any map service.
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '../providers/httpClient';

export interface MapSettings {
  tileUrl: string;
  subdomains: string;
  attribution: string;
  /** Reverse-geocoding URL template with {lng} and {lat} (geocode.ts); '' = none. */
  geocodeUrl: string;
}

export const OFFLINE_MAP: MapSettings = { tileUrl: '', subdomains: '', attribution: '', geocodeUrl: '' };

export async function fetchMapSettings(): Promise<MapSettings> {
  try {
    const data = await apiFetch<Partial<MapSettings> | null>(apiUrl('sys/v1/sys/sysConfig/mapSettings'));
    return {
      tileUrl: typeof data?.tileUrl === 'string' ? data.tileUrl.trim() : '',
      subdomains: typeof data?.subdomains === 'string' ? data.subdomains : '',
      attribution: typeof data?.attribution === 'string' ? data.attribution : '',
      geocodeUrl: typeof data?.geocodeUrl === 'string' ? data.geocodeUrl.trim() : '',
    };
  } catch {
    return OFFLINE_MAP;
  }
}

export function useMapSettings(): MapSettings {
  // read again at each opening of a map (the cached answer meanwhile): a change in 全局配置 shows at once
  const { data } = useQuery({ queryKey: ['mapSettings'], queryFn: fetchMapSettings, staleTime: 0, retry: false });
  return data ?? OFFLINE_MAP;
}
