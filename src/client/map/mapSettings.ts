// Map tile settings (全局配置): GET sys/v1/sys/sysConfig/mapSettings → { tileUrl, subdomains, attribution }.
// An empty tileUrl — the default — means offline: the map shows no basemap. A failed call is offline too:
// the picker must keep working without any map service.
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '../providers/httpClient';

export interface MapSettings {
  tileUrl: string;
  subdomains: string;
  attribution: string;
}

export const OFFLINE_MAP: MapSettings = { tileUrl: '', subdomains: '', attribution: '' };

export async function fetchMapSettings(): Promise<MapSettings> {
  try {
    const data = await apiFetch<Partial<MapSettings> | null>(apiUrl('sys/v1/sys/sysConfig/mapSettings'));
    return {
      tileUrl: typeof data?.tileUrl === 'string' ? data.tileUrl.trim() : '',
      subdomains: typeof data?.subdomains === 'string' ? data.subdomains : '',
      attribution: typeof data?.attribution === 'string' ? data.attribution : '',
    };
  } catch {
    return OFFLINE_MAP;
  }
}

export function useMapSettings(): MapSettings {
  const { data } = useQuery({ queryKey: ['mapSettings'], queryFn: fetchMapSettings, staleTime: 5 * 60_000, retry: false });
  return data ?? OFFLINE_MAP;
}
