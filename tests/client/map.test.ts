// The location picker's pure parts: 'lng,lat' text, place search over all provinces and cities (name or
// pinyin), the nearest city (the place a map point is named after), the address texts, reverse-geocoding
// answers, the tile subdomains and the 1000 ms debounce.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  SEARCH_DEBOUNCE_MS,
  citiesOf,
  cityMatches,
  districtsOf,
  mapPlacesOf,
  formatLatLng,
  mainCityOf,
  parseCoordinate,
  parseLatLng,
  placeAddress,
  provincesOf,
  searchPlaces,
  subdomainsOf,
} from '../../src/client/map/geo';
import { FAR_KM, NEAR_KM, locatePoint, locationAddress, nearestCity } from '../../src/client/map/nearby';
import { debounce } from '../../src/client/admin/debounce';
import { addressOf, geocodeRequestUrl } from '../../src/client/map/geocode';
import { labelsToShow } from '../../src/client/map/labels';
import { cityTree, fullCityTree } from './mapCities';

const names = (places: { name: string }[]) => places.map((p) => p.name);

describe('lng,lat text', () => {
  it('defaults: centre 118.78,32.04 at zoom 16; the search waits 1000 ms', () => {
    expect(DEFAULT_CENTER).toEqual({ lng: 118.78, lat: 32.04 });
    expect(DEFAULT_ZOOM).toBe(16);
    expect(SEARCH_DEBOUNCE_MS).toBe(1000);
  });

  it('formats lng first with 6 decimals, rounding and wrapping longitude into ±180', () => {
    expect(formatLatLng({ lng: 118.78, lat: 32.04 })).toBe('118.780000,32.040000');
    expect(formatLatLng({ lng: 118.1234567, lat: -32.0000004 })).toBe('118.123457,-32.000000');
    expect(formatLatLng({ lng: 478.78, lat: 32.04 })).toBe('118.780000,32.040000');
    expect(formatLatLng({ lng: 10, lat: 95 })).toBe('10.000000,90.000000');
  });

  it('the formatted text passes the schema pattern', async () => {
    const { tpf3Engineering } = await import('../../schemas/domain/tpf3Engineering');
    const re = new RegExp(tpf3Engineering.properties.latLng.pattern);
    expect(re.test(formatLatLng({ lng: -0.5, lat: 51.5 }))).toBe(true);
    expect(re.test(formatLatLng(DEFAULT_CENTER))).toBe(true);
  });

  it('parses lng,lat; rejects empty, malformed and out-of-world text', () => {
    expect(parseLatLng('118.78,32.04')).toEqual({ lng: 118.78, lat: 32.04 });
    expect(parseLatLng(' 118.780000 , 32.040000 ')).toEqual({ lng: 118.78, lat: 32.04 });
    expect(parseLatLng('')).toBeUndefined();
    expect(parseLatLng(null)).toBeUndefined();
    expect(parseLatLng('118.78')).toBeUndefined();
    expect(parseLatLng('abc,def')).toBeUndefined();
    expect(parseLatLng('200,32')).toBeUndefined();
    expect(parseLatLng('118,95')).toBeUndefined();
  });

  it('typed coordinates count only once they are complete numbers', () => {
    expect(parseCoordinate('118.7')).toBe(118.7);
    expect(parseCoordinate('-3')).toBe(-3);
    expect(parseCoordinate('118.')).toBeUndefined();
    expect(parseCoordinate('-')).toBeUndefined();
    expect(parseCoordinate('')).toBeUndefined();
  });
});

