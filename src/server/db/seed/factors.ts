// The factor library's seed rows (tpf3BuildMaterial), read from the CSV tables copied into ./data.
// Each row keeps its source and its verification mark (V verified, V2 two sources, M recalled, D derived,
// U unknown); an M or U value is never presented as official. Where a CSV's mark is compound
// ('V(tCO2/TJ) M(NCV)'), the weakest mark that covers the stored value is used (./seedCells) and the original text
// is kept in remarks. See ./data/README.md for where each table comes from. The details (density, default
// distance, energy, data-quality class) are computed in ./factorDetails and merged here.
import { QUALITY_VALUES, type DataQuality } from '../../../../schemas/factors/kinds';
import { readSeedCsv } from './dataFiles';
import { clip, markFor, markNote, num, str, type Verification } from './seedCells';
import { DENSITY_FILE, densityTable, detailsOf, type FactorDetails, type FactorUpgrade } from './factorDetails';

export { clip, markFor, num, str, weakest, type Verification } from './seedCells';

export interface SeedFactor extends Partial<FactorDetails> {
  type: string;
  smallType: string;
  name: string;
  spec: string;
  unit: string;
  materialCo: number | null;
  coUnit: string;
  source: string;
  verification: Verification;
  remarks: string;
}

/** The CSV tables this module reads, by file name (all in ./data). */
export const FACTOR_FILES = {
  materials: 'gbt51366_appD_materials.csv',
  // materials real models carry that App. D lacks, each row with its own source
  supplement: 'supplementary_materials.csv',
  // the same families from Chinese sources, each row with its source, year, boundary and data-quality class
  cn: 'cn_materials.csv',
  fuels: 'gbt51366_appA_fossil_fuels.csv',
  transport: 'gbt51366_appE_transport.csv',
  grid: 'grid_electricity.csv',
  planting: 'planting_carbon_sink.csv',
  refrigerants: 'refrigerant_gwp_ar4.csv',
} as const;

function factor(f: SeedFactor): SeedFactor {
  return {
    type: clip(f.type, 20),
    smallType: clip(f.smallType, 50),
    name: clip(f.name, 100),
    spec: clip(f.spec, 100),
    unit: clip(f.unit, 30),
    materialCo: f.materialCo,
    coUnit: clip(f.coUnit, 30),
    source: clip(f.source, 500),
    verification: f.verification,
    remarks: clip(f.remarks, 500),
  };
}

const join = (...parts: string[]): string =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('；');

/**
 * 建材 rows of a materials file: App. D (its source is the standard) or a file beyond it (each row names its
 * published source); a mark covers the number as stored. A row's own data-quality class, year and boundary
 * (cn_materials.csv) are kept: the class because a derived number is no database value, the rest in remarks.
 */
function materialRows(file: string, standard?: string): SeedFactor[] {
  return readSeedCsv(file).map((r) => {
    const unit = str(r.unit);
    const verification = str(r.verification);
    const source = standard ?? str(r.source);
    const quality = str(r.quality);
    if (!source) throw new Error(`seed data ${file} ${str(r.name_zh)}: no source`);
    if (quality && !(QUALITY_VALUES as string[]).includes(quality))
      throw new Error(`seed data ${file} ${str(r.name_zh)}: unknown quality ${quality}`);
    const when = join(r.year ? `数据年份 ${str(r.year)}` : '', r.boundary ? `边界：${str(r.boundary)}` : '');
    const row = factor({
      type: '建材',
      smallType: str(r.group),
      name: str(r.name_zh),
      spec: '',
      unit,
      materialCo: num(r.kgCO2e_per_unit),
      coUnit: `kgCO2e/${unit}`,
      source,
      verification: markFor(verification),
      remarks: join(when, str(r.notes), markNote(verification)),
    });
    return quality ? { ...row, quality: quality as DataQuality } : row;
  });
}

const materials = () => materialRows(FACTOR_FILES.materials, 'GB/T 51366-2019 附录D');
const supplement = () => materialRows(FACTOR_FILES.supplement);
const cnMaterials = () => materialRows(FACTOR_FILES.cn);

function fuels(): SeedFactor[] {
  return readSeedCsv(FACTOR_FILES.fuels).map((r) => {
    const name = str(r.fuel);
    const verification = str(r.verification);
    const perUnit = num(r.kgCO2_per_unit);
    const perTJ = num(r.tCO2_per_TJ);
    const inAppendixA = !name.includes('非附录A');
    const parts = [
      r.carbon_content_tC_per_TJ ? `单位热值含碳量 ${str(r.carbon_content_tC_per_TJ)} tC/TJ` : '',
      r.oxidation_rate ? `碳氧化率 ${str(r.oxidation_rate)}` : '',
      perTJ !== null ? `${perTJ} tCO2/TJ` : '',
      r.default_NCV ? `低位发热量 ${str(r.default_NCV)} ${str(r.NCV_unit)}` : '',
    ].filter(Boolean);
    const stored =
      perUnit !== null
        ? {
            unit: str(r.unit),
            materialCo: perUnit,
            coUnit: `kgCO2/${str(r.unit)}`,
            // kgCO2 per kg/m3 = tCO2/TJ × NCV: both must be verified for the value to be.
            verification: markFor(verification, inAppendixA ? ['tCO2/TJ', 'NCV'] : []),
          }
        : { unit: 'TJ', materialCo: perTJ, coUnit: 'tCO2/TJ', verification: markFor(verification, ['tCO2/TJ']) };
    return factor({
      type: '能源',
      smallType: '化石燃料',
      name,
      spec: '',
      ...stored,
      source: inAppendixA
        ? 'GB/T 51366-2019 附录A'
        : '计算工具常用默认值（不在 GB/T 51366-2019 附录A 中），宜采用当地官方数值',
      remarks: join(parts.join('，'), markNote(verification)),
    });
  });
}

