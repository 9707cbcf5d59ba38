// The material bill of one 20 000 m² reinforced-concrete frame office building (6 storeys over a basement) as three
// vendors' exports write it, for the coverage of the proposals that open preselected (coverage.test.ts):
//   1. GCCP 人材机汇总表 (.xlsx): 类别 column (材/主/商砼/设), 名称 and 规格型号 apart, labour, machines and energy too;
//   2. 斯维尔/宏业-style 工料机汇总表 (.xls): 名称及规格 in one column, section rows, units written 吨 / m³ / m²;
//   3. GB 50500-2013 表-21 承包人提供主要材料和工程设备一览表 (.xlsx): 名称、规格、型号 in one cell, major materials only.
// Quantities, per m² of floor area (indicative rates of such buildings, not from a source): concrete 0.40 m³/m²
// (8 000 m³: C30 6 400 for beams, slabs, columns and raft; C35 600 for the lower columns; C20 300 for 构造柱/圈梁;
// C15 300 for 垫层), rebar 50 kg/m² (1 000 t), sections and plates 2 kg/m² (40 t), AAC infill 0.11 m³/m², dry-mix
// mortars 0.18 t/m² (masonry 720 t, plaster 2 100 t, floor screed 720 t), windows 0.13 m²/m² (2 600 m² of
// thermal-break aluminium), roof XPS 3 300 m² × 50 mm, wall rock wool 4 200 m² × 80 mm.
// Each line says which library row (seed: GB/T 51366 附录D, supplementary_materials.csv, cn_materials.csv) is right
// for it, whether the line alone decides that row (and so must open preselected) and its estimate: the first
// proposal that converts, quantity × factor value, worked by hand in its comment. Bulk densities (t/m³) for a
// volume on a per-t factor are those of bulkDensity.csv (GB 50009-2012 附录A): 砂 1.7, 碎石 1.5, 砂浆 2.0,
// 岩棉 0.25, 聚苯乙烯泡沫 0.05, 玻璃 2.56; a brick's volume is its size (240×115×53 mm = 0.0014628 m³).
import { rcjSheet, type RcjCategory, type RcjLine } from './workbooks';
import { GB21_HEADER, GB_TITLE } from './gb50500';
import { col, round2, thousands, titleRows, xlsBook, xlsxBook } from './sheets';

export interface MixLine {
  category: RcjCategory;
  code: string;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  price: number;
  /** the library row (seed name) right for the line; null when the library has none or the line cannot tell which */
  factor: string | null;
  /** the line alone decides `factor`: its first proposal must open preselected (and nothing else may) */
  decided: boolean;
  /** kgCO2e of the first proposal that converts; 0 when none converts */
  kg: number;
  /** how 斯维尔/宏业 (sw) and 表-21 (gb) name the line where they differ: [name, spec, unit] */
  sw?: [string, string, string];
  gb?: [string, string, string];
  /** not in 表-21 (a minor material) */
  minor?: boolean;
}

const M = (
  category: RcjCategory,
  code: string,
  name: string,
  spec: string,
  unit: string,
  quantity: number,
  price: number,
  factor: string | null,
  decided: boolean,
  kg: number,
  more: Partial<MixLine> = {},
): MixLine => ({
  category,
  code,
  name,
  spec,
  unit,
  quantity,
  price,
  factor,
  decided,
  kg,
  ...more,
});