describe('the place list', () => {
  it('flattens the dictionary tree into cities with their province', () => {
    const cities = citiesOf(cityTree);
    expect(names(cities)).toEqual(['北京市', '南京市', '无锡市', '苏州市', '广州市', '深圳市']);
    expect(cities[1]).toMatchObject({
      kind: 'city',
      code: '320100',
      province: '江苏省',
      pinyin: 'nanjing',
      provincePinyin: 'jiangsu',
    });
    expect(names(provincesOf(cityTree))).toEqual(['北京市', '江苏省', '广东省']);
  });

  it('searches cities and provinces by name or pinyin, prefix or substring, exact and prefix first', () => {
    expect(names(searchPlaces(cityTree, '南京'))).toEqual(['南京市']);
    expect(names(searchPlaces(cityTree, 'nanjing'))).toEqual(['南京市']);
    expect(names(searchPlaces(cityTree, 'NanJ'))).toEqual(['南京市']);
    expect(names(searchPlaces(cityTree, 'zhou'))).toEqual(['苏州市', '广州市']);
    expect(names(searchPlaces(cityTree, '州'))).toEqual(['苏州市', '广州市']);
    // a province: the province first, then its cities
    const jiangsu = searchPlaces(cityTree, '江苏');
    expect(jiangsu[0]).toMatchObject({ kind: 'province', name: '江苏省' });
    expect(names(jiangsu.slice(1))).toEqual(['南京市', '无锡市', '苏州市']);
    expect(searchPlaces(cityTree, 'guangd')[0]).toMatchObject({ kind: 'province', name: '广东省' });
    expect(searchPlaces(cityTree, '  ')).toEqual([]);
    expect(searchPlaces(cityTree, '火星')).toEqual([]);
  });

  it('searches the whole bundled list (every province, every city)', () => {
    const cities = citiesOf(fullCityTree);
    expect(provincesOf(fullCityTree).length).toBeGreaterThanOrEqual(34);
    expect(cities.length).toBeGreaterThan(330);
    expect(searchPlaces(fullCityTree, 'nanjing')[0]).toMatchObject({ name: '南京市', province: '江苏省' });
    expect(searchPlaces(fullCityTree, '乌鲁木齐')[0]).toMatchObject({
      name: '乌鲁木齐市',
      province: '新疆维吾尔自治区',
    });
    expect(searchPlaces(fullCityTree, 'sanya')[0]).toMatchObject({ name: '三亚市' });
    expect(searchPlaces(fullCityTree, 'xi', 5)).toHaveLength(5);
  });

  it('the city picker filter matches a city by its own or its province name/pinyin', () => {
    const [, nanjing] = citiesOf(cityTree);
    for (const q of ['', '南京', 'nanj', '江苏', 'jiangsu', 'NAN']) expect(cityMatches(nanjing, q)).toBe(true);
    for (const q of ['广州', 'guang', '北京']) expect(cityMatches(nanjing, q)).toBe(false);
  });
});

