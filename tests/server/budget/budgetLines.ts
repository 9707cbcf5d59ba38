// The data lines of the generated budget workbooks (workbooks.ts), kept apart so a test computes the figures it
// expects from the same lines the workbook was written from. Names, codes, units and prices are as a 2020s
// GCCP export of an office building's 土建 part shows them; the quantities are made up but plausible.
import { round2 } from './sheets';

/** 类别 as GCCP writes it: 人工, 材料, 机械, 主材, 设备, 商品混凝土. */
export type RcjCategory = '人' | '材' | '机' | '主' | '设' | '商砼';

export interface RcjLine {
  code: string;
  category: RcjCategory;
  name: string;
  spec: string;
  unit: string;
  /** null: the 数量 cell is left empty. */
  quantity: number | null;
  /** 不含税预算价 and 不含税市场价, yuan. */
  budgetPrice: number;
  marketPrice: number;
  /** 数量 and 合计 written as text with thousands separators ('18,652.30'), as some exports do. */
  asText?: boolean;
}

/** 不含税市场价合计 of a line as the export writes it: 数量 × 市场价 to the fen; nothing when 数量 is empty. */
export function rcjAmount(l: RcjLine): number | null {
  return l.quantity === null ? null : round2(l.quantity * l.marketPrice);
}

/** The 合计 of a set of lines, as the last row of the table shows it. */
export function rcjTotal(lines: readonly RcjLine[]): number {
  return round2(lines.reduce((s, l) => s + (rcjAmount(l) ?? 0), 0));
}

const L = (
  code: string,
  category: RcjCategory,
  name: string,
  spec: string,
  unit: string,
  quantity: number | null,
  budgetPrice: number,
  marketPrice: number,
  asText = false,
): RcjLine => ({ code, category, name, spec, unit, quantity, budgetPrice, marketPrice, ...(asText ? { asText } : {}) });

/** 人材机汇总表 (layout 1), in the table's order: 人工, 材料 (材/主/商砼), 机械, 设备. */
export const RCJ_LINES: readonly RcjLine[] = [
  L('00010101', '人', '综合工日', '土建', '工日', 1856.42, 87.1, 128),
  L('00010102', '人', '综合工日', '装饰', '工日', 642.18, 96, 145),
  L('80210013', '商砼', '商品混凝土', 'C30', 'm3', 1284.36, 420, 485, true),
  L('80210003', '商砼', '商品混凝土', 'C15', 'm3', 96.52, 360, 430),
  L('01010165', '材', '螺纹钢筋', 'HRB400 Φ12', 't', 86.245, 3650, 4120),
  L('01010101', '材', '圆钢', 'HPB300 Φ8', 't', 12.318, 3550, 4050),
  L('04130141', '材', '标准砖', '240×115×53', '千块', 142.65, 380, 520),
  L('04010611', '材', '水泥', 'P.O 42.5', 't', 58.734, 320, 480),
  L('04030123', '材', '中砂', '', 'm3', 186.42, 87, 145),
  L('04050207', '材', '碎石', '5-40', 'm3', 52.18, 82, 138),
  L('80010123', '材', '预拌砂浆', 'M7.5', 'm3', 112.36, 280, 420),
  L('11010311', '主', '铝合金型材', '', 'kg', 4256.8, 18.5, 22.8, true),
  L('06010105', '主', '平板玻璃', '6mm', 'm2', 628.45, 28, 35),
  L('10030305', '主', '陶瓷地砖', '600×600', 'm2', 1856.3, 42, 55),
  L('34110103', '材', '电', '', 'kW·h', 18652.3, 0.75, 0.89, true),
  L('14030103', '材', '柴油', '0#', 'kg', 2356.4, 6.8, 7.2, true),
  L('14030101', '材', '汽油', '92#', 'kg', 0, 7.5, 8.3),
  L('34110117', '材', '水', '', 'm3', 3864.25, 4.2, 5.6, true),
  L('14070101', '材', '天然气', '', 'm3', null, 3.2, 3.8),
  // the same 水泥 under a second code: GCCP adds @1 when one material is priced twice; a reader merges them
  L('04010611@1', '材', '水泥', 'P.O 42.5', 't', 12.406, 320, 480),
  // 卷 has no mass or volume a factor in kg or m3 could take
  L('13330105', '材', '防水卷材', 'SBS Ⅱ PY 3mm', '卷', 86, 380, 420),
  L('03010215', '材', '镀锌铁丝', 'Φ0.7', 'kg', 185.6, 5.2, 6.1),
  L('02090101', '材', '塑料薄膜', '', 'm2', 1426.3, 0.8, 0.9),
  L('05030107', '材', '板枋材', '', 'm3', 18.65, 1800, 2150),
  L('35010101', '材', '复合模板', '', 'm2', 2154.2, 35, 42),
  L('01290313', '材', '钢板', 'δ3-10', 't', 2.845, 3800, 4350),
  L('12010103', '材', '乳胶漆', '', 'kg', 856.4, 12.5, 16),
  L('11090105', '材', '挤塑聚苯板', 'XPS 50mm', 'm3', 162.73, 420, 520),
  L('03050105', '材', '膨胀螺栓', 'M8×80', '套', 4520, 0.45, 0.6),
  L('14350201', '材', '其他材料费', '', '元', 12856.3, 1, 1),
  L('990101015', '机', '履带式单斗液压挖掘机', '1m3', '台班', 18.56, 1150, 1280),
  L('990401025', '机', '载重汽车', '6t', '台班', 24.38, 460, 520),
  L('990402035', '机', '自卸汽车', '15t', '台班', 36.72, 850, 920),
  L('990304020', '机', '汽车式起重机', '20t', '台班', 8.45, 1320, 1450),
  L('990602020', '机', '混凝土振捣器(插入式)', '', '台班', 156.34, 12, 14),
  L('990706010', '机', '木工圆锯机', '直径500mm', '台班', 28.64, 28, 30),
  L('990610010', '机', '灰浆搅拌机', '200L', '台班', 32.18, 185, 196),
  L('990120030', '机', '钢筋切断机', '直径40mm', '台班', 12.56, 42, 45),
  L('990124020', '机', '钢筋弯曲机', '直径40mm', '台班', 22.38, 25, 27),
  L('03BD0001', '设', '电梯', '曳引式 1.0m/s 13层', '台', 2, 285000, 298000, true),
];

