// Finding a budget table's header and its columns by their titles, however a pricing tool words and merges them (the
// spellings: vocabulary.ts). A header is one row, or two when the second names parts of the first (数量 merged over
// 定额消耗量 | 总消耗量: the total is the quantity, a per-unit consumption never is). It is looked for down the whole
// sheet, to a bound: exports put cover lines, 编制说明 or a second table's title above it. Prices, amounts, rates and
// remarks are not columns we read.
import { textOf, type Grid } from './grid';
import { NOT_OURS, ROLE_TITLES, SPELLINGS, type Role } from './vocabulary';

/** A title as compared: no spaces, no bracketed unit ((元), (m3)), no trailing colon. */
export const tidyTitle = (s: string) =>
  s
    .replace(/[\s\u3000]+/g, '')
    .replace(/[（(].*?[)）]/g, '')
    .replace(/[:：]$/, '');
/** …and without the separators a title joins its words with (规格、型号 · 规格/型号 are 规格型号). */
const canonical = (s: string) => tidyTitle(s).replace(/[、/／,，·・]/g, '');

const EXACT = new Map<string, { role: Role; rank: number }>();
for (const s of SPELLINGS) for (const t of s.titles ?? []) EXACT.set(canonical(t), { role: s.role, rank: s.rank });
const PATTERNS = SPELLINGS.flatMap((s) => (s.patterns ?? []).map((re) => ({ re, role: s.role, rank: s.rank })));
const NAME_SPEC = PATTERNS.filter((p) => p.role === 'nameSpec');

/** The role of one title part, and its rank. */
function roleOfPart(raw: string): { role: Role; rank: number } | undefined {
  const t = canonical(raw);
  if (!t) return undefined;
  // 名称、规格、型号 before the words that are not ours: 主要材料名称、规格、型号 holds no price
  const both = NAME_SPEC.find((p) => p.re.test(t));
  if (both) return { role: both.role, rank: both.rank };
  if (NOT_OURS.test(t)) return undefined;
  const exact = EXACT.get(t);
  if (exact) return exact;
  const hit = PATTERNS.find((p) => p.re.test(t));
  return hit && { role: hit.role, rank: hit.rank };
}

/**
 * A column's role from its title parts (top to bottom). The lowest part decides (总消耗量 under 数量); a part that
 * is not ours (定额消耗量 under 数量) makes the column not ours.
 */
function roleOf(distinct: string[]): { role: Role; rank: number } | undefined {
  if (!distinct.length) return undefined;
  const last = distinct[distinct.length - 1];
  if (distinct.length > 1 && NOT_OURS.test(tidyTitle(last)) && roleOfPart(last)?.role !== 'nameSpec') return undefined;
  return roleOfPart(last) ?? (distinct.length > 1 ? roleOfPart(distinct[0]) : undefined);
}

export interface Header {
  sheet: string;
  /** the header's rows (0-based, inclusive); data starts after `last` */
  first: number;
  last: number;
  columns: Partial<Record<Role, number>>;
  /** every column's title as written (its parts top to bottom, joined by a space; '' for none) */
  titles: string[];
  /** how sure the quantity column is a total (the vocabulary's rank; 0 without one) */
  quantityRank: number;
}

/** What a table must have to be read. */
const REQUIRED: Role[][] = [['name', 'nameSpec'], ['unit'], ['quantity']];

export const missingRoles = (h: Pick<Header, 'columns'>): string[] =>
  REQUIRED.filter((any) => !any.some((r) => h.columns[r] !== undefined)).map((any) => ROLE_TITLES[any[0]]);
export const foundTitles = (h: Pick<Header, 'columns'>): string[] =>
  (Object.keys(ROLE_TITLES) as Role[]).filter((r) => h.columns[r] !== undefined).map((r) => ROLE_TITLES[r]);

/** How far down a sheet a header may start: past cover lines and notes, never through a 50 000-line table. */
export const HEADER_SEARCH_ROWS = 200;

function headerAt(grid: Grid, first: number, last: number): Header {
  const width = grid.rows[first]?.length ?? 0;
  const best: Partial<Record<Role, { col: number; rank: number }>> = {};
  const titles: string[] = [];
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (let r = first; r <= last; r++) parts.push(textOf(grid.rows[r][c]));
    const distinct = parts.filter((p, i) => p && p !== parts[i - 1]);
    titles.push(distinct.join(' '));
    const hit = roleOf(distinct);
    if (!hit) continue;
    const had = best[hit.role];
    if (!had || hit.rank > had.rank) best[hit.role] = { col: c, rank: hit.rank };
  }
  const columns: Partial<Record<Role, number>> = {};
  for (const [role, v] of Object.entries(best)) columns[role as Role] = v!.col;
  return { sheet: grid.sheet, first, last, columns, titles, quantityRank: best.quantity?.rank ?? 0 };
}

/**
 * More of our columns, none of the required missing, a quantity that is surely the total; at a tie one row over
 * two (a 工程名称 line or a note above the header adds nothing to it).
 */
const score = (h: Header) =>
  Object.keys(h.columns).length - missingRoles(h).length * 10 + h.quantityRank * 0.1 - (h.last - h.first) * 0.01;

/**
 * The sheet's header: the best-scoring single or double row from the top, the search ending at the first header
 * that has every required column (a page break repeats it further down); undefined when nothing looks like one.
 */
export function findHeader(grid: Grid): Header | undefined {
  let best: Header | undefined;
  const until = Math.min(HEADER_SEARCH_ROWS, grid.rows.length);
  for (let r = 0; r < until; r++) {
    // past a complete header and the rows that could pair with it (数量 over 总消耗量): the rest is its table
    if (best && r > best.last + 1 && missingRoles(best).length === 0) break;
    for (const last of [r, r + 1]) {
      if (last >= grid.rows.length) continue;
      const h = headerAt(grid, r, last);
      if (!(h.columns.name !== undefined || h.columns.nameSpec !== undefined)) continue;
      if (best === undefined || score(h) > score(best)) best = h;
    }
  }
  return best;
}