export const FRAME_MIX: readonly MixLine[] = [
  // 6 400 m³ × 295 (C30混凝土) = 1 888 000
  M('商砼', '80210013', '商品混凝土', 'C30', 'm3', 6400, 485, 'C30混凝土', true, 1888000, {
    sw: ['预拌混凝土', 'C30', 'm³'],
    gb: ['预拌混凝土', 'C30 泵送', 'm3'],
  }),
  // no C35 row: the nearer grade C30 is proposed first, not preselected; 600 × 295 = 177 000
  M('商砼', '80210015', '商品混凝土', 'C35', 'm3', 600, 505, null, false, 177000, {
    sw: ['预拌混凝土', 'C35', 'm³'],
    gb: ['预拌混凝土', 'C35 泵送', 'm3'],
  }),
  // C20, C15 likewise on C30: 300 × 295 = 88 500 each
  M('商砼', '80210009', '商品混凝土', 'C20', 'm3', 300, 455, null, false, 88500, { sw: ['预拌混凝土', 'C20', 'm³'] }),
  M('商砼', '80210003', '商品混凝土', 'C15', 'm3', 300, 430, null, false, 88500, { sw: ['预拌混凝土', 'C15', 'm³'] }),
  // rebar, 热轧碳钢钢筋 2 340 kgCO2e/t: 60 × 2 340 = 140 400; 180 × = 421 200; 220 × = 514 800; 480 × = 1 123 200; 60 × = 140
  // 400
  M('材', '01010101', '圆钢', 'HPB300 Φ8', 't', 60, 4050, '热轧碳钢钢筋', true, 140400, {
    sw: ['圆钢', 'HPB300 Φ8', '吨'],
    gb: ['热轧光圆钢筋', 'HPB300 Φ8', 't'],
  }),
  M('材', '01010163', '螺纹钢筋', 'HRB400E Φ10', 't', 180, 4150, '热轧碳钢钢筋', true, 421200, {
    sw: ['盘螺', 'HRB400E Φ10', '吨'],
    gb: ['热轧带肋钢筋', 'HRB400E Φ10', 't'],
  }),
  M('材', '01010165', '螺纹钢筋', 'HRB400E Φ12', 't', 220, 4120, '热轧碳钢钢筋', true, 514800, {
    sw: ['钢筋', 'HRB400E Φ12', '吨'],
    gb: ['热轧带肋钢筋', 'HRB400E Φ12', 't'],
  }),
  M('材', '01010169', '螺纹钢筋', 'HRB400E Φ20', 't', 480, 4080, '热轧碳钢钢筋', true, 1123200, {
    sw: ['钢筋', 'HRB400E Φ20', '吨'],
    gb: ['热轧带肋钢筋', 'HRB400E Φ20', 't'],
  }),
  M('材', '01010173', '螺纹钢筋', 'HRB400E Φ28', 't', 60, 4100, '热轧碳钢钢筋', true, 140400, {
    sw: ['钢筋', 'HRB400E Φ28', '吨'],
    gb: ['热轧带肋钢筋', 'HRB400E Φ28', 't'],
  }),
  // 20 t × 2 350 (热轧碳钢H钢) = 47 000
  M('材', '01150103', '热轧H型钢', 'HW200×200', 't', 20, 4300, '热轧碳钢H钢', true, 47000, {
    sw: ['H型钢', 'HW200×200×8×12', '吨'],
  }),
  // sections by size are 小/中/大型型钢: the name does not decide; the first proposal 热轧碳钢小型型钢 2 310:
  // 5 × 2 310 = 11 550; 8 × = 18 480; 4 × = 9 240
  M('材', '01130101', '工字钢', 'I20a', 't', 5, 4200, null, false, 11550, { minor: true }),
  M('材', '01110101', '角钢', 'L50×5', 't', 8, 4150, null, false, 18480, { minor: true }),
  M('材', '01120101', '槽钢', '[10', 't', 4, 4180, null, false, 9240, { minor: true }),
  // a plate's thickness does not decide 中厚板 here; first proposal 普通碳钢（市场平均） 2 050: 3 × 2 050 = 6 150
  M('材', '01290101', '钢板', 'δ10', 't', 3, 4500, null, false, 6150, { minor: true }),
  // 120 千块 × 0.0014628 m³ = 175.536 m³ × 292 (页岩实心砖) = 51 256.512
  M('材', '04130141', '页岩标准砖', '240×115×53', '千块', 120, 520, '页岩实心砖（240mm×115mm×53mm）', true, 51256.512, {
    sw: ['烧结页岩砖', '240×115×53', '千块'],
  }),
  // no perforated brick in the library: the solid bricks stand in, not preselected; the first, 烧结粉煤灰实心砖 134:
  // 80 千块 × 0.002484 m³ (240×115×90) = 198.72 m³ × 134 = 26 628.48
  M('材', '04130171', '烧结多孔砖', '240×115×90', '千块', 80, 680, null, false, 26628.48),
  // no aerated block in the library: no proposal, no estimate
  M('材', '04150101', '蒸压加气混凝土砌块', 'B06 600×240×200', 'm3', 2200, 260, null, false, 0, {
    sw: ['蒸压加气混凝土砌块', 'B06', 'm³'],
  }),
  // the library's one mortar, 水泥砂浆（1:4） 149 kgCO2e/t: 720 × 149 = 107 280; 2 100 × = 312 900; 720 × = 107 280
  M('材', '80010101', '干混砌筑砂浆', 'DM M5', 't', 720, 310, '水泥砂浆（1:4）', true, 107280, {
    sw: ['干混砌筑砂浆', 'DM M5', '吨'],
  }),
  M('材', '80010131', '干混抹灰砂浆', 'DP M15', 't', 2100, 330, '水泥砂浆（1:4）', true, 312900, {
    sw: ['干混抹灰砂浆', 'DP M15', '吨'],
  }),
  M('材', '80010151', '干混地面砂浆', 'DS M20', 't', 720, 340, '水泥砂浆（1:4）', true, 107280, {
    sw: ['干混地面砂浆', 'DS M20', '吨'],
  }),
  // 120 t × 735 (普通硅酸盐水泥（市场平均）) = 88 200
  M('材', '04010611', '普通硅酸盐水泥', 'P.O 42.5', 't', 120, 480, '普通硅酸盐水泥（市场平均）', true, 88200, {
    sw: ['水泥', 'P.O 42.5', '吨'],
    gb: ['水泥', 'P.O 42.5', 't'],
  }),
  // white cement is not ordinary portland cement: proposed, not preselected; 1.5 × 735 = 1 102.5
  M('材', '04010701', '白水泥', '', 't', 1.5, 900, null, false, 1102.5, { minor: true }),
  // 420 m³ × 1.7 t/m³ = 714 t × 2.51 (砂（f=1.6~3.0）) = 1 792.14
  M('材', '04030123', '中砂', '', 'm3', 420, 145, '砂（f=1.6~3.0）', true, 1792.14, { sw: ['砂子', '中砂', 'm³'] }),
  // 260 m³ × 1.5 t/m³ = 390 t × 2.18 (碎石（d=10~30mm）) = 850.2
  M('材', '04050207', '碎石', '5-40', 'm3', 260, 138, '碎石（d=10~30mm）', true, 850.2, { sw: ['碎石', '5-40', 'm³'] }),
  // the library's one coarse aggregate: 40 m³ × 1.5 = 60 t × 2.18 = 130.8
  M('材', '04050301', '卵石', '', 'm3', 40, 120, '碎石（d=10~30mm）', true, 130.8, { minor: true }),
  // 2 600 m² × 254 (断桥铝合金窗（100%原生铝型材）; the 7:3 recycled variant only when the bill says so) = 660 400
  M('主', '14010131', '断桥铝合金平开窗', '6+12A+6', 'm2', 2600, 680, '断桥铝合金窗（100%原生铝型材）', true, 660400, {
    sw: ['断桥铝合金平开窗', '6+12A+6', 'm²'],
  }),
  // 150 m² × 121 (塑钢窗) = 18 150
  M('主', '14020101', '塑钢推拉窗', '5+9A+5', 'm2', 150, 320, '塑钢窗', true, 18150, {
    sw: ['塑钢推拉窗', '5+9A+5', 'm²'],
  }),
  // 300 m² × 34.7 (中空玻璃（6+12A+6，仅计两片玻璃）) = 10 410
  M('主', '06050121', '中空玻璃', '6+12A+6', 'm2', 300, 160, '中空玻璃（6+12A+6，仅计两片玻璃）', true, 10410, {
    sw: ['中空玻璃', '6+12A+6', 'm²'],
  }),
  // 200 m² × 6 mm = 1.2 m³ × 2.56 t/m³ = 3.072 t × 1 130 (平板玻璃) = 3 471.36
  M('材', '06010105', '浮法玻璃', '6mm', 'm2', 200, 35, '平板玻璃', true, 3471.36, { sw: ['浮法玻璃', '6mm', 'm²'] }),
  // 3 300 m² × 50 mm = 165 m³ × 0.05 t/m³ = 8.25 t × 5 020 (聚苯乙烯泡沫板) = 41 415
  M('材', '11110121', '挤塑聚苯板', 'XPS 50mm', 'm3', 165, 680, '聚苯乙烯泡沫板', true, 41415, {
    sw: ['挤塑聚苯板', 'XPS B1级', 'm³'],
  }),
  // 4 200 m² × 80 mm = 336 m³ × 0.25 t/m³ = 84 t × 1 980 (岩棉板) = 166 320
  M('材', '11110311', '岩棉板', 'A级 80mm', 'm3', 336, 900, '岩棉板', true, 166320, { sw: ['岩棉板', 'A级', 'm³'] }),
  // the library has no factor for these (rolls, tiles, paint)
  M('材', '13310121', 'SBS改性沥青防水卷材', 'Ⅱ型 3mm', 'm2', 8500, 32, null, false, 0),
  M('材', '07010201', '陶瓷地砖', '600×600', 'm2', 9000, 55, null, false, 0),
  M('材', '13050101', '乳胶漆', '内墙', 'kg', 6000, 18, null, false, 0, { minor: true }),
  M('设', '37010121', '电梯', '曳引式 1.0m/s 7层7站', '台', 4, 285000, null, false, 0),
];

