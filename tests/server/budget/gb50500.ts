// The two forms of GB 50500-2013《建设工程工程量清单计价规范》for the materials a contractor supplies, as bid
// documents carry them: 表-21 (造价信息差额调整法, with quantities — a reader takes its lines) and 表-22 (价格指数
// 差额调整法, weights and price indices only — no 数量, so a reader refuses it). Name and spec share one cell
// ('名称、规格、型号'); each form ends with its 注 and its 表-NN label.
import { col, thousands, titleRows, xlsxBook } from './sheets';

export const GB_TITLE = '承包人提供主要材料和工程设备一览表';

export interface Gb21Line {
  /** 名称、规格、型号 in one cell, name first. */
  nameSpec: string;
  unit: string;
  quantity: number;
  /** 风险系数(%): mostly a number, sometimes text such as '≤5'. */
  risk: number | string;
  basePrice: number;
  bidPrice: number;
  /** 发承包人确认单价: empty at bid time. */
  confirmedPrice: number | null;
  remark: string | null;
  asText?: boolean;
}

const G = (
  nameSpec: string,
  unit: string,
  quantity: number,
  risk: number | string,
  basePrice: number,
  bidPrice: number,
  extra: Partial<Gb21Line> = {},
): Gb21Line => ({
  nameSpec,
  unit,
  quantity,
  risk,
  basePrice,
  bidPrice,
  confirmedPrice: null,
  remark: null,
  ...extra,
});

export const GB21_LINES: readonly Gb21Line[] = [
  G('商品混凝土 C30', 'm3', 1284.36, 5, 420, 485, { asText: true }),
  G('商品混凝土 C15', 'm3', 96.52, 5, 360, 430),
  G('螺纹钢筋 HRB400 Φ12', 't', 86.245, 5, 3650, 4120, { confirmedPrice: 4080 }),
  G('圆钢 HPB300 Φ8', 't', 12.318, 5, 3550, 4050, { confirmedPrice: 4000 }),
  G('标准砖 240×115×53', '千块', 142.65, '≤5', 380, 520),
  G('水泥 P.O 42.5', 't', 71.14, 5, 320, 480),
  G('预拌砂浆 M7.5', 'm3', 112.36, 5, 280, 420, { remark: '含运费' }),
  G('铝合金型材', 'kg', 4256.8, 5, 18.5, 22.8, { asText: true }),
  G('平板玻璃 6mm', 'm2', 628.45, 5, 28, 35),
  G('电梯 曳引式 1.0m/s 13层', '台', 2, 3, 285000, 298000, { remark: '工程设备' }),
];

export const GB21_HEADER = [
  '序号',
  '名称、规格、型号',
  '单位',
  '数量',
  '风险系数(%)',
  '基准单价(元)',
  '投标单价(元)',
  '发承包人确认单价(元)',
  '备注',
];
export const GB21_NOTE =
  '注：1.此表由招标人填写除“投标单价”栏的内容，投标人在投标时自主确定投标单价。\n' +
  '2.招标人应优先采用工程造价管理机构发布的单价作为基准单价，未发布的，通过市场调查确定其基准单价。';

/** Row (1-based) of the header in both forms: title, subtitle, 工程名称 line, header. */
export const GB_HEADER_ROW = 4;

/** The form's 注 merged across the table, then its label in the last column, as printed under the table. */
function footer(note: string, label: string, width: number, from: number): { rows: unknown[][]; merges: string[] } {
  const last = col(width - 1);
  return {
    rows: [
      [note, ...Array(width - 1).fill(null)],
      [...Array(width - 1).fill(null), label],
    ],
    merges: [`A${from}:${last}${from}`],
  };
}

