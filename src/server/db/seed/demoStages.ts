// Stage data of the demo buildings: realistic quantities for a 32 000 m² office, an 18 600 m² apartment block,
// a 12 500 m² school and a 9 800 m² commercial centre (material quantities per m² in the usual ranges: concrete
// ≈ 0.4 m³/m², reinforcement ≈ 60–75 kg/m²). Factors come from the seeded library by name, as a user would pick
// them; a row with `factorValue` instead is the user's own value and says so in its source.
export interface DemoRow {
  /** a library factor: [type, name, spec?] */
  factor?: [string, string, string?];
  /** a transport row's material (its density and default distance come with it) */
  material?: [string, string, string?];
  [field: string]: unknown;
}

export type DemoStages = Record<string, DemoRow[]>;

const C30: [string, string] = ['建材', 'C30混凝土'];
const REBAR: [string, string] = ['建材', '热轧碳钢钢筋'];
const TRUCK10: [string, string, string] = ['运输', '重型柴油货车运输', '10t'];
const TRUCK18: [string, string, string] = ['运输', '重型柴油货车运输', '18t'];
const DIESEL: [string, string] = ['能源', '柴油'];
const OWN = '演示数据：用户填写的示例值，非标准值';

const materials = (concrete: number, rebar: number, extra: DemoRow[]): DemoRow[] => [
  { materialName: 'C30混凝土', unit: 'm3', quantity: concrete, density: 2.4, factor: C30 },
  { materialName: '热轧碳钢钢筋', unit: 't', quantity: rebar, density: 1, factor: REBAR },
  ...extra,
];

// concrete from the library material: its 40 km default distance applies (recorded as 默认值)
const transport = (concrete: number, rebar: number): DemoRow[] => [
  { materialName: 'C30混凝土', unit: 'm3', quantity: concrete, density: 2.4, material: C30, factor: TRUCK10 },
  { materialName: '热轧碳钢钢筋', unit: 't', quantity: rebar, material: REBAR, factor: TRUCK18, distance: 300 },
];

// electricity on the building's grid factor
const runtimeParts = (list: [string, string, number][]): DemoRow[] =>
  list.map(([part, name, annualQuantity]) => ({ method: 'systems', part, name, energy: 'electricity', unit: 'kWh', annualQuantity }));