/** Where the awkward lines of RCJ_LINES are, by name, for tests that look at one of them. */
export const RCJ_SPECIAL = {
  zeroQuantity: '汽油',
  emptyQuantity: '天然气',
  duplicate: { name: '水泥', spec: 'P.O 42.5', unit: 't' },
  unconvertibleUnit: { name: '防水卷材', unit: '卷' },
  equipment: '电梯',
} as const;

/** A deterministic pseudo-random source (mulberry32), so every bigRcj(n) is the same file's lines. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * n lines of the RCJ_LINES shape for a benchmark: the catalogue repeated, each repeat a distinct material
 * (code@k, spec '-k'), quantities drawn deterministically; empty and zero quantities stay so.
 */
export function bigRcjLines(n: number): RcjLine[] {
  const next = random(26);
  return Array.from({ length: n }, (_, i) => {
    const base = RCJ_LINES[i % RCJ_LINES.length];
    const k = Math.floor(i / RCJ_LINES.length);
    const quantity = base.quantity ? Math.round(base.quantity * (0.2 + 1.6 * next()) * 1000) / 1000 : base.quantity;
    if (k === 0) return { ...base, quantity };
    return { ...base, code: `${base.code}@${k + 1}`, spec: base.spec ? `${base.spec}-${k}` : `规格${k}`, quantity };
  });
}

/** 材料汇总表 (layout 3): 定额消耗量 is the quota's figure, 总消耗量 adds the site loss — the one a reader takes. */
export interface MaterialLine {
  name: string;
  spec: string;
  unit: string;
  quotaQuantity: number;
  totalQuantity: number;
  price: number;
  /** 总消耗量 and 金额 written as text with thousands separators. */
  asText?: boolean;
}

export const MATERIAL_LINES: readonly MaterialLine[] = [
  {
    name: '商品混凝土',
    spec: 'C30',
    unit: 'm3',
    quotaQuantity: 1271.64,
    totalQuantity: 1284.36,
    price: 485,
    asText: true,
  },
  { name: '商品混凝土', spec: 'C15', unit: 'm3', quotaQuantity: 95.56, totalQuantity: 96.52, price: 430 },
  { name: '螺纹钢筋', spec: 'HRB400 Φ12', unit: 't', quotaQuantity: 84.554, totalQuantity: 86.245, price: 4120 },
  { name: '圆钢', spec: 'HPB300 Φ8', unit: 't', quotaQuantity: 12.077, totalQuantity: 12.318, price: 4050 },
  { name: '标准砖', spec: '240×115×53', unit: '千块', quotaQuantity: 140.54, totalQuantity: 142.65, price: 520 },
  { name: '水泥', spec: 'P.O 42.5', unit: 't', quotaQuantity: 57.583, totalQuantity: 58.734, price: 480 },
  { name: '中砂', spec: '', unit: 'm3', quotaQuantity: 180.99, totalQuantity: 186.42, price: 145 },
  { name: '碎石', spec: '5-40', unit: 'm3', quotaQuantity: 51.16, totalQuantity: 52.18, price: 138 },
  { name: '预拌砂浆', spec: 'M7.5', unit: 'm3', quotaQuantity: 110.16, totalQuantity: 112.36, price: 420 },
  {
    name: '铝合金型材',
    spec: '',
    unit: 'kg',
    quotaQuantity: 4173.33,
    totalQuantity: 4256.8,
    price: 22.8,
    asText: true,
  },
  { name: '平板玻璃', spec: '6mm', unit: 'm2', quotaQuantity: 610.15, totalQuantity: 628.45, price: 35 },
  { name: '防水卷材', spec: 'SBS Ⅱ PY 3mm', unit: '卷', quotaQuantity: 84.31, totalQuantity: 86, price: 420 },
  { name: '镀锌铁丝', spec: 'Φ0.7', unit: 'kg', quotaQuantity: 181.96, totalQuantity: 185.6, price: 6.1 },
  { name: '复合模板', spec: '', unit: 'm2', quotaQuantity: 2111.96, totalQuantity: 2154.2, price: 42, asText: true },
  { name: '陶瓷地砖', spec: '600×600', unit: 'm2', quotaQuantity: 1801.26, totalQuantity: 1856.3, price: 55 },
];

export function materialAmount(l: MaterialLine): number {
  return round2(l.totalQuantity * l.price);
}
