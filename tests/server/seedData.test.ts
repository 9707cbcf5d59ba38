// Seed data: every factor row and dictionary validates against its schema, the counts match the CSV tables,
// and a few values are checked by hand against GB/T 51366-2019 and the city table.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../schemas/validation';
import { registry, type ResourceSchema } from '../../schemas/index';
import { tpf3BuildMaterial } from '../../schemas/factors/tpf3BuildMaterial';
import { sysDict } from '../../schemas/resources/sysDict';
import { VERIFICATION_LABELS } from '../../schemas/factors/verification';
import { FACTOR_FILES, loadSeedFactors, markFor } from '../../src/server/db/seed/factors';
import { loadCities, readDictionaries, seedDictionaries, type DictItem } from '../../src/server/db/seed/dictionaries';
import { randomPassword } from '../../src/server/seed/seed';
import { isStrongPassword } from '../../src/server/accounts/credentials';

const dataDir = new URL('../../src/server/db/seed/data/', import.meta.url);
const csvRows = (file: string): number =>
  Papa.parse(readFileSync(new URL(file, dataDir), 'utf8'), { header: true, skipEmptyLines: 'greedy' }).data.length;

const factors = loadSeedFactors();
const find = (type: string, name: string, spec?: string) =>
  factors.filter((f) => f.type === type && f.name === name && (spec === undefined || f.spec === spec));