// the lines that carry no material carbon of their own (labour) or go to 建造 (machines, energy): written as the
// exports write them, so the readers pass or class them, never counted in the coverage
const OTHER: RcjLine[] = [
  {
    code: '00010101',
    category: '人',
    name: '综合工日',
    spec: '土建',
    unit: '工日',
    quantity: 52600,
    budgetPrice: 87.1,
    marketPrice: 128,
  },
  {
    code: '99050503',
    category: '机',
    name: '混凝土输送泵',
    spec: '输送量(m3/h) 60',
    unit: '台班',
    quantity: 120,
    budgetPrice: 1100,
    marketPrice: 1250,
  },
  {
    code: '99070905',
    category: '机',
    name: '塔式起重机',
    spec: '起重力矩 600kN·m',
    unit: '台班',
    quantity: 600,
    budgetPrice: 800,
    marketPrice: 920,
  },
  {
    code: '34110101',
    category: '材',
    name: '电',
    spec: '',
    unit: 'kWh',
    quantity: 410000,
    budgetPrice: 0.8,
    marketPrice: 0.85,
  },
  {
    code: '34000009',
    category: '材',
    name: '柴油',
    spec: '0#',
    unit: 'kg',
    quantity: 21000,
    budgetPrice: 7.2,
    marketPrice: 7.6,
  },
];

