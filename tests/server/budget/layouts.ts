// Layouts a cost engineer meets beyond the ones workbooks.ts writes: a GB 50500-2008 表-21-style 主要材料价格表 whose
// specification column is titled 规格、型号等特殊要求; a sheet whose grades sit in a column of a title no tool uses; a
// GCCP-style 人材机汇总表 printed over two pages (title block and header repeated at the break, section rows in the
// 序号 column, 其中：甲供材料, a 注 in numbered lines); a header under 39 lines of 编制说明; a machine sheet counting
// 台班数量; one sand written in m3, 立方米 and 立方. Each generator exports the lines it wrote, so a test works its
// figures from them.
import { col, titleRows, xlsBook, xlsxBook, PROJECT_LINE, type SheetSpec } from './sheets';

/** A title block as it opens page `page` of `pages`, written from row `at` (1-based): merges moved there too. */
function pageBlock(
  title: string,
  width: number,
  page: number,
  pages: number,
  at: number,
): { rows: unknown[][]; merges: string[] } {
  const { rows, merges } = titleRows(title, width);
  const pageText = `第 ${page} 页 共 ${pages} 页`;
  const moved = merges.map((m) => m.replace(/\d+/g, (r) => String(Number(r) + at - 1)));
  return { rows: rows.map((r) => r.map((v) => (v === PROJECT_LINE.page ? pageText : v))), merges: moved };
}

/** One text merged across the table's width at row `at` (a section row, a 合计 label, a note line). */
const across = (text: string, width: number, at: number) => ({
  row: [text, ...Array<unknown>(width - 1).fill(null)],
  merge: `A${at}:${col(width - 1)}${at}`,
});

export interface SpecLine {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
}

/** 预拌混凝土 C30 and C50, HRB400 Φ12 and Φ25: two grades of one name each, quantities made up. */
export const GB2008_LINES: readonly SpecLine[] = [
  { name: '预拌混凝土', spec: 'C30', unit: 'm3', quantity: 100 },
  { name: '预拌混凝土', spec: 'C50', unit: 'm3', quantity: 50 },
  { name: '热轧带肋钢筋', spec: 'HRB400 Φ12', unit: 't', quantity: 18.6 },
  { name: '热轧带肋钢筋', spec: 'HRB400 Φ25', unit: 't', quantity: 42.35 },
];

export const GB2008_HEADER = [
  '序号',
  '材料编码',
  '材料名称',
  '规格、型号等特殊要求',
  '单位',
  '数量',
  '单价（元）',
  '合价（元）',
];

/** A GB 50500-2008 表-21-style 主要材料价格表: title, 工程名称 line, header, the lines, 表-21 under the table. */
export function gb2008Materials(): Promise<Buffer> {
  const width = GB2008_HEADER.length;
  const { rows, merges } = titleRows('主要材料价格表', width);
  rows.push([...GB2008_HEADER]);
  const prices = [465, 540, 4120, 4050];
  GB2008_LINES.forEach((l, i) =>
    rows.push([
      i + 1,
      `0${i + 1}0101`,
      l.name,
      l.spec,
      l.unit,
      l.quantity,
      prices[i],
      Math.round(l.quantity * prices[i] * 100) / 100,
    ]),
  );
  rows.push([...Array<unknown>(width - 1).fill(null), '表-21']);
  return xlsxBook([
    { name: '主要材料价格表', rows, merges, titleRows: [1], headerRows: [rows.length - GB2008_LINES.length - 1] },
  ]);
}

/** Grades in a column titled 参数 (no tool's word for a specification), a third line repeating C30. */
export const GRADE_LINES: readonly SpecLine[] = [
  { name: '预拌混凝土', spec: 'C30', unit: 'm3', quantity: 100 },
  { name: '预拌混凝土', spec: 'C50', unit: 'm3', quantity: 50 },
  { name: '预拌混凝土', spec: 'C30', unit: 'm³', quantity: 20 },
];

export const GRADE_SHEET = '人材机汇总表';

/** 序号 | 名称 | 参数 | 单位 | 数量 | 市场价: the grades in 参数 (column C). */
export function unreadGrades(): Promise<Buffer> {
  const rows: unknown[][] = [['序号', '名称', '参数', '单位', '数量', '市场价']];
  GRADE_LINES.forEach((l, i) => rows.push([i + 1, l.name, l.spec, l.unit, l.quantity, 480]));
  return xlsxBook([{ name: GRADE_SHEET, rows }]);
}

export const GCCP_HEADER = [
  '序号',
  '编码',
  '类别',
  '名称',
  '规格型号',
  '单位',
  '数量',
  '不含税预算价',
  '不含税市场价',
  '不含税市场价合计',
];

export interface PagedLine extends SpecLine {
  code: string;
  category: string;
}

const P = (code: string, category: string, name: string, spec: string, unit: string, quantity: number): PagedLine => ({
  code,
  category,
  name,
  spec,
  unit,
  quantity,
});

/** Page 1: 一、人工, 二、材料 with 其中：甲供材料 before 水泥; page 2: the last material, 三、机械. */
export const PAGED_LINES = {
  labour: [P('00010101', '人', '综合工日', '土建', '工日', 1856.42)],
  materials: [
    P('80210013', '商砼', '商品混凝土', 'C30', 'm3', 1284.36),
    P('01010165', '材', '螺纹钢筋', 'HRB400 Φ12', 't', 86.245),
  ],
  supplied: [P('04010611', '材', '水泥', 'P.O 42.5', 't', 58.734), P('04030123', '材', '中砂', '', 'm3', 186.42)],
  page2: [P('04130141', '材', '标准砖', '240×115×53', '千块', 142.65)],
  machines: [
    P('990101015', '机', '履带式单斗液压挖掘机', '斗容量1m3', '台班', 12.5),
    P('990401025', '机', '载重汽车', '装载质量6t', '台班', 24.38),
  ],
} as const;