describe('nearest city and the filled-in addresses', () => {
  it('finds the city whose centre is nearest', () => {
    const cities = citiesOf(cityTree);
    expect(nearestCity(cities, DEFAULT_CENTER)?.name).toBe('南京市');
    expect(nearestCity(cities, { lng: 120.6, lat: 31.3 })?.name).toBe('苏州市');
    expect(nearestCity(cities, { lng: 114.0, lat: 22.6 })?.name).toBe('深圳市');
    expect(nearestCity([], DEFAULT_CENTER)).toBeUndefined();
    expect(nearestCity(citiesOf(fullCityTree), { lng: 118.78, lat: 32.04 })?.name).toBe('南京市');
    expect(nearestCity(citiesOf(fullCityTree), { lng: 121.47, lat: 31.23 })?.name).toBe('上海市');
  });

  it('names real points after the bundled city they are nearest to', () => {
    const all = citiesOf(fullCityTree);
    const at = (lng: number, lat: number) => {
      const c = nearestCity(all, { lng, lat });
      return c && placeAddress(c);
    };
    expect(at(118.78, 32.04)).toBe('江苏省南京市'); // 新街口
    expect(at(118.71, 32.15)).toBe('江苏省南京市'); // 江北新区
    expect(at(120.7, 31.32)).toBe('江苏省苏州市'); // 金鸡湖, east of 苏州's centre
    expect(at(120.98, 31.38)).toBe('江苏省苏州市'); // 昆山, between 苏州 and 上海
    expect(at(120.31, 31.49)).toBe('江苏省无锡市');
    expect(at(120.15, 30.25)).toBe('浙江省杭州市'); // 西湖
    expect(at(116.39, 39.91)).toBe('北京市'); // a municipality is written once
    expect(at(113.94, 22.54)).toBe('广东省深圳市'); // 南山
  });

  it("a province's main city is its capital (GB/T 2260 xx0100), not the city nearest its centre point", () => {
    const cities = citiesOf(cityTree);
    const [, jiangsu] = provincesOf(cityTree);
    expect(mainCityOf(cities, jiangsu)?.name).toBe('南京市');
    const all = citiesOf(fullCityTree);
    const main = (name: string) =>
      mainCityOf(
        all,
        provincesOf(fullCityTree).find((p) => p.name === name)!,
      )?.name;
    expect([main('江苏省'), main('黑龙江省'), main('西藏自治区'), main('北京市'), main('香港特别行政区')]).toEqual([
      '南京市',
      '哈尔滨市',
      '拉萨市',
      '北京市',
      '香港',
    ]);
  });

  it("addresses: '省名+市名(+区名)', municipalities and SARs once", () => {
    const cities = citiesOf(cityTree);
    expect(placeAddress(cities[1])).toBe('江苏省南京市');
    expect(placeAddress(cities[0])).toBe('北京市');
    expect(placeAddress(districtsOf(cityTree)[1])).toBe('北京市朝阳区');
    const hk = districtsOf(fullCityTree).find((d) => d.name === '湾仔区')!;
    expect(placeAddress(hk)).toBe('香港特别行政区湾仔区');
    expect(placeAddress(citiesOf(fullCityTree).find((c) => c.name === '吉林市')!)).toBe('吉林省吉林市');
  });
});