describe('seed factors', () => {
  it('every row validates against tpf3BuildMaterial', () => {
    const validate = createAjv().compile(tpf3BuildMaterial);
    const bad = factors
      .filter((f): boolean => !validate(f))
      .map((f) => `${f.type}/${f.name}: ${JSON.stringify(validate.errors)}`);
    expect(bad).toEqual([]);
  });

  it('counts per type match the CSV row counts', () => {
    const count = (type: string, smallType?: string) =>
      factors.filter((f) => f.type === type && (smallType === undefined || f.smallType === smallType)).length;
    expect(count('建材')).toBe(
      csvRows(FACTOR_FILES.materials) + csvRows(FACTOR_FILES.supplement) + csvRows(FACTOR_FILES.cn),
    );
    expect(count('能源', '化石燃料')).toBe(csvRows(FACTOR_FILES.fuels));
    expect(count('能源', '电力')).toBe(csvRows(FACTOR_FILES.grid));
    expect(count('运输')).toBe(csvRows(FACTOR_FILES.transport));
    expect(count('碳汇')).toBe(csvRows(FACTOR_FILES.planting));
    expect(count('制冷剂')).toBe(csvRows(FACTOR_FILES.refrigerants));
    // and one more row than the files: App. D's 自来水 again as the water energy factor
    expect(count('能源', '水')).toBe(1);
    expect(factors.length).toBe(Object.values(FACTOR_FILES).reduce((n, f) => n + csvRows(f), 0) + 1);
    // The tables as copied: 69 App. D materials, 12 beyond it from UK databases and 2 from Chinese
    // sources, 19 fuels, 54 grid factors, 16 transport modes, 15 sink rows, 20 refrigerants.
    expect([
      count('建材'),
      count('能源', '化石燃料'),
      count('能源', '电力'),
      count('运输'),
      count('碳汇'),
      count('制冷剂'),
    ]).toEqual([69 + 12 + 2, 19, 54, 16, 15, 20]);
  });

  it('hand-checked values', () => {
    expect(find('建材', 'C30混凝土')).toEqual([
      expect.objectContaining({
        smallType: '混凝土',
        unit: 'm3',
        materialCo: 295,
        coUnit: 'kgCO2e/m3',
        verification: 'V',
        source: 'GB/T 51366-2019 附录D',
      }),
    ]);
    expect(find('建材', '热轧碳钢钢筋')[0]).toMatchObject({ unit: 't', materialCo: 2340, verification: 'V' });
    expect(find('建材', '铝木复合窗（原生铝:再生铝=7:3）')[0]).toMatchObject({ unit: 'm2', materialCo: 122.5 });
    // Diesel: kgCO2 per kg, tCO2/TJ and NCV both verified → V.
    expect(find('能源', '柴油')[0]).toMatchObject({
      smallType: '化石燃料',
      unit: 'kg',
      materialCo: 3.096,
      coUnit: 'kgCO2/kg',
      verification: 'V',
    });
    // Natural gas: NCV only recalled → the stored kgCO2/m3 is M, the original text kept.
    const gas = find('能源', '天然气')[0];
    expect(gas).toMatchObject({ unit: 'm3', materialCo: 2.162, verification: 'M' });
    expect(gas.remarks).toContain('V(tCO2/TJ) M(NCV');
    // Bituminous coal: no NCV, stored as tCO2/TJ which is verified.
    expect(find('能源', '烟煤')[0]).toMatchObject({ unit: 'TJ', materialCo: 89, coUnit: 'tCO2/TJ', verification: 'V' });
    expect(find('能源', '无烟煤')[0]).toMatchObject({ materialCo: 94.44, verification: 'M' });
    expect(find('能源', '华东', '2012_regional_average')[0]).toMatchObject({
      smallType: '电力',
      unit: 'kWh',
      materialCo: 0.7035,
      coUnit: 'kgCO2/kWh',
      verification: 'V',
    });
    // 'same' in the source column repeats the row above's source.
    expect(find('能源', '华东', '2012_regional_average')[0].source).toContain('NDRC');
    expect(find('能源', '全国', 'MEE_NBS_2021')[0].verification).toBe('U');
    expect(find('运输', '重型柴油货车运输', '30t')[0]).toMatchObject({
      smallType: '公路运输',
      unit: 't·km',
      materialCo: 0.078,
    });
    expect(find('运输', '集装箱船运输')[0].smallType).toBe('水路运输');
    expect(find('运输', '电力机车运输')[0]).toMatchObject({ smallType: '铁路运输', spec: '', materialCo: 0.01 });
    const grove = find('碳汇', '阔叶大乔木（土深>1.0m）')[0];
    expect(grove).toMatchObject({ unit: 'm²', materialCo: 22.5, coUnit: 'kgCO2/(m²·a)', verification: 'D' });
    expect(grove.remarks).toContain('40 年值 900');
    expect(find('制冷剂', 'R410A')[0]).toMatchObject({
      smallType: 'GWP',
      unit: 'kg',
      materialCo: 2088,
      coUnit: 'kgCO2e/kg',
      verification: 'M',
    });
  });

  it('compound verification marks take the weakest mark covering the value', () => {
    expect(markFor('V')).toBe('V');
    expect(markFor('V(same)')).toBe('V');
    expect(markFor('')).toBe('U');
    expect(markFor('V(tCO2/TJ) M(others)', ['tCO2/TJ'])).toBe('V');
    expect(markFor('V(tCO2/TJ) M(others)', ['tCO2/TJ', 'NCV'])).toBe('M');
    expect(markFor('V(tCO2/TJ & NCV)', ['tCO2/TJ', 'NCV'])).toBe('V');
    expect(markFor('V D')).toBe('D');
    expect(markFor('V2 M')).toBe('M');
  });

  it('no M or U row claims to be the standard’s own verified value', () => {
    for (const f of factors.filter((x) => x.verification === 'M' || x.verification === 'U')) {
      expect(['V', 'V2']).not.toContain(f.verification);
    }
    expect(factors.every((f) => f.source.length > 0)).toBe(true);
  });
});

