// Budget (概预算) workbooks as pricing software (广联达 GCCP and peers) exports them, standing in for real exports
// in the budget reader's tests: a merged title, a merged 工程名称/标段/页 line, the header, section lines
// (一、人工 …) in the name column, data lines, 小计/本页小计/合计 lines, a blank line, and a few figures written as
// text with thousands separators. The data lines are exported (budgetLines.ts, gb50500.ts) so a test computes
// the figures it expects from them.
import {
  MATERIAL_LINES,
  RCJ_LINES,
  bigRcjLines,
  materialAmount,
  rcjAmount,
  type RcjCategory,
  type RcjLine,
} from './budgetLines';
import { col, round2, thousands, titleRows, xlsBook, xlsxBook, type SheetSpec } from './sheets';

export * from './budgetLines';
export * from './gb50500';
export { PROJECT_LINE, titleRows, xlsBook, xlsFrom, xlsxBook, xlsxFrom, type SheetSpec } from './sheets';

/** The header of layout 1, as GCCP names its columns. */
export const RCJ_HEADER = [
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
/** Row (1-based) of the header in every layout-1 sheet: title, 工程名称 line, header. */
export const RCJ_HEADER_ROW = 3;
export const RCJ_SHEET = '人材机汇总表';
export const FEE_SHEET = '单位工程费用汇总表';

/** The sections a GCCP 人材机汇总表 groups its lines in; 主材 and 商砼 count as 材料. */
export const RCJ_SECTIONS: { title: string; categories: RcjCategory[] }[] = [
  { title: '一、人工', categories: ['人'] },
  { title: '二、材料', categories: ['材', '主', '商砼'] },
  { title: '三、机械', categories: ['机'] },
  { title: '四、设备', categories: ['设'] },
];

/**
 * Layout 1 as a sheet: each section opens with its line in 名称 and closes with a 小计 in the amount column; a
 * blank line after 材料; the 合计 label merged across 序号…单位 at the end. Without `quantity` the 数量 column is
 * left out, as when a user unticks it in the export dialog.
 */
export function rcjSheet(lines: readonly RcjLine[], { quantity = true, name = RCJ_SHEET } = {}): SheetSpec {
  const header = quantity ? RCJ_HEADER : RCJ_HEADER.filter((h) => h !== '数量');
  const width = header.length;
  const at = (h: string) => header.indexOf(h);
  const { rows, merges } = titleRows('人材机汇总表', width);
  rows.push([...header]);
  const blank = () => Array<unknown>(width).fill(null);
  let no = 0;
  for (const section of RCJ_SECTIONS) {
    const inSection = lines.filter((l) => section.categories.includes(l.category));
    if (!inSection.length) continue;
    const open = blank();
    open[at('名称')] = section.title;
    rows.push(open);
    for (const l of inSection) {
      const amount = rcjAmount(l);
      const row = blank();
      row[at('序号')] = ++no;
      row[at('编码')] = l.code;
      row[at('类别')] = l.category;
      row[at('名称')] = l.name;
      row[at('规格型号')] = l.spec || null;
      row[at('单位')] = l.unit;
      if (quantity) row[at('数量')] = l.asText && l.quantity !== null ? thousands(l.quantity) : l.quantity;
      row[at('不含税预算价')] = l.budgetPrice;
      row[at('不含税市场价')] = l.marketPrice;
      row[at('不含税市场价合计')] = l.asText && amount !== null ? thousands(amount) : amount;
      rows.push(row);
    }
    const subtotal = blank();
    subtotal[at('名称')] = '小计';
    subtotal[width - 1] = round2(inSection.reduce((s, l) => s + (rcjAmount(l) ?? 0), 0));
    rows.push(subtotal);
    if (section.title === '二、材料') rows.push(blank());
  }
  const total = blank();
  total[0] = '合计';
  total[width - 1] = round2(lines.reduce((s, l) => s + (rcjAmount(l) ?? 0), 0));
  rows.push(total);
  merges.push(`A${rows.length}:${col(at('单位'))}${rows.length}`);
  const numFmts: Record<number, string> = {
    [width - 1]: '0.00',
    [at('不含税预算价')]: '0.00',
    [at('不含税市场价')]: '0.00',
  };
  if (quantity) numFmts[at('数量')] = '0.000';
  const widths = header.map((h) => (h === '名称' ? 24 : h === '规格型号' ? 18 : h.length > 4 ? 14 : 8));
  return { name, rows, merges, titleRows: [1], headerRows: [RCJ_HEADER_ROW], widths, numFmts };
}

/** Rows of FEE_SHEET below its header: 序号, 费用代号, 名称, 计算基数, 基数说明, 费率(%), 金额, 费用类别, 备注. */
export const FEE_ROWS: unknown[][] = [
  ['1', 'A', '分部分项工程费', 'FBFXHJ', '分部分项合计', null, 2856432.18, '分部分项工程费', null],
  ['2', 'B', '措施项目费', 'CSXMHJ', '措施项目合计', null, 386524.6, '措施项目费', null],
  ['2.1', 'B1', '其中：安全文明施工费', 'AQWMSGF', '安全文明施工费', null, 98452.3, '安全文明施工费', null],
  ['3', 'C', '其他项目费', 'QTXMHJ', '其他项目合计', null, 50000, '其他项目费', null],
  ['4', 'D', '规费', 'GF', '规费', null, 104235.52, '规费', null],
  ['5', 'E', '税金', 'A+B+C+D', '分部分项工程费+措施项目费+其他项目费+规费', 9, 305972.84, '税金', null],
  [
    null,
    null,
    '工程造价',
    'A+B+C+D+E',
    '分部分项工程费+措施项目费+其他项目费+规费+税金',
    null,
    '3,703,165.14',
    '工程造价',
    null,
  ],
];

/** 单位工程费用汇总表: a table of fees with no material, quantity or unit column — one a reader passes over. */
export function feeSheet(): SheetSpec {
  const header = ['序号', '费用代号', '名称', '计算基数', '基数说明', '费率(%)', '金额', '费用类别', '备注'];
  const { rows, merges } = titleRows('单位工程费用汇总表', header.length);
  rows.push(header, ...FEE_ROWS);
  return {
    name: FEE_SHEET,
    rows,
    merges,
    titleRows: [1],
    headerRows: [3],
    widths: [6, 10, 22, 14, 36, 8, 16, 14, 8],
    numFmts: { 6: '#,##0.00' },
  };
}

/**
 * Layout 1, .xlsx: the fee summary first (GCCP exports its reports in that order, so a reader has to pass it
 * over), then the 人材机汇总表 of RCJ_LINES.
 */
export function rcjSummary(): Promise<Buffer> {
  return xlsxBook([feeSheet(), rcjSheet(RCJ_LINES)]);
}

/** Layout 2: the same two sheets as an .xls (BIFF8), merges included. */
export function rcjSummaryXls(): Promise<Buffer> {
  return xlsBook([feeSheet(), rcjSheet(RCJ_LINES)]);
}

/** Layout 6: a 人材机汇总表 exported without its 数量 column — a reader refuses it, naming 数量. */
export const MISSING_QUANTITY_LINES: readonly RcjLine[] = RCJ_LINES.slice(0, 12);
export function missingQuantity(): Promise<Buffer> {
  return xlsxBook([rcjSheet(MISSING_QUANTITY_LINES, { quantity: false })]);
}

/** Layout 7: bigRcjLines(n) as one layout-1 sheet, for a benchmark; the same n gives the same lines. */
export function bigRcj(n = 5000): Promise<Buffer> {
  return xlsxBook([rcjSheet(bigRcjLines(n))]);
}

/** The two header rows of layout 3; 数量 spans 定额消耗量 | 总消耗量 (E3:F3), every other cell spans both rows. */
export const MATERIAL_HEADER = [
  ['序号', '材料名称', '规格型号', '单位', '数量', null, '市场价(元)', '金额(元)'],
  [null, null, null, null, '定额消耗量', '总消耗量', null, null],
];
export const MATERIAL_SHEET = '材料汇总表';

/**
 * Layout 3, .xlsx: 材料汇总表 with a two-row header (rows 3–4); the lines, then 本页小计 and 合计 (one page, so
 * both hold the same sum), the label in 材料名称.
 */
export function materialSummary(): Promise<Buffer> {
  const width = MATERIAL_HEADER[0].length;
  const { rows, merges } = titleRows('材料汇总表', width);
  rows.push(...MATERIAL_HEADER.map((r) => [...r]));
  merges.push('A3:A4', 'B3:B4', 'C3:C4', 'D3:D4', 'E3:F3', 'G3:G4', 'H3:H4');
  MATERIAL_LINES.forEach((l, i) => {
    const amount = materialAmount(l);
    const total = l.asText ? thousands(l.totalQuantity) : l.totalQuantity;
    rows.push([
      i + 1,
      l.name,
      l.spec || null,
      l.unit,
      l.quotaQuantity,
      total,
      l.price,
      l.asText ? thousands(amount) : amount,
    ]);
  });
  const sum = round2(MATERIAL_LINES.reduce((s, l) => s + materialAmount(l), 0));
  rows.push([null, '本页小计', null, null, null, null, null, sum], [null, '合计', null, null, null, null, null, sum]);
  const sheet: SheetSpec = { name: MATERIAL_SHEET, rows, merges, titleRows: [1], headerRows: [3, 4] };
  return xlsxBook([
    { ...sheet, widths: [6, 18, 16, 8, 12, 12, 12, 14], numFmts: { 4: '0.000', 5: '0.000', 6: '0.00', 7: '0.00' } },
  ]);
}
