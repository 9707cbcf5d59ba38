// Pure geography helpers of the location picker: the 'lng,lat' string, the built-in
// place list (the `city` dictionary: provinces with their prefecture-level cities, centre points and pinyin, and
// the districts of the municipalities and SARs), place search over all of them, the place a point falls near,
// and the address texts filled in for the user.
// No Leaflet here, so every rule is unit-tested without a map.

/** Map default centre (Nanjing) and zoom. Leaflet itself takes [lat, lng]. */
export const DEFAULT_CENTER: LngLat = { lng: 118.78, lat: 32.04 };
export const DEFAULT_ZOOM = 16;
/** Offline there is no basemap to read at street level: a picked point is shown among its city's places. */
export const OFFLINE_ZOOM = 9;
/** Offline and no point yet: the region around the view, with its cities. */
export const OFFLINE_OVERVIEW_ZOOM = 5;
/** Address search waits this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 1000;
/** Decimals kept in the stored 'lng,lat'. */
export const LATLNG_DECIMALS = 6;

export interface LngLat {
  lng: number;
  lat: number;
}

/** An item of the `city` dictionary as the API answers it (provinces, their cities as children). */
export interface CityDictItem {
  value: string;
  label: string;
  lng?: number;
  lat?: number;
  pinyin?: string;
  children?: CityDictItem[];
}

/** A place to pick: a district (with its city and province), a city (with its province) or a province. */
export interface Place {
  kind: 'district' | 'city' | 'province';
  /** GB/T 2260 code. */
  code: string;
  /** The place's own name (city name for a city, province name for a province). */
  name: string;
  province: string;
  /** A district's city. */
  city?: string;
  lng: number;
  lat: number;
  pinyin: string;
  provincePinyin: string;
}

const hasPoint = (i: CityDictItem) =>
  typeof i.lng === 'number' && typeof i.lat === 'number' && Number.isFinite(i.lng) && Number.isFinite(i.lat);
