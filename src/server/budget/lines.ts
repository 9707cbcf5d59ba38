// A budget table's data lines under its header (issue 26 §1): each row a line with its sheet and Excel row number,
// skipping what is not a line — blank rows, subtotals (小计, 合计, 本页小计, 总计), notes (注：…), page lines
// (第 2 页), a header repeated at a page break — and reading section rows (一、人工 / 材料 / 机械) as the class of
// the lines under them when the table has no 类别 column.
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
}

const SUBTOTAL = /^(本页|本表|本章|分部)?(小计|合计|总计)/;
const NOTE = /^(注|说明|备注)\s*[:：]|^第\s*\d+\s*页|^共\s*\d+\s*页/;
const SECTION = /^(?:[一二三四五六七八九十]+\s*[、.．]\s*|\d+\s*[、.．]\s*|[（(][一二三四五六七八九十\d]+[)）]\s*)?(人工|材料|主要材料|主材|机械|施工机械|机械台班|设备|工程设备|其他)(费|类)?$/;

/** '1,234.50', ' 12 ', '１２.５' → a number; anything else undefined. */
export function quantityOf(c: Cell): number | undefined {
  if (typeof c === 'number') return c;
  const t = textOf(c)
    .replace(/[\uFF10-\uFF19\uFF0E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/,/g, '')
    .trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : undefined;
}

/**
 * '商品混凝土 C30' → ['商品混凝土', 'C30']; '螺纹钢筋HRB400 Φ12' → ['螺纹钢筋', 'HRB400 Φ12']: the name is the Chinese
 * words up to where a grade, a size or a number starts, else up to the first space.
 */
export function splitNameSpec(text: string): [string, string] {
  const t = text.trim();
  const m = /^([\u4e00-\u9fff（）()]+?)([A-Za-zΦφ∅\d].*)$/.exec(t);
  if (m) return [m[1], m[2].trim()];
  const space = t.search(/\s/);
  return space > 0 ? [t.slice(0, space), t.slice(space).trim()] : [t, ''];
}

const at = (row: Cell[], col: number | undefined) => (col === undefined ? '' : textOf(row[col]));

/** The lines of a table, and how many rows of each kind were skipped. */
export function readLines(grid: Grid, header: Header): { lines: BudgetLine[]; skips: LineSkips } {
  const { columns: k } = header;
  const skips: LineSkips = { blank: 0, subtotal: 0, note: 0, section: 0, header: 0 };
  const lines: BudgetLine[] = [];
  const headerName = at(grid.rows[header.last], k.name ?? k.nameSpec);
  let section = '';
  for (let r = header.last + 1; r < grid.rows.length; r++) {
    const row = grid.rows[r];
    const ours = [k.seq, k.code, k.category, k.name, k.spec, k.nameSpec, k.unit, k.quantity].map((c) => at(row, c));
    const first = row.map(textOf).find((t) => t) ?? '';
    if (!ours.some(Boolean)) {
      skips[first ? (NOTE.test(first) ? 'note' : 'blank') : 'blank']++;
      continue;
    }
    const nameText = k.name !== undefined ? at(row, k.name) : at(row, k.nameSpec);
    if (nameText && nameText === headerName) {
      skips.header++;
      continue;
    }
    const lead = [at(row, k.seq), at(row, k.code), nameText, first].find((t) => t) ?? '';
    if (SUBTOTAL.test(lead.replace(/\s/g, '')) || SUBTOTAL.test(nameText.replace(/\s/g, ''))) {
      skips.subtotal++;
      continue;
    }
    if (NOTE.test(lead)) {
      skips.note++;
      continue;
    }
    const quantityCell = k.quantity === undefined ? null : row[k.quantity];
    const unit = at(row, k.unit);
    const sectionHit = SECTION.exec(nameText.replace(/\s/g, ''));
    if (sectionHit && !unit && quantityCell === null) {
      section = sectionHit[1];
      skips.section++;
      continue;
    }
    let [name, spec] = [nameText, at(row, k.spec)];
    if (k.name === undefined && k.nameSpec !== undefined) [name, spec] = splitNameSpec(nameText);
    lines.push({
      sheet: grid.sheet,
      row: r + 1,
      code: at(row, k.code),
      category: at(row, k.category),
      name,
      spec,
      unit,
      quantity: quantityOf(quantityCell),
      quantityText: textOf(quantityCell),
      section,
    });
  }
  return { lines, skips };
}
