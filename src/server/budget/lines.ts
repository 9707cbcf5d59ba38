// A budget table's data lines under its header: each row a line with its sheet and Excel row number, skipping what
// is not a line — blank rows, subtotals (小计, 合计, 本页小计, 总计), notes (注：1. … and their numbered continuations),
// what a page break repeats (the title, 工程名称 … 第 2 页 共 5 页, the header), sub-headings (其中：甲供材料) — and
// reading section rows (一、人工 / 二、材料 / 三、机械, in whichever column) as the class of the lines under them when
// the table has no 类别 column. Skipped rows are counted, never problems: a bill is printed in pages, and what a
// page repeats is no line of it.
import { textOf, type Cell, type Grid } from './grid';
import type { Header } from './columns';

export interface BudgetLine {
  sheet: string;
  /** Excel's row number (1-based) */
  row: number;
  code: string;
  category: string;
  name: string;
  spec: string;
  unit: string;
  /** undefined when the cell is empty or not a number (quantityText then holds what it said) */
  quantity?: number;
  quantityText: string;
  /** the section row above it (一、人工 → 人工), '' when none */
  section: string;
}

export interface LineSkips {
  blank: number;
  subtotal: number;
  note: number;
  section: number;
  header: number;
  /** a page's title block repeated at a page break: the table's title, 工程名称 … 第 2 页 共 5 页, the form's 表-21 */
  title: number;
  /** 其中：甲供材料 and the like — a label over some of the lines, not a line */
  subheading: number;
}

export const noSkips = (): LineSkips => ({
  blank: 0,
  subtotal: 0,
  note: 0,
  section: 0,
  header: 0,
  title: 0,
  subheading: 0,
});

const SUBTOTAL = /^(本页|本表|本章|分部)?(小计|合计|总计)/;
const NOTE = /^(注|说明|备注)\s*[:：]|^注\s*\d/;
/** The lines a printed page opens with: 工程名称：…, 标段：…, 第 2 页 共 5 页, and the form's label (表-21). */
const PAGE = /^(工程名称|标段|项目名称)\s*[:：]|第\s*\d+\s*页|共\s*\d+\s*页|^表\s*[-－—]\s*\d+$/;
/** A table's own title when there is none above the header to compare with. */
const TABLE_TITLE = /(汇总表|一览表|明细表|价格表|统计表|分析表|计划表)$/;
const SUBHEADING = /^其中\s*[:：]?/;
/** A section's title (一、人工 · 二、材料 · 三、机械), in whichever column it sits. */
const SECTION =
  /^(?:[一二三四五六七八九十]+\s*[、.．]\s*|\d+\s*[、.．]\s*|[（(][一二三四五六七八九十\d]+[)）]\s*)?(人工|材料|主要材料|主材|辅材|辅助材料|计价材料|未计价材料|甲供材料|机械|施工机械|机械台班|施工机具|设备|工程设备|其他)(费|类)?(?:[（(].*[)）])?$/;