/**
 * The GCCP 人材机汇总表 over two printed pages: rows 1–3 title, 工程名称 … 第 1 页 共 2 页, header; 一、人工 and 二、材料
 * in 序号 alone; 其中：甲供材料 merged across; at the break (rows 12–14) the title, 第 2 页 共 2 页 and the header
 * again; 三、机械 in 序号; 合计 merged over 序号…单位; a 注 of two numbered lines, each merged across. Written as .xls
 * when `xls`.
 */
export function gccpPaged(xls = false): Promise<Buffer> {
  const width = GCCP_HEADER.length;
  const first = pageBlock('人材机汇总表', width, 1, 2, 1);
  const rows: unknown[][] = [...first.rows, [...GCCP_HEADER]];
  const merges = [...first.merges];
  let no = 0;
  const line = (l: PagedLine) =>
    rows.push([
      ++no,
      l.code,
      l.category,
      l.name,
      l.spec || null,
      l.unit,
      l.quantity,
      100,
      120,
      Math.round(l.quantity * 12000) / 100,
    ]);
  const inSeq = (text: string) => rows.push([text, ...Array<unknown>(width - 1).fill(null)]);
  const merged = (text: string) => {
    const a = across(text, width, rows.length + 1);
    rows.push(a.row);
    merges.push(a.merge);
  };
  inSeq('一、人工');
  PAGED_LINES.labour.forEach(line);
  inSeq('二、材料');
  PAGED_LINES.materials.forEach(line);
  merged('其中：甲供材料');
  PAGED_LINES.supplied.forEach(line);
  const second = pageBlock('人材机汇总表', width, 2, 2, rows.length + 1);
  rows.push(...second.rows, [...GCCP_HEADER]);
  merges.push(...second.merges);
  PAGED_LINES.page2.forEach(line);
  inSeq('三、机械');
  PAGED_LINES.machines.forEach(line);
  rows.push(['合计', null, null, null, null, null, null, null, null, 99999.99]);
  merges.push(`A${rows.length}:F${rows.length}`);
  merged('注：1. 本表数量已含定额规定的损耗。');
  merged('2. 甲供材料按合同约定的价格结算，不计入投标总价。');
  const sheet: SheetSpec = { name: '人材机汇总表', rows, merges, titleRows: [1, 12], headerRows: [3, 14] };
  return xls ? xlsBook([sheet]) : xlsxBook([sheet]);
}

/** The row (1-based) the header sits on under the 编制说明. */
export const LOW_HEADER_ROW = 40;

/** 39 lines of 编制说明 (one text each), then the header on row 40 and two lines. */
export function lowHeader(): Promise<Buffer> {
  const rows: unknown[][] = [['编制说明']];
  for (let i = 1; i < LOW_HEADER_ROW - 1; i++) rows.push([`${i}. 本预算依据施工图及现行计价规定编制（第 ${i} 条）。`]);
  rows.push(['序号', '材料名称', '规格型号', '单位', '数量']);
  rows.push([1, '商品混凝土', 'C30', 'm3', 860], [2, '中砂', null, 'm3', 120.4]);
  return xlsxBook([{ name: '材料汇总', rows }]);
}

/** 机械台班 lines, each with its 台班数量. */
export const SHIFT_LINES: readonly SpecLine[] = [
  { name: '履带式推土机', spec: '功率75kW', unit: '台班', quantity: 8.6 },
  { name: '汽车式起重机', spec: '提升质量16t', unit: '台班', quantity: 14.25 },
];

/** A material sheet, then a machine sheet whose quantity column is 台班数量 beside 台班单价 and 合价. */
export function machineShifts(): Promise<Buffer> {
  const materials = [
    ['序号', '名称', '规格型号', '单位', '数量'],
    [1, '水泥', 'P.O 42.5', 't', 58.734],
  ];
  const machines: unknown[][] = [['序号', '机械名称', '规格型号', '单位', '台班数量', '台班单价(元)', '合价(元)']];
  SHIFT_LINES.forEach((l, i) => machines.push([i + 1, l.name, l.spec, l.unit, l.quantity, 900, l.quantity * 900]));
  return xlsxBook([
    { name: '材料汇总表', rows: materials },
    { name: '机械台班汇总表', rows: machines },
  ]);
}

/** One sand in three spellings of m³, bricks in 千块 and 千匹, cement in t and in kg (which must stay apart). */
export const SPELLING_LINES: readonly SpecLine[] = [
  { name: '中砂', spec: '', unit: 'm3', quantity: 120.5 },
  { name: '中砂', spec: '', unit: '立方米', quantity: 30.25 },
  { name: '中砂', spec: '', unit: '立方', quantity: 10 },
  { name: '标准砖', spec: '240×115×53', unit: '千块', quantity: 50 },
  { name: '标准砖', spec: '240*115*53', unit: '千匹', quantity: 12 },
  { name: '水泥', spec: 'P.O 42.5', unit: 't', quantity: 58.734 },
  { name: '水泥', spec: 'P.O 42.5', unit: 'kg', quantity: 1200 },
];

export function unitSpellings(): Promise<Buffer> {
  const rows: unknown[][] = [['序号', '名称', '规格型号', '单位', '数量']];
  SPELLING_LINES.forEach((l, i) => rows.push([i + 1, l.name, l.spec || null, l.unit, l.quantity]));
  return xlsxBook([{ name: '材料汇总表', rows }]);
}