/** Layout 4, .xlsx: 表-21 of GB21_LINES. */
export function gb50500Table21(): Promise<Buffer> {
  const width = GB21_HEADER.length;
  const { rows, merges } = titleRows(GB_TITLE, width, '（适用于造价信息差额调整法）');
  rows.push([...GB21_HEADER]);
  GB21_LINES.forEach((l, i) => {
    const quantity = l.asText ? thousands(l.quantity) : l.quantity;
    rows.push([i + 1, l.nameSpec, l.unit, quantity, l.risk, l.basePrice, l.bidPrice, l.confirmedPrice, l.remark]);
  });
  const foot = footer(GB21_NOTE, '表-21', width, rows.length + 1);
  rows.push(...foot.rows);
  merges.push(...foot.merges);
  return xlsxBook([
    {
      name: '表-21',
      rows,
      merges,
      titleRows: [1],
      headerRows: [GB_HEADER_ROW],
      widths: [6, 26, 8, 12, 10, 12, 12, 14, 10],
      numFmts: { 3: '0.000', 5: '0.00', 6: '0.00', 7: '0.00' },
    },
  ]);
}

export interface Gb22Line {
  nameSpec: string;
  /** 变值权重B */
  weight: number;
  /** 基本价格指数F0 and 现行价格指数Ft: an index ('110%') or a price standing in for it (4000 for 元/t). */
  f0: number | string;
  ft: number | string | null;
  remark: string | null;
}

export const GB22_LINES: readonly Gb22Line[] = [
  { nameSpec: '人工费', weight: 0.18, f0: '110%', ft: '121%', remark: null },
  { nameSpec: '钢材 HRB400', weight: 0.11, f0: 4000, ft: 4320, remark: '元/t' },
  { nameSpec: '预拌混凝土 C30', weight: 0.16, f0: 340, ft: 353, remark: '元/m3' },
  { nameSpec: '页岩砖 MU10', weight: 0.05, f0: 300, ft: 318, remark: '元/千块' },
  { nameSpec: '机械费', weight: 0.08, f0: '100%', ft: '100%', remark: null },
];

export const GB22_HEADER = ['序号', '名称、规格、型号', '变值权重B', '基本价格指数F0', '现行价格指数Ft', '备注'];
export const GB22_NOTE =
  '注：1.“名称、规格、型号”、“基本价格指数”栏由招标人填写，基本价格指数应首先采用工程造价管理机构发布的价格指数，没有时，可采用发布的价格代替。如人工、机械费也采用本法调整，由招标人在“名称”栏填写。\n' +
  '2.“变值权重”栏由投标人根据该项人工、机械费和材料设备价值在投标总报价中所占的比例填写，1减去其比例为定值权重。\n' +
  '3.“现行价格指数”按约定的付款证书相关周期最后一天的前42天的各项价格指数填写，该指数应首先采用工程造价管理机构发布的价格指数，没有时，可采用发布的价格代替。';

/** Layout 5, .xlsx: 表-22 of GB22_LINES, then 定值权重A (1 − ΣB) and 合计 1 — no quantity anywhere. */
export function gb50500Table22(): Promise<Buffer> {
  const width = GB22_HEADER.length;
  const { rows, merges } = titleRows(GB_TITLE, width, '（适用于价格指数差额调整法）');
  rows.push([...GB22_HEADER]);
  GB22_LINES.forEach((l, i) => rows.push([i + 1, l.nameSpec, l.weight, l.f0, l.ft, l.remark]));
  const fixed = Math.round((1 - GB22_LINES.reduce((s, l) => s + l.weight, 0)) * 100) / 100;
  rows.push([null, '定值权重A', fixed, null, null, null], [null, '合计', 1, null, null, null]);
  const foot = footer(GB22_NOTE, '表-22', width, rows.length + 1);
  rows.push(...foot.rows);
  merges.push(...foot.merges);
  return xlsxBook([
    { name: '表-22', rows, merges, titleRows: [1], headerRows: [GB_HEADER_ROW], widths: [6, 26, 12, 16, 16, 12] },
  ]);
}
