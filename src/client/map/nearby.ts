// The place a picked point falls near (the location picker's 项目位置 and the line under the map): the nearest
// city, or district where the city has districts, and how far it is. Pure, like geo.ts.
import { placeAddress, type LngLat, type Place } from './geo';

/** A picked point within this distance of its place is "near" it; farther, the user is asked to check. */
export const NEAR_KM = 50;
/** Farther than this from every place the point is in no place we know (the sea, abroad): no address is guessed. */
export const FAR_KM = 500;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LngLat, b: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The nearest known place of a point: the city whose centre is nearest (undefined when the list is empty). A
 * point near a border may lie in the neighbouring city; the address it gives is a starting point to edit.
 */
export function nearestCity(cities: readonly Place[], point: LngLat): Place | undefined {
  let best: Place | undefined;
  let bestD = Infinity;
  for (const c of cities) {
    const d = distanceKm(c, point);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

/** Where a point falls: its city, the nearest district of that city when the city has districts, and how far. */
export interface Location {
  city: Place;
  district?: Place;
  /** Distance to the nearer of the two (km). */
  km: number;
}

/**
 * The place a point falls near. The nearest district wins over a nearer-looking city centre only when it is
 * nearer itself (a point in 朝阳区 is 北京市朝阳区, a point in 廊坊 stays 河北省廊坊市); otherwise the nearest city,
 * with its own nearest district if it has any. Undefined when there are no cities.
 */
export function locatePoint(
  cities: readonly Place[],
  districts: readonly Place[],
  point: LngLat,
): Location | undefined {
  const city = nearestCity(cities, point);
  if (!city) return undefined;
  const cityKm = distanceKm(city, point);
  const district = nearestCity(districts, point);
  const districtKm = district ? distanceKm(district, point) : Infinity;
  if (district && districtKm < cityKm) {
    const owner = cities.find((c) => c.name === district.city && c.province === district.province) ?? city;
    return { city: owner, district, km: districtKm };
  }
  const own = nearestCity(
    districts.filter((d) => d.city === city.name && d.province === city.province),
    point,
  );
  return own ? { city, district: own, km: Math.min(cityKm, distanceKm(own, point)) } : { city, km: cityKm };
}

/** The address of a location: the district's when there is one, else the city's. */
export const locationAddress = (loc: Location): string => placeAddress(loc.district ?? loc.city);
