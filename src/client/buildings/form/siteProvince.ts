// The province of a building's site (a city name such as '南京市', or a province), from the `city` dictionary the
// city picker uses — the client's twin of the server's provinceOf (src/server/buildings/gridFactor.ts). The
// factor pickers list the site's own grid factor first.
import { useMemo } from 'react';
import { useCities } from '../../map/useCities';
import type { Place } from '../../map/geo';

/** '南京市' → '江苏省'; a province name → itself; unknown or empty → undefined. */
export function provinceOfSite(site: string | null | undefined, cities: readonly Place[]): string | undefined {
  const s = String(site ?? '').trim();
  if (!s) return undefined;
  const city = cities.find((c) => c.name === s);
  if (city) return city.province;
  return cities.find((c) => c.province === s)?.province;
}

export function useSiteProvince(site: string | null | undefined): string | undefined {
  const { cities } = useCities();
  return useMemo(() => provinceOfSite(site, cities), [site, cities]);
}
