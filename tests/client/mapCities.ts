// A small `city` dictionary tree (the shape GET sys/v1/sys/sysDict/items/city answers) for the map and
// engineering tests, plus the full bundled list converted the way the seed does (a server test checks they agree).
import type { CityDictItem } from '../../src/client/map/geo';
import rawCities from '../../src/server/db/seed/data/cities.json';

export const cityTree: CityDictItem[] = [
  {
    value: '110000',
    label: '北京市',
    lng: 116.405285,
    lat: 39.904989,
    pinyin: 'beijing',
    children: [
      {
        value: '110100',
        label: '北京市',
        lng: 116.405285,
        lat: 39.904989,
        pinyin: 'beijing',
        children: [
          { value: '110101', label: '东城区', lng: 116.418757, lat: 39.917544, pinyin: 'dongchengqu' },
          { value: '110105', label: '朝阳区', lng: 116.486409, lat: 39.921489, pinyin: 'chaoyangqu' },
        ],
      },
    ],
  },
  {
    value: '320000',
    label: '江苏省',
    lng: 118.767413,
    lat: 32.041544,
    pinyin: 'jiangsu',
    children: [
      { value: '320100', label: '南京市', lng: 118.767413, lat: 32.041544, pinyin: 'nanjing' },
      { value: '320200', label: '无锡市', lng: 120.301663, lat: 31.574729, pinyin: 'wuxi' },
      { value: '320500', label: '苏州市', lng: 120.619585, lat: 31.299379, pinyin: 'suzhou' },
    ],
  },
  {
    value: '440000',
    label: '广东省',
    lng: 113.280637,
    lat: 23.125178,
    pinyin: 'guangdong',
    children: [
      { value: '440100', label: '广州市', lng: 113.280637, lat: 23.125178, pinyin: 'guangzhou' },
      { value: '440300', label: '深圳市', lng: 114.085947, lat: 22.547, pinyin: 'shenzhen' },
    ],
  },
];

interface RawPlace {
  code: string;
  name: string;
  lng: number;
  lat: number;
  pinyin: string;
  districts?: RawPlace[];
}

const item = (p: RawPlace): CityDictItem => ({
  value: p.code,
  label: p.name,
  lng: p.lng,
  lat: p.lat,
  pinyin: p.pinyin,
});

/** Every province, city and district the app ships, as dictionary items (the seed's cityItems, read in jsdom). */
export const fullCityTree: CityDictItem[] = (rawCities as (RawPlace & { cities: RawPlace[] })[]).map((p) => ({
  ...item(p),
  children: p.cities.map((c) => (c.districts ? { ...item(c), children: c.districts.map(item) } : item(c))),
}));