// Water drawn on site is counted in 建筑建造 by its quantity, like an energy (能源种类 自来水); the standard's only
// water factor is 附录D's 自来水, so this row repeats that row's number, source and mark.
const water = (): SeedFactor[] =>
  materials()
    .filter((m) => m.name === '自来水')
    .map((m) =>
      factor({
        ...m,
        type: '能源',
        smallType: '水',
        remarks: join('与附录D 建材「自来水」同一数值，用于施工用水等按用量计入建筑建造的行', m.remarks),
      }),
    );

function grid(): SeedFactor[] {
  let lastSource = '';
  return readSeedCsv(FACTOR_FILES.grid).map((r) => {
    // 'same' in the source column repeats the row above's source.
    const raw = str(r.source);
    const source = raw === '' || raw.toLowerCase() === 'same' ? lastSource : raw;
    lastSource = source;
    const verification = str(r.verification);
    return factor({
      type: '能源',
      smallType: '电力',
      name: str(r.region),
      spec: str(r.dataset),
      unit: 'kWh',
      materialCo: num(r.kgCO2_per_kWh),
      coUnit: 'kgCO2/kWh',
      source: source || '未注明来源',
      verification: markFor(verification),
      remarks: join(str(r.use_note), markNote(verification)),
    });
  });
}

const TRANSPORT_GROUP = (mode: string): string =>
  /船/.test(mode) ? '水路运输' : /机车|铁路/.test(mode) ? '铁路运输' : /车/.test(mode) ? '公路运输' : '其他运输';

function transport(): SeedFactor[] {
  return readSeedCsv(FACTOR_FILES.transport).map((r) => {
    const mode = str(r.mode_zh);
    const verification = str(r.verification);
    return factor({
      type: '运输',
      smallType: TRANSPORT_GROUP(mode),
      name: mode,
      spec: str(r.payload),
      unit: 't·km',
      materialCo: num(r.kgCO2e_per_t_km),
      coUnit: 'kgCO2e/(t·km)',
      source: 'GB/T 51366-2019 附录E',
      verification: markFor(verification),
      remarks: markNote(verification),
    });
  });
}

const PLANTING_SOURCES: Record<string, string> = {
  TW_greenery_CO2_fixation_div40: '台湾绿化量 CO2 固定量表（40 年值 ÷ 40 得年值），年值由已发表的天津办公建筑案例反推',
  TW_2020s_Gi_table1: '台湾《建築基地綠化設計技術規範》表1 Gi 值（与 40 年固定量表量级不同，两方案不得混用）',
};

function planting(): SeedFactor[] {
  return readSeedCsv(FACTOR_FILES.planting).map((r) => {
    const scheme = str(r.scheme);
    const verification = str(r.verification);
    const forty = str(r.kgCO2_per_m2_40yr);
    return factor({
      type: '碳汇',
      smallType: scheme,
      name: str(r.planting_type_zh),
      spec: '',
      unit: 'm²',
      materialCo: num(r.kgCO2_per_m2_per_year),
      coUnit: 'kgCO2/(m²·a)',
      source: PLANTING_SOURCES[scheme] ?? scheme,
      verification: markFor(verification),
      remarks: join(forty ? `40 年值 ${forty} kgCO2/m²` : '', str(r.notes), markNote(verification)),
    });
  });
}

function refrigerants(): SeedFactor[] {
  return readSeedCsv(FACTOR_FILES.refrigerants).map((r) => {
    const verification = str(r.verification);
    return factor({
      type: '制冷剂',
      smallType: 'GWP',
      name: str(r.refrigerant),
      spec: '',
      unit: 'kg',
      materialCo: num(r.GWP100_AR4),
      coUnit: 'kgCO2e/kg',
      source: 'IPCC AR4 100 年全球变暖潜势（GWP100）',
      verification: markFor(verification),
      remarks: join(str(r.notes), markNote(verification)),
    });
  });
}

/** Every seed row as first seeded (base) and with its details (full), in table order. */
export function seedFactorUpgrades(): FactorUpgrade[] {
  const densities = densityTable(readSeedCsv(DENSITY_FILE));
  const base = [
    ...materials(),
    ...supplement(),
    ...cnMaterials(),
    ...fuels(),
    ...water(),
    ...grid(),
    ...transport(),
    ...planting(),
    ...refrigerants(),
  ];
  return base.map((b) => {
    const { details, remarksNote } = detailsOf(b, densities);
    return { base: b, full: { ...b, ...details, remarks: clip(join(b.remarks, remarksNote), 500) } };
  });
}

/**
 * A materials file's rows beyond App. D as seeded (with their details), for databases seeded before it
 * (./materialUpgrade).
 */
export function seedSupplement(file: string = FACTOR_FILES.supplement): SeedFactor[] {
  const names = new Set(materialRows(file).map((f) => f.name));
  return loadSeedFactors().filter((f) => f.type === '建材' && names.has(f.name));
}

/**
 * Every seed factor row, in table order: materials (App. D, the supplement, the Chinese sources), fuels, water, grid
 * electricity, transport, sink, refrigerants.
 */
export function loadSeedFactors(): SeedFactor[] {
  return seedFactorUpgrades().map((u) => u.full);
}