/** By demo building code. */
export const DEMO_STAGES: Record<string, DemoStages> = {
  'DEMO-A1': {
    produce: materials(13500, 2300, [
      { materialName: '断桥铝合金窗（原生铝:再生铝=7:3）', unit: 'm2', quantity: 6400, factor: ['建材', '断桥铝合金窗（原生铝:再生铝=7:3）'] },
      { materialName: '岩棉板', unit: 't', quantity: 95, density: 1, factor: ['建材', '岩棉板'] },
      { materialName: '页岩空心砖（240mm×115mm×53mm）', unit: 'm3', quantity: 3800, density: 1.1, factor: ['建材', '页岩空心砖（240mm×115mm×53mm）'] },
    ]),
    trans: transport(13500, 2300),
    build: [
      { method: 'energy', name: '施工用电', energy: 'electricity', unit: 'kWh', quantity: 1_100_000, factor: ['能源', '江苏', 'MEE_NBS_2023_province'] },
      { method: 'energy', name: '施工机械柴油', energy: 'diesel', unit: 'kg', quantity: 85_000, factor: DIESEL },
    ],
    remove: [{ method: 'ratio', name: '按建造碳排放比例', ratio: 10 }],
    runtime: runtimeParts([
      ['airCool', '冷水机组及水泵', 780_000],
      ['airHot', '热泵供暖', 420_000],
      ['light', '照明', 350_000],
      ['elevator', '电梯', 96_000],
      ['hotWater', '生活热水', 60_000],
      ['app', '办公设备', 300_000],
      ['pv', '屋面光伏', 120_000],
    ]),
    green: [
      { method: 'planting', name: '阔叶大乔木', area: 1800, factor: ['碳汇', '阔叶大乔木（土深>1.0m）'] },
      { method: 'planting', name: '草坪', area: 3000, factor: ['碳汇', '草花花圃、自然野草地、草坪、水生植物（土深>0.3m）'] },
    ],
  },
  'DEMO-B2': {
    produce: materials(7600, 1050, [
      { materialName: '页岩空心砖（240mm×115mm×53mm）', unit: 'm3', quantity: 2900, density: 1.1, factor: ['建材', '页岩空心砖（240mm×115mm×53mm）'] },
      { materialName: '塑钢窗', unit: 'm2', quantity: 3700, factor: ['建材', '塑钢窗'] },
    ]),
    runtime: runtimeParts([
      ['airCool', '分体空调', 260_000],
      ['airHot', '分体空调供暖', 180_000],
      ['hotWater', '电热水器', 150_000],
      ['light', '公共照明', 120_000],
      ['elevator', '电梯', 40_000],
      ['app', '户内电器', 240_000],
    ]),
    waste: [{ name: '施工及拆除建筑垃圾', treatment: '填埋', quantity: 1200, factorValue: 2.5, factorUnit: 'kgCO2e/t', factorSource: OWN }],
    green: [{ method: 'planting', name: '草坪', area: 2500, factor: ['碳汇', '草花花圃、自然野草地、草坪、水生植物（土深>0.3m）'] }],
  },
  'DEMO-C3': {
    supplement: [{ actualArea: 12500, completionDate: '2025-08-30', operationDate: '2025-09-01', operatingYears: 1, accountingOrg: '演示集团建筑设计研究院', boundary: '建造及交付阶段：建材生产、运输与施工现场能耗' }],
    produce: materials(5200, 780, [
      { materialName: '混凝土砖（240mm×115mm×90mm）', unit: 'm3', quantity: 1400, density: 1.9, factor: ['建材', '混凝土砖（240mm×115mm×90mm）'] },
    ]),
    trans: transport(5200, 780),
    build: [
      { method: 'energy', name: '施工用电', energy: 'electricity', unit: 'kWh', quantity: 420_000, factor: ['能源', '江苏', 'MEE_NBS_2023_province'] },
      { method: 'energy', name: '施工机械柴油', energy: 'diesel', unit: 'kg', quantity: 31_000, factor: DIESEL },
    ],
    runtime: [{ method: 'metered', part: 'app', name: '年度电表读数', energy: 'electricity', quality: 'metered', unit: 'kWh', annualQuantity: 690_000, operatingYears: 1 }],
    voucher: [
      { name: '商品混凝土供货发票', voucherType: '发票', voucherNo: 'FP-2025-0318', voucherDate: '2025-03-18', stage: '建材生产' },
      { name: '施工用电电费结算单', voucherType: '计量记录', voucherNo: 'DF-2025-08', voucherDate: '2025-08-31', stage: '建筑建造' },
    ],
  },
  'DEMO-D4': {
    produce: materials(4100, 640, [
      { materialName: '平板玻璃', unit: 't', quantity: 60, density: 1, factor: ['建材', '平板玻璃'] },
    ]),
    trans: transport(4100, 640),
    build: [{ method: 'energy', name: '施工用电', energy: 'electricity', unit: 'kWh', quantity: 330_000, factor: ['能源', '江苏', 'MEE_NBS_2023_province'] }],
    runtime: runtimeParts([
      ['airCool', '多联机制冷', 310_000],
      ['airHot', '多联机制热', 150_000],
      ['light', '商业照明', 260_000],
      ['elevator', '扶梯及电梯', 70_000],
    ]),
  },
};

/** Calculation methods the demo buildings use where not the stage's default (C3 counts metered energy). */
export const DEMO_METHODS: Record<string, Record<string, string>> = {
  'DEMO-C3': { runtime: 'metered' },
};