describe('districts and the place a point falls near', () => {
  const cities = citiesOf(fullCityTree);
  const districts = districtsOf(fullCityTree);
  const at = (lng: number, lat: number) => {
    const loc = locatePoint(cities, districts, { lng, lat })!;
    return `${locationAddress(loc)} ${loc.km.toFixed(1)}`;
  };

  it('ships the districts of the municipalities, the SARs and every prefecture-level city that has districts', () => {
    const count = (city: string) => districts.filter((d) => d.city === city).length;
    expect([count('北京市'), count('天津市'), count('上海市'), count('重庆市'), count('香港'), count('澳门')]).toEqual([
      16, 16, 15, 38, 18, 8,
    ]);
    expect(districts.find((d) => d.name === '浦东新区')).toMatchObject({
      province: '上海市',
      city: '上海市',
      code: '310115',
    });
    expect(count('南京市')).toBe(11);
    expect(districts.find((d) => d.name === '江宁区')).toMatchObject({
      province: '江苏省',
      city: '南京市',
      code: '320115',
    });
    // prefecture-level cities (GB/T 2260 xxxx00 below a province) without districts: those that have none (东莞,
    // 中山, 儋州, 嘉峪关 are divided into towns; 三沙 into islands) and no other
    const bare = cities.filter(
      (c) => /^\d{4}00$/.test(c.code) && !/^(11|12|31|50|71|81|82)/.test(c.code) && count(c.name) === 0,
    );
    expect(bare.map((c) => c.name).sort()).toEqual(['三沙市', '东莞市', '中山市', '儋州市', '嘉峪关市']);
    expect(districts.length).toBeGreaterThan(2800);
    // every district sits near its city (within 8°, 额济纳旗 being the farthest)
    for (const d of districts) {
      const city = cities.find((c) => c.name === d.city && c.province === d.province)!;
      expect(Math.hypot(d.lng - city.lng, d.lat - city.lat)).toBeLessThan(8);
    }
  });

  it('a point is named after its nearest district, and the city that district belongs to', () => {
    expect(at(116.48, 39.93)).toBe('北京市朝阳区 1.1'); // see mapPicker.test: √(0.946² + 0.547²) km
    expect(at(121.54, 31.22).startsWith('上海市浦东新区 ')).toBe(true); // 陆家嘴-世纪公园
    expect(at(106.57, 29.56).startsWith('重庆市')).toBe(true);
    // 15 km and 36 km from 南京's centre: two different districts, no longer the city alone
    // 118.84,31.93 from 江宁区 (118.840015, 31.952612): Δlat 0.022612° × 111.2 km = 2.51 km, Δlng ≈ 0 → 2.5 km
    expect(at(118.84, 31.93)).toBe('江苏省南京市江宁区 2.5');
    // 118.82,32.36 from 六合区 (118.822132, 32.323584): Δlat 0.036416° × 111.2 = 4.05 km, Δlng 0.002132° × 94.0 = 0.20 km
    // → 4.1 km
    expect(at(118.82, 32.36)).toBe('江苏省南京市六合区 4.1');
    // 东莞 has no districts: its city alone
    expect(at(113.75, 23.04).startsWith('广东省东莞市 ')).toBe(true);
    // 廊坊's centre (116.704441, 39.523927) is nearer than any district: the point stays in 河北省廊坊市, named after
    // that city's nearest district 广阳区 (0.97 km); the distance is the nearer of the two, the city centre's:
    // Δlng 0.004441° × 85.8 km = 0.381 km, Δlat 0.003927° × 111.2 km = 0.437 km → 0.58 km
    expect(at(116.7, 39.52)).toBe('河北省廊坊市广阳区 0.6');
  });

  it('says how far the place is: near within 50 km, a check beyond, no place beyond 500 km', () => {
    expect([NEAR_KM, FAR_KM]).toEqual([50, 500]);
    // the open sea east of 舟山: farther than NEAR_KM from 舟山's centre, closer than FAR_KM
    const sea = locatePoint(cities, districts, { lng: 123.5, lat: 30 })!;
    expect(sea.city.name).toBe('舟山市');
    expect(sea.km).toBeGreaterThan(NEAR_KM);
    expect(sea.km).toBeLessThan(FAR_KM);
    // the middle of the Pacific: nothing near
    expect(locatePoint(cities, districts, { lng: 160, lat: 20 })!.km).toBeGreaterThan(FAR_KM);
    expect(locatePoint([], districts, { lng: 116.4, lat: 39.9 })).toBeUndefined();
  });

  it('search finds districts by name and pinyin, after the cities of the same name', () => {
    const found = searchPlaces(fullCityTree, '朝阳').map((p) => `${p.kind}:${placeAddress(p)}`);
    expect(found.slice(0, 2)).toEqual(['city:辽宁省朝阳市', 'district:北京市朝阳区']);
    expect(searchPlaces(fullCityTree, 'pudong')[0]).toMatchObject({ kind: 'district', name: '浦东新区' });
  });

  it('the offline map draws every city and district; each province has one main city whose name comes first', () => {
    const placed = mapPlacesOf(fullCityTree);
    expect(placed).toHaveLength(cities.length + districts.length);
    const mains = placed.filter((p) => p.rank === 0).map((p) => p.place.name);
    expect(mains).toHaveLength(fullCityTree.length);
    expect(mains).toEqual(expect.arrayContaining(['南京市', '杭州市', '广州市', '北京市', '成都市']));
    expect(placed.filter((p) => p.rank === 2).every((p) => p.place.kind === 'district')).toBe(true);
  });
});

