// The system dictionaries seeded on first start (sysDict), read from ./data/dictionaries.json. Values are
// strings; a dictionary may nest two levels of children (building-type tree, cities grouped by province).
// buildType and structureType use the Chinese name as the value, so a building stores readable text
// ('公共建筑/办公建筑', joined with '/' as the spec says) and the value never contains '/'.
// Each dictionary of the file gives its items one of three ways: `names` (the name is value and label; a
// [name, children] pair nests), `pairs` ([value, label]), or `from`: a list the code owns (the cities of
// ./data/cities.json, or a schema's labels), so it is written once. See ./data/README.md.
import type { DictItem } from '../../../../schemas/resources/sysDict';
import { DATA_QUALITY, ENERGY_KINDS } from '../../../../schemas/factors/kinds';
import { BENCHMARK_METRICS } from '../../../../schemas/factors/tpf3Benchmark';
import { VERIFICATION_LABELS } from '../../../../schemas/factors/verification';
import { arrayAt, dataError, objectAt, readSeedJson, stringAt } from './dataFiles';

export type { DictItem };

export interface SeedDictionary {
  dictCode: string;
  dictName: string;
  items: DictItem[];
}

interface PlaceJson {
  code: string;
  name: string;
  lng: number;
  lat: number;
  pinyin: string;
}
/** A city; the municipalities and SARs also list their districts (the only ones with a packaged centre point). */
interface CityJson extends PlaceJson {
  districts?: PlaceJson[];
}
export interface ProvinceJson extends PlaceJson {
  cities: CityJson[];
}

const FILE = 'dictionaries.json';

/** Provinces with their prefecture-level cities: GB/T 2260 codes, names, centre points (GCJ-02), pinyin. */
export function loadCities(): ProvinceJson[] {
  return readSeedJson('cities.json') as ProvinceJson[];
}

const placeItem = (p: PlaceJson): DictItem => ({
  value: p.code,
  label: p.name,
  lng: p.lng,
  lat: p.lat,
  pinyin: p.pinyin,
});

/** Provinces → cities → districts (where known). */
export function cityItems(): DictItem[] {
  return loadCities().map((p) => ({
    ...placeItem(p),
    children: p.cities.map((c) =>
      c.districts ? { ...placeItem(c), children: c.districts.map(placeItem) } : placeItem(c),
    ),
  }));
}

const labelled = (list: ReadonlyArray<readonly [string, string, ...unknown[]]>): DictItem[] =>
  list.map(([value, label]) => ({ value, label }));

/** The lists a dictionary may take `from`: owned by code, so the file only names them. */
const FROM: Record<string, () => DictItem[]> = {
  'cities.json': cityItems,
  VERIFICATION_LABELS: () => labelled(Object.entries(VERIFICATION_LABELS)),
  // the energy of a row and the data-quality class of a factor or row (schemas/factors/kinds.ts)
  ENERGY_KINDS: () => labelled(ENERGY_KINDS),
  DATA_QUALITY: () => labelled(DATA_QUALITY),
  // the metric of a reference line (schemas/factors/tpf3Benchmark.ts)
  BENCHMARK_METRICS: () => labelled(BENCHMARK_METRICS),
};

/** `names` items: a string is value and label; [name, children] nests (no children: a plain item). */
function named(list: unknown[], where: string): DictItem[] {
  return list.map((node, i) => {
    const at = `${where}[${i}]`;
    if (!Array.isArray(node)) {
      const name = stringAt(FILE, at, node);
      return { value: name, label: name };
    }
    const name = stringAt(FILE, `${at}[0]`, node[0]);
    const children = named(arrayAt(FILE, `${at}[1]`, node[1]), `${at}[1]`);
    return children.length ? { value: name, label: name, children } : { value: name, label: name };
  });
}

function pairs(list: unknown[], where: string): DictItem[] {
  return list.map((p, i) => {
    const pair = arrayAt(FILE, `${where}[${i}]`, p);
    if (pair.length !== 2) throw dataError(FILE, `${where}[${i}]`, 'expected [value, label]');
    return { value: stringAt(FILE, `${where}[${i}][0]`, pair[0]), label: stringAt(FILE, `${where}[${i}][1]`, pair[1]) };
  });
}

function dictionary(raw: unknown, index: number): SeedDictionary {
  const d = objectAt(FILE, `[${index}]`, raw);
  const dictCode = stringAt(FILE, `[${index}].dictCode`, d.dictCode);
  const dictName = stringAt(FILE, `${dictCode}.dictName`, d.dictName);
  const ways = (['names', 'pairs', 'from'] as const).filter((k) => k in d);
  if (ways.length !== 1) throw dataError(FILE, dictCode, 'give the items by exactly one of names, pairs, from');
  const where = `${dictCode}.${ways[0]}`;
  if (ways[0] === 'from') {
    const source = FROM[stringAt(FILE, where, d.from)];
    if (!source)
      throw dataError(FILE, where, `unknown list ${JSON.stringify(d.from)} (known: ${Object.keys(FROM).join(', ')})`);
    return { dictCode, dictName, items: source() };
  }
  const list = arrayAt(FILE, where, d[ways[0]]);
  return { dictCode, dictName, items: ways[0] === 'names' ? named(list, where) : pairs(list, where) };
}

/** The dictionaries of ./data/dictionaries.json (or of `doc`, a document of its shape), checked. */
export function readDictionaries(doc: unknown = readSeedJson(FILE)): SeedDictionary[] {
  const out = arrayAt(FILE, 'top level', doc).map(dictionary);
  const seen = new Set<string>();
  for (const d of out) {
    if (seen.has(d.dictCode)) throw dataError(FILE, d.dictCode, 'dictCode given twice');
    seen.add(d.dictCode);
  }
  return out;
}

export const seedDictionaries: SeedDictionary[] = readDictionaries();