/** '1,234.50', ' 12 ', '１２.５' → a number; anything else undefined. */
export function quantityOf(c: Cell): number | undefined {
  if (typeof c === 'number') return c;
  const t = textOf(c)
    .replace(/[\uFF10-\uFF19\uFF0E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/,/g, '')
    .trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : undefined;
}

const CJK = /[\u4e00-\u9fff]/;

/**
 * '商品混凝土 C30' → ['商品混凝土', 'C30']; '螺纹钢筋HRB400 Φ12' → ['螺纹钢筋', 'HRB400 Φ12']: the name is the Chinese
 * words up to where a grade, a size or a number starts, else up to the first space. Letters alone between Chinese
 * words belong to the name (热轧H型钢, 硬质PVC管): a product's kind, not its grade.
 */
export function splitNameSpec(text: string): [string, string] {
  const t = text.trim();
  const space = t.search(/\s/);
  if (CJK.test(t[0] ?? '')) {
    for (const m of t.matchAll(/[A-Za-zΦφ∅\d][^\s\u4e00-\u9fff（(]*/g)) {
      if (space >= 0 && m.index > space) break;
      const inName = /^[A-Za-z]+$/.test(m[0]) && CJK.test(t[m.index + m[0].length] ?? '');
      if (!inName) return [t.slice(0, m.index), t.slice(m.index).trim()];
    }
  }
  return space > 0 ? [t.slice(0, space), t.slice(space).trim()] : [t, ''];
}

const at = (row: Cell[], col: number | undefined) => (col === undefined ? '' : textOf(row[col]));

/** A row's distinct texts, left to right (a merged title spread across the row is one text). */
const textsOf = (row: Cell[]) => [...new Set(row.map(textOf).filter(Boolean))];
/** A row as compared with the title block above the header: its texts, page numbers masked (第 1 页 ≈ 第 2 页). */
const titleKey = (texts: string[]) => texts.join('|').replace(/\d+/g, '#');

/** A header row repeated: two or more cells the same as in one of the header's rows, column for column. */
function repeatsHeader(grid: Grid, header: Header, row: Cell[]): boolean {
  for (let h = header.first; h <= header.last; h++) {
    const same = row.filter((c, i) => textOf(c) !== '' && textOf(c) === textOf(grid.rows[h][i])).length;
    if (same >= 2) return true;
  }
  return false;
}

/**
 * What a row is when it is not a line: the kind of skip, or undefined for a line. `inNote` says a note (注：1. …)
 * is running: its numbered continuations (2. …) have neither unit nor quantity.
 */
function junkOf(
  grid: Grid,
  header: Header,
  row: Cell[],
  titles: Set<string>,
  inNote: boolean,
): keyof LineSkips | undefined {
  const k = header.columns;
  const texts = textsOf(row);
  if (!texts.length) return 'blank';
  const unit = at(row, k.unit);
  const quantityCell = k.quantity === undefined ? null : row[k.quantity];
  const numeric = quantityOf(quantityCell) !== undefined;
  // nothing in the unit and quantity columns, or one text merged across the row (into them too)
  const bare = (!unit && quantityCell === null) || (texts.length === 1 && !numeric);
  if (
    !numeric &&
    (texts.some((t) => PAGE.test(t)) ||
      titles.has(titleKey(texts)) ||
      (texts.length === 1 && TABLE_TITLE.test(texts[0].replace(/\s/g, ''))))
  )
    return 'title';
  const ours = [k.seq, k.code, k.category, k.name, k.spec, k.nameSpec, k.unit, k.quantity].map((c) => at(row, c));
  if (!ours.some(Boolean)) return NOTE.test(texts[0]) || inNote ? 'note' : 'blank';
  const nameText = at(row, k.name ?? k.nameSpec);
  if (
    !numeric &&
    ((nameText && nameText === at(grid.rows[header.last], k.name ?? k.nameSpec)) || repeatsHeader(grid, header, row))
  )
    return 'header';
  const lead = [at(row, k.seq), at(row, k.code), nameText, texts[0]].find((t) => t) ?? '';
  if (SUBTOTAL.test(lead.replace(/\s/g, '')) || SUBTOTAL.test(nameText.replace(/\s/g, ''))) return 'subtotal';
  if (NOTE.test(lead)) return 'note';
  if (bare && texts.some((t) => SUBHEADING.test(t))) return 'subheading';
  if (bare && sectionOf(row, k.seq)) return 'section';
  return inNote && bare ? 'note' : undefined;
}

/**
 * A section row's word: the row says nothing but a section title (一、人工 in 序号 or in 名称; 一 | 人工 split over
 * 序号 and 名称) — a line with a 类别 of 材料 and a name is not one.
 */
function sectionOf(row: Cell[], seq: number | undefined): string | undefined {
  const texts = textsOf(row).map((t) => t.replace(/\s/g, ''));
  const seqText = at(row, seq).replace(/\s/g, '');
  const rest = texts.filter((t) => t !== seqText);
  const title = rest.length === 0 ? seqText : rest.length === 1 ? rest[0] : '';
  return SECTION.exec(title)?.[1];
}

/** The lines of a table, and how many rows of each kind were skipped. */
export function readLines(grid: Grid, header: Header): { lines: BudgetLine[]; skips: LineSkips } {
  const { columns: k } = header;
  const skips = noSkips();
  const lines: BudgetLine[] = [];
  // the title block above the header, as a page break repeats it
  const titles = new Set(
    grid.rows
      .slice(0, header.first)
      .map(textsOf)
      .filter((t) => t.length)
      .map(titleKey),
  );
  let section = '';
  let inNote = false;
  for (let r = header.last + 1; r < grid.rows.length; r++) {
    const row = grid.rows[r];
    const junk = junkOf(grid, header, row, titles, inNote);
    if (junk) {
      skips[junk]++;
      if (junk === 'note') inNote = true;
      else if (junk !== 'blank') inNote = false;
      if (junk === 'section') section = sectionOf(row, k.seq) ?? section;
      continue;
    }
    inNote = false;
    const nameText = at(row, k.name ?? k.nameSpec);
    const quantityCell = k.quantity === undefined ? null : row[k.quantity];
    let [name, spec] = [nameText, at(row, k.spec)];
    if (k.name === undefined && k.nameSpec !== undefined) [name, spec] = splitNameSpec(nameText);
    lines.push({
      sheet: grid.sheet,
      row: r + 1,
      code: at(row, k.code),
      category: at(row, k.category),
      name,
      spec,
      unit: at(row, k.unit),
      quantity: quantityOf(quantityCell),
      quantityText: textOf(quantityCell),
      section,
    });
  }
  return { lines, skips };
}