describe('seed dictionaries', () => {
  it('every dictionary validates against sysDict', () => {
    const validate = createAjv().compile(sysDict);
    for (const d of seedDictionaries) {
      expect(validate(structuredClone(d)), `${d.dictCode}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('has the dictionaries the schemas name, with unique values per level', () => {
    const codes = seedDictionaries.map((d) => d.dictCode);
    expect(new Set(codes).size).toBe(codes.length);
    // every x-dict of every registry schema, plus the dictionaries screens use directly
    const named = Object.values(registry as unknown as Record<string, ResourceSchema>).flatMap((r) =>
      Object.values(r.properties)
        .flatMap((p) => [p['x-dict'], p.items?.['x-dict']])
        .filter((c): c is string => !!c),
    );
    expect([...new Set([...named, 'structureType', 'useDateLimit', 'city'])].filter((c) => !codes.includes(c))).toEqual(
      [],
    );
    const check = (items: DictItem[], where: string) => {
      const values = items.map((i) => i.value);
      expect(new Set(values).size, where).toBe(values.length);
      for (const i of items) if (i.children) check(i.children, `${where}/${i.value}`);
    };
    for (const d of seedDictionaries) check(d.items, d.dictCode);
    const buildType = seedDictionaries.find((d) => d.dictCode === 'buildType')!;
    const flat = (items: DictItem[]): string[] => items.flatMap((i) => [i.value, ...flat(i.children ?? [])]);
    expect(flat(buildType.items).some((v) => v.includes('/'))).toBe(false);
    expect(buildType.items.map((i) => i.value)).toEqual(expect.arrayContaining(['居住建筑', '公共建筑', '工业建筑']));
  });

  it('dictionaries.json: names nest, pairs keep their order, from takes a list the code owns; a wrong entry is named', () => {
    const doc = [
      { dictCode: 'a', dictName: 'A', names: [['甲', ['乙']], ['丙', []], '丁'] },
      {
        dictCode: 'b',
        dictName: 'B',
        pairs: [
          ['1', '是'],
          ['0', '否'],
        ],
      },
      { dictCode: 'v', dictName: 'V', from: 'VERIFICATION_LABELS' },
    ];
    expect(readDictionaries(doc)).toEqual([
      {
        dictCode: 'a',
        dictName: 'A',
        items: [
          { value: '甲', label: '甲', children: [{ value: '乙', label: '乙' }] },
          { value: '丙', label: '丙' },
          { value: '丁', label: '丁' },
        ],
      },
      {
        dictCode: 'b',
        dictName: 'B',
        items: [
          { value: '1', label: '是' },
          { value: '0', label: '否' },
        ],
      },
      {
        dictCode: 'v',
        dictName: 'V',
        items: Object.entries(VERIFICATION_LABELS).map(([value, label]) => ({ value, label })),
      },
    ]);
    const bad = (entry: object) => () => readDictionaries([entry]);
    expect(bad({ dictCode: 'a', dictName: 'A', pairs: [], names: [] })).toThrow(
      'seed data dictionaries.json: a: give the items by exactly one of names, pairs, from',
    );
    expect(bad({ dictCode: 'a', dictName: 'A', from: 'NOPE' })).toThrow(
      'seed data dictionaries.json: a.from: unknown list "NOPE"',
    );
    expect(bad({ dictCode: 'a', dictName: 'A', pairs: [['1']] })).toThrow(
      'seed data dictionaries.json: a.pairs[0]: expected [value, label]',
    );
    expect(bad({ dictCode: 'a', dictName: 'A', names: [['甲', [1]]] })).toThrow(
      'seed data dictionaries.json: a.names[0][1][0]: expected a string',
    );
    expect(() => readDictionaries([doc[1], doc[1]])).toThrow('seed data dictionaries.json: b: dictCode given twice');
  });

  it('cities: all provinces, ≥ 300 cities inside China’s bounding box, 南京 where it should be', () => {
    const provinces = loadCities();
    expect(provinces).toHaveLength(34);
    const cities = provinces.flatMap((p) => p.cities);
    expect(cities.length).toBeGreaterThanOrEqual(300);
    const codes = [...provinces, ...cities].map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of [...provinces, ...cities]) {
      expect(c.lng, c.name).toBeGreaterThanOrEqual(73);
      expect(c.lng, c.name).toBeLessThanOrEqual(136);
      expect(c.lat, c.name).toBeGreaterThanOrEqual(3);
      expect(c.lat, c.name).toBeLessThanOrEqual(54);
      expect(c.pinyin, c.name).toMatch(/^[a-z]+$/);
    }
    const jiangsu = provinces.find((p) => p.code === '320000')!;
    const nanjing = jiangsu.cities.find((c) => c.name === '南京市')!;
    expect(nanjing).toMatchObject({ code: '320100', pinyin: 'nanjing' });
    expect(Math.abs(nanjing.lng - 118.78)).toBeLessThan(0.1);
    expect(Math.abs(nanjing.lat - 32.04)).toBeLessThan(0.1);
    const city = seedDictionaries.find((d) => d.dictCode === 'city')!;
    expect(city.items).toHaveLength(34);
    expect(city.items.find((p) => p.value === '320000')?.children?.find((c) => c.value === '320100')).toMatchObject({
      label: '南京市',
      lng: nanjing.lng,
      lat: nanjing.lat,
      pinyin: 'nanjing',
    });
  });
});

describe('seeded passwords', () => {
  it('a generated password always meets the password rule (letters and digits)', () => {
    for (let i = 0; i < 2000; i++) expect(isStrongPassword(randomPassword())).toBe(true);
  });
});
