// When two lines of a bill are one item: the same name, specification and unit once spelling is set aside (full-width
// letters, spaces, c30 / C30, 240*115*53 / 240×115×53; m3, 立方米 and 立方 are one unit, t and 吨 another — kg and t
// are not, their quantities could not be summed). And the columns that could tell two lines apart without being
// read — a 型号 beside the 规格 read, a 材质, an untitled column of grades: their values join each line's
// specification, so lines that differ in them are never merged, and the pre-flight names the column.
import { normalizeUnit, parseUnit } from '../../calc/units';
import { tidyTitle, type Header } from './columns';
import { textOf, type Cell, type Grid } from './grid';
import { quantityOf, type BudgetLine } from './lines';
import { MAYBE_SPEC, NOT_OURS } from './vocabulary';

const spelling = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/(\d)[xX*×](?=\d)/g, '$1×')
    .toUpperCase();

/** A unit as its dimension and scale ('L3×1' for m3, 立方米, 立方); an unknown unit as written. */
export function unitIdentity(unit: string): string {
  const u = parseUnit(unit);
  if (!u) return normalizeUnit(unit);
  const dims = Object.entries(u.dims)
    .filter(([, e]) => e)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([d, e]) => `${d}${e}`)
    .join('');
  return `${dims}×${u.scale}`;
}

/** What two lines of one class must share to be one item. */
export const sameItem = (line: Pick<BudgetLine, 'name' | 'spec' | 'unit'>): string =>
  [spelling(line.name), spelling(line.spec), unitIdentity(line.unit)].join('|');

export interface UnreadColumn {
  /** 0-based */
  column: number;
  title: string;
}

/** Mostly text: a column of prices or indices is numbers, a column of grades or models is not. */
function isText(values: string[], cells: Cell[]): boolean {
  const words = cells.filter((c, i) => values[i] && quantityOf(c) === undefined).length;
  return words * 2 > values.filter(Boolean).length;
}

/** Some lines that would merge hold different values in it. */
function splitsItems(lines: BudgetLine[], values: string[]): boolean {
  const seen = new Map<string, string>();
  return lines.some((l, i) => {
    const k = sameItem(l);
    if (!seen.has(k)) seen.set(k, values[i]);
    return seen.get(k) !== values[i];
  });
}

/**
 * The columns of a table that may hold a specification and were not read: titled so (规格, 型号, 材质, 等级 …) and
 * holding a value, or holding text that differs between lines that would otherwise be one item. A price, rate or
 * index column is not one (its title says so), a remark may be.
 */
export function unreadColumns(grid: Grid, header: Header, lines: BudgetLine[]): UnreadColumn[] {
  const read = new Set(Object.values(header.columns));
  const out: UnreadColumn[] = [];
  header.titles.forEach((title, c) => {
    if (read.has(c)) return;
    const cells = lines.map((l) => grid.rows[l.row - 1][c]);
    const values = cells.map(textOf);
    if (!values.some(Boolean)) return;
    const t = tidyTitle(title);
    const titled = MAYBE_SPEC.test(t) && !NOT_OURS.test(t);
    const priced = NOT_OURS.test(t) && !/备注|说明/.test(t);
    if (titled || (!priced && isText(values, cells) && splitsItems(lines, values))) out.push({ column: c, title });
  });
  return out;
}

/** Each line's specification with the unread columns' values after it ('' + C30 → C30; P.O 42.5 + 甲供). */
export function withUnread(grid: Grid, lines: BudgetLine[], unread: UnreadColumn[]): BudgetLine[] {
  if (!unread.length) return lines;
  return lines.map((l) => {
    const extra = unread.map((u) => textOf(grid.rows[l.row - 1][u.column])).filter(Boolean);
    return extra.length ? { ...l, spec: [l.spec, ...extra].filter(Boolean).join(' ') } : l;
  });
}