const asRcj = (l: MixLine): RcjLine => ({
  code: l.code,
  category: l.category,
  name: l.name,
  spec: l.spec,
  unit: l.unit,
  quantity: l.quantity,
  budgetPrice: round2(l.price * 0.9),
  marketPrice: l.price,
});

/** A vendor's line as it names it. */
export const lineIn = (l: MixLine, vendor: 'gccp' | 'sw' | 'gb'): { name: string; spec: string; unit: string } => {
  const alt = vendor === 'gccp' ? undefined : l[vendor];
  return alt
    ? { name: alt[0], spec: alt[1], unit: alt[2] }
    : {
        name: l.name,
        spec: l.spec,
        unit: vendor === 'sw' ? l.unit.replace(/^m3$/, 'm³').replace(/^m2$/, 'm²').replace(/^t$/, '吨') : l.unit,
      };
};

/** The lines of each vendor's bill (表-21 lists the major materials only). */
export const VENDOR_LINES = {
  gccp: FRAME_MIX,
  sw: FRAME_MIX,
  gb: FRAME_MIX.filter((l) => !l.minor),
} as const;

/** 1. GCCP 人材机汇总表, .xlsx: the layout-1 writer with this bill's lines. */
export const gccpFrameBill = () =>
  xlsxBook([rcjSheet([...OTHER.slice(0, 1), ...FRAME_MIX.map(asRcj), ...OTHER.slice(1)])]);