describe('offline map names', () => {
  it('writes the names that fit, most important first, and none outside the view', () => {
    // 南京 (rank 0) at 100,100 takes the box x 106…138 (2 chars × 12 + 8), y 91…109; 镇江 (rank 1) 10 px right
    // would overlap it; 扬州 40 px below does not; 苏州 is outside the 300 × 200 view
    const shown = labelsToShow(
      [
        { x: 110, y: 100, chars: 2, rank: 1 },
        { x: 100, y: 100, chars: 2, rank: 0 },
        { x: 100, y: 140, chars: 2, rank: 1 },
        { x: 400, y: 100, chars: 2, rank: 0 },
      ],
      300,
      200,
    );
    expect([...shown].sort()).toEqual([1, 2]);
  });

  it('at a national view of the real places, names never overlap and some are left out', () => {
    // a crude equirectangular projection of China at 12 px per degree (about zoom 5) into an 800 × 500 view
    const placed = mapPlacesOf(fullCityTree).filter((p) => p.rank < 2);
    const boxes = placed.map((p) => ({
      x: (p.place.lng - 73) * 12,
      y: (54 - p.place.lat) * 12,
      chars: p.place.name.length,
      rank: p.rank,
    }));
    const shown = [...labelsToShow(boxes, 800, 500)];
    expect(shown.length).toBeGreaterThan(30);
    expect(shown.length).toBeLessThan(placed.length);
    const right = (i: number) => boxes[i].x + 6 + boxes[i].chars * 12 + 8;
    for (const a of shown)
      for (const b of shown)
        if (a < b) {
          const apart =
            right(a) <= boxes[b].x + 6 || right(b) <= boxes[a].x + 6 || Math.abs(boxes[a].y - boxes[b].y) >= 18;
          expect(apart, `${placed[a].place.name} / ${placed[b].place.name}`).toBe(true);
        }
  });
});

describe('reverse geocoding answers', () => {
  it('fills {lng} and {lat} into the template; takes the formatted address of Tianditu, AMap or Nominatim answers', () => {
    expect(
      geocodeRequestUrl("https://geo.example.test/geocoder?postStr={'lon':{lng},'lat':{lat}}&tk=k", {
        lng: 118.78,
        lat: 32.04,
      }),
    ).toBe("https://geo.example.test/geocoder?postStr={'lon':118.780000,'lat':32.040000}&tk=k");
    expect(
      addressOf({
        status: '0',
        result: { formatted_address: '江苏省南京市秦淮区中山南路', addressComponent: { city: '南京市' } },
      }),
    ).toBe('江苏省南京市秦淮区中山南路');
    expect(addressOf({ regeocode: { formatted_address: '江苏省苏州市姑苏区' } })).toBe('江苏省苏州市姑苏区');
    expect(addressOf({ display_name: '玄武区, 南京市, 江苏省, 中国', address: { city: '南京市' } })).toBe(
      '玄武区, 南京市, 江苏省, 中国',
    );
    expect(addressOf({ results: [{ formatted_address: '上海市黄浦区' }] })).toBe('上海市黄浦区');
    for (const none of [null, 'x', {}, { result: { formatted_address: '  ' } }, { status: '1', msg: 'key error' }])
      expect(addressOf(none)).toBeUndefined();
  });
});

describe('tile subdomains', () => {
  it("takes 'abc', '1234', '0,1,2'; empty → Leaflet's a,b,c", () => {
    expect(subdomainsOf('1234')).toEqual(['1', '2', '3', '4']);
    expect(subdomainsOf('0, 1,2')).toEqual(['0', '1', '2']);
    expect(subdomainsOf('')).toEqual(['a', 'b', 'c']);
    expect(subdomainsOf(undefined)).toEqual(['a', 'b', 'c']);
  });
});

describe('debounce', () => {
  afterEach(() => vi.useRealTimers());

  it('calls once, 1000 ms after the last call, with the last arguments', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, SEARCH_DEBOUNCE_MS);
    d('n');
    vi.advanceTimersByTime(600);
    d('na');
    vi.advanceTimersByTime(600);
    d('nan');
    vi.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('nan');
  });

  it('cancel drops the pending call; flush runs it now', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 1000);
    d(1);
    d.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).not.toHaveBeenCalled();
    d(2);
    d.flush();
    expect(fn).toHaveBeenCalledWith(2);
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