const norm = (s: string | undefined) => (s ?? '').toLowerCase().replace(/[\s'’-]+/g, '');

/** Every city of the dictionary tree, each with its province, in dictionary order. */
export function citiesOf(tree: readonly CityDictItem[]): Place[] {
  const out: Place[] = [];
  for (const p of tree) {
    for (const c of p.children ?? []) {
      if (!hasPoint(c)) continue;
      out.push({
        kind: 'city',
        code: c.value,
        name: c.label,
        province: p.label,
        lng: c.lng!,
        lat: c.lat!,
        pinyin: norm(c.pinyin),
        provincePinyin: norm(p.pinyin),
      });
    }
  }
  return out;
}

/** Every district of the tree (the children of a city), each with its city and province. */
export function districtsOf(tree: readonly CityDictItem[]): Place[] {
  const out: Place[] = [];
  for (const p of tree) {
    for (const c of p.children ?? []) {
      for (const d of c.children ?? []) {
        if (!hasPoint(d)) continue;
        out.push({
          kind: 'district',
          code: d.value,
          name: d.label,
          province: p.label,
          city: c.label,
          lng: d.lng!,
          lat: d.lat!,
          pinyin: norm(d.pinyin),
          provincePinyin: norm(p.pinyin),
        });
      }
    }
  }
  return out;
}

/** The provinces of the tree as places (their centre points). */
export function provincesOf(tree: readonly CityDictItem[]): Place[] {
  return tree.filter(hasPoint).map((p) => ({
    kind: 'province' as const,
    code: p.value,
    name: p.label,
    province: p.label,
    lng: p.lng!,
    lat: p.lat!,
    pinyin: norm(p.pinyin),
    provincePinyin: norm(p.pinyin),
  }));
}

/**
 * How well a text matches a query: 0 exact, 1 prefix, 2 substring, undefined no match.
 * Names are matched as written; pinyin ignores case, spaces and apostrophes.
 */
function rank(query: string, name: string, pinyin: string): number | undefined {
  const q = query.trim();
  if (!q) return undefined;
  const qp = norm(q);
  if (name === q || (qp && pinyin === qp)) return 0;
  if (name.startsWith(q) || (qp && pinyin.startsWith(qp))) return 1;
  if (name.includes(q) || (qp && qp.length >= 2 && pinyin.includes(qp))) return 2;
  return undefined;
}

/** Does a city match a query by its own name or pinyin, or its province's (the city picker's filter)? */
export function cityMatches(city: Place, query: string): boolean {
  if (!query.trim()) return true;
  return (
    rank(query, city.name, city.pinyin) !== undefined || rank(query, city.province, city.provincePinyin) !== undefined
  );
}

/**
 * Address search over ALL places: provinces, cities and districts whose name or pinyin starts with
 * or contains the query; a query naming a province also lists that province's cities. Exact and prefix
 * matches first, then provinces before cities before districts, then dictionary order.
 */
export function searchPlaces(tree: readonly CityDictItem[], query: string, limit = 20): Place[] {
  if (!query.trim()) return [];
  const scored: { place: Place; score: number; order: number }[] = [];
  let order = 0;
  for (const p of provincesOf(tree)) {
    const r = rank(query, p.name, p.pinyin);
    if (r !== undefined) scored.push({ place: p, score: r * 2, order: order++ });
  }
  for (const c of citiesOf(tree)) {
    const own = rank(query, c.name, c.pinyin);
    const viaProvince = rank(query, c.province, c.provincePinyin);
    if (own !== undefined) scored.push({ place: c, score: own * 2 + 1, order: order++ });
    else if (viaProvince !== undefined) scored.push({ place: c, score: viaProvince * 2 + 1.5, order: order++ });
  }
  for (const d of districtsOf(tree)) {
    const own = rank(query, d.name, d.pinyin);
    if (own !== undefined) scored.push({ place: d, score: own * 2 + 1.25, order: order++ });
  }
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.place);
}

/**
 * A province's main city: its capital, which GB/T 2260 numbers xx0100 (320100 南京市); else its first city. (The
 * province's centre point is not its capital: 江苏's lies nearest 盐城.)
 */
export function mainCityOf(cities: readonly Place[], province: Place): Place | undefined {
  return (
    cities.find((c) => c.code === `${province.code.slice(0, 2)}0100`) ??
    cities.find((c) => c.province === province.name)
  );
}

/** A place drawn on the offline map, with the rank of its name (0 first: each province's main city). */
export interface MapPlace {
  place: Place;
  rank: 0 | 1 | 2;
  /** A city drawn by its districts once they are shown (its centre sits on one of them). */
  byDistricts?: boolean;
}

/** Every city and district of the tree for the offline map: main cities rank 0, other cities 1, districts 2. */
export function mapPlacesOf(tree: readonly CityDictItem[]): MapPlace[] {
  const cities = citiesOf(tree);
  const mains = new Set(provincesOf(tree).map((p) => mainCityOf(cities, p)));
  const districts = districtsOf(tree);
  const withDistricts = new Set(districts.map((d) => `${d.province}|${d.city}`));
  return [
    ...cities.map((place) => ({
      place,
      rank: mains.has(place) ? (0 as const) : (1 as const),
      byDistricts: withDistricts.has(`${place.province}|${place.name}`),
    })),
    ...districts.map((place) => ({ place, rank: 2 as const })),
  ];
}

/**
 * '省名+市名(+区名)', e.g. '江苏省南京市', '北京市朝阳区'; a municipality is written once ('北京市', not
 * '北京市北京市'), and so is a SAR ('香港特别行政区中西区').
 */
export function placeAddress(place: Pick<Place, 'name' | 'province' | 'city'>): string {
  const city = place.city ?? place.name;
  const cityPart =
    !place.province || place.province.startsWith(city) ? place.province || city : `${place.province}${city}`;
  return place.city ? `${cityPart}${place.name}` : cityPart;
}

/** Round to the stored precision, and keep a value inside the world (Leaflet may wrap past ±180). */
export function normalizePoint(point: LngLat): LngLat {
  let lng = point.lng;
  while (lng > 180) lng -= 360;
  while (lng < -180) lng += 360;
  const lat = Math.max(-90, Math.min(90, point.lat));
  const f = 10 ** LATLNG_DECIMALS;
  return { lng: Math.round(lng * f) / f, lat: Math.round(lat * f) / f };
}

/** The stored text 'lng,lat' with 6 decimals. */
export function formatLatLng(point: LngLat): string {
  const p = normalizePoint(point);
  return `${p.lng.toFixed(LATLNG_DECIMALS)},${p.lat.toFixed(LATLNG_DECIMALS)}`;
}

export const isValidLng = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;
export const isValidLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;

/** 'lng,lat' → point; undefined for empty or malformed text or values outside the world. */
export function parseLatLng(text: string | null | undefined): LngLat | undefined {
  if (!text) return undefined;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return undefined;
  const lng = Number(m[1]);
  const lat = Number(m[2]);
  return isValidLng(lng) && isValidLat(lat) ? { lng, lat } : undefined;
}

/** A typed coordinate ('118.7', '-3', '') → number, or undefined while it is not a complete number. */
export function parseCoordinate(text: string): number | undefined {
  if (!/^\s*-?\d+(\.\d+)?\s*$/.test(text)) return undefined;
  return Number(text);
}

/** Subdomains setting ('abc', '1234', '0,1,2', or '') → what Leaflet's tileLayer takes. */
export function subdomainsOf(setting: string | undefined): string[] {
  const s = (setting ?? '').trim();
  if (!s) return ['a', 'b', 'c'];
  return s.includes(',')
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : s.split('');
}