/** 2. 斯维尔/宏业-style 工料机汇总表, .xls: 名称及规格 in one cell, sections 一、人工 … in it, money per line. */
export function swFrameBill(): Promise<Buffer> {
  const header = ['序号', '编码', '名称及规格', '单位', '数量', '单价(元)', '合价(元)'];
  const { rows, merges } = titleRows('工料机汇总表', header.length);
  rows.push(header);
  const one = (no: number, code: string, name: string, spec: string, unit: string, q: number, price: number) => [
    no,
    code,
    [name, spec].filter(Boolean).join(' '),
    unit,
    q,
    price,
    round2(q * price),
  ];
  const sections: [string, unknown[][]][] = [
    [
      '一、人工',
      [one(1, OTHER[0].code, OTHER[0].name, OTHER[0].spec, OTHER[0].unit, OTHER[0].quantity!, OTHER[0].marketPrice)],
    ],
    [
      '二、材料',
      FRAME_MIX.map((l, i) => {
        const v = lineIn(l, 'sw');
        return one(i + 2, l.code, v.name, v.spec, v.unit, l.quantity, l.price);
      }),
    ],
    [
      '三、机械',
      OTHER.slice(1).map((l, i) =>
        one(FRAME_MIX.length + 2 + i, l.code, l.name, l.spec, l.unit, l.quantity!, l.marketPrice),
      ),
    ],
  ];
  for (const [title, lines] of sections) rows.push([null, null, title, null, null, null, null], ...lines);
  return xlsBook([{ name: '工料机汇总表', rows, merges, widths: [6, 12, 32, 8, 12, 10, 14] }]);
}

/** 3. GB 50500-2013 表-21, .xlsx: 名称、规格、型号 in one cell, the major materials, its 注 and label under it. */
export function gbFrameBill(): Promise<Buffer> {
  const width = GB21_HEADER.length;
  const { rows, merges } = titleRows(GB_TITLE, width, '（适用于造价信息差额调整法）');
  rows.push([...GB21_HEADER]);
  VENDOR_LINES.gb.forEach((l, i) => {
    const v = lineIn(l, 'gb');
    rows.push([
      i + 1,
      [v.name, v.spec].filter(Boolean).join(' '),
      v.unit,
      i % 3 ? l.quantity : thousands(l.quantity),
      5,
      round2(l.price * 0.9),
      l.price,
      null,
      null,
    ]);
  });
  rows.push(
    ['注：此表由招标人填写除“投标单价”栏的内容，投标人在投标时自主确定投标单价。', ...Array(width - 1).fill(null)],
    [...Array(width - 1).fill(null), '表-21'],
  );
  merges.push(`A${rows.length - 1}:${col(width - 1)}${rows.length - 1}`);
  return xlsxBook([{ name: '表-21', rows, merges, titleRows: [1, 2], headerRows: [4] }]);
}
