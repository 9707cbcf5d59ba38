// Finding a budget table's header and its columns by their titles (issue 26 §1), however a pricing tool words and
// merges them: 名称 / 材料名称, 规格型号 / 规格, 名称、规格、型号 in one column, 单位 / 计量单位, 数量 / 消耗量 /
// 总消耗量, 编码 / 项目编码, 类别. A header is one row, or two when the second names parts of the first (数量 merged
// over 定额消耗量 | 总消耗量: the total is the quantity, a per-unit consumption never is). Prices, amounts, rates and
// remarks are not columns we read.
import { textOf, type Grid } from './grid';

export type Role = 'seq' | 'code' | 'category' | 'name' | 'spec' | 'nameSpec' | 'unit' | 'quantity';

export const ROLE_TITLES: Record<Role, string> = {
  seq: '序号',
  code: '编码',
  category: '类别',
  name: '名称',
  spec: '规格型号',
  nameSpec: '名称、规格、型号',
  unit: '单位',
  quantity: '数量',
};

/** Titles that are never one of our columns (prices, amounts, per-unit consumptions, indices, notes). */
const NOT_OURS = /定额|单价|合价|金额|价格|价$|含量|系数|权重|指数|备注|税|费|比例|%/;

/** A quantity column's preference: the total consumption over a plain 数量 over a bare 消耗量. */
const QUANTITY_RANK: [RegExp, number][] = [
  [/^(总消耗量|总数量|总用量|合计数量)$/, 3],
  [/^(数量|工程量|用量)$/, 2],
  [/^消耗量$/, 1],
];

const tidy = (s: string) => s.replace(/[\s\u3000]+/g, '').replace(/[（(].*?[)）]/g, '').replace(/[:：]$/, '');

/** The role of one title part, and for a quantity its rank. */
function roleOfPart(raw: string): { role: Role; rank: number } | undefined {
  const t = tidy(raw);
  if (!t) return undefined;
  if (/名称.*(规格|型号)/.test(t)) return { role: 'nameSpec', rank: 1 };
  if (NOT_OURS.test(t)) return undefined;
  if (t === '序号') return { role: 'seq', rank: 1 };
  if (/^(项目|材料|人材机|工料机|资源)?(编码|编号|代码)$/.test(t)) return { role: 'code', rank: 1 };
  if (/^(材料|人材机|资源)?(类别|类型|分类)$/.test(t)) return { role: 'category', rank: 1 };
  if (/^(材料|项目|人材机|工料机|资源|设备|主要材料)?名称$/.test(t)) return { role: 'name', rank: 1 };
  if (/^(规格|型号|规格型号|规格及型号|规格、型号|型号规格)$/.test(t)) return { role: 'spec', rank: 1 };
  if (/^(计量)?单位$/.test(t)) return { role: 'unit', rank: 1 };
  for (const [re, rank] of QUANTITY_RANK) if (re.test(t)) return { role: 'quantity', rank };
  return undefined;
}

/**
 * A column's role from its title parts (top to bottom). The lowest part decides (总消耗量 under 数量); a part that
 * is not ours (定额消耗量 under 数量) makes the column not ours.
 */
function roleOf(parts: string[]): { role: Role; rank: number } | undefined {
  const distinct = parts.filter((p, i) => p && p !== parts[i - 1]);
  if (!distinct.length) return undefined;
  const last = distinct[distinct.length - 1];
  if (distinct.length > 1 && NOT_OURS.test(tidy(last)) && !/名称.*(规格|型号)/.test(tidy(last))) return undefined;
  return roleOfPart(last) ?? (distinct.length > 1 ? roleOfPart(distinct[0]) : undefined);
}

export interface Header {
  sheet: string;
  /** the header's rows (0-based, inclusive); data starts after `last` */
  first: number;
  last: number;
  columns: Partial<Record<Role, number>>;
  /** how sure the quantity column is a total (QUANTITY_RANK; 0 without one) */
  quantityRank: number;
}

/** What a table must have to be read. */
const REQUIRED: Role[][] = [['name', 'nameSpec'], ['unit'], ['quantity']];

export const missingRoles = (h: Pick<Header, 'columns'>): string[] => REQUIRED.filter((any) => !any.some((r) => h.columns[r] !== undefined)).map((any) => ROLE_TITLES[any[0]]);
export const foundTitles = (h: Pick<Header, 'columns'>): string[] => (Object.keys(ROLE_TITLES) as Role[]).filter((r) => h.columns[r] !== undefined).map((r) => ROLE_TITLES[r]);

/** How far down a sheet a header may start (titles, 工程名称, 第 1 页 lines come first). */
const HEADER_SEARCH_ROWS = 30;

function headerAt(grid: Grid, first: number, last: number): Header {
  const width = grid.rows[first]?.length ?? 0;
  const best: Partial<Record<Role, { col: number; rank: number }>> = {};
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (let r = first; r <= last; r++) parts.push(textOf(grid.rows[r][c]));
    const hit = roleOf(parts);
    if (!hit) continue;
    const had = best[hit.role];
    if (!had || hit.rank > had.rank) best[hit.role] = { col: c, rank: hit.rank };
  }
  const columns: Partial<Record<Role, number>> = {};
  for (const [role, v] of Object.entries(best)) columns[role as Role] = v!.col;
  return { sheet: grid.sheet, first, last, columns, quantityRank: best.quantity?.rank ?? 0 };
}

/** More of our columns, none of the required missing, and a quantity that is surely the total. */
const score = (h: Header) => Object.keys(h.columns).length - missingRoles(h).length * 10 + h.quantityRank * 0.1;

/** The sheet's header: the best-scoring single or double row near the top; undefined when nothing looks like one. */
export function findHeader(grid: Grid): Header | undefined {
  let best: Header | undefined;
  const until = Math.min(HEADER_SEARCH_ROWS, grid.rows.length);
  for (let r = 0; r < until; r++) {
    for (const last of [r, r + 1]) {
      if (last >= grid.rows.length) continue;
      const h = headerAt(grid, r, last);
      if (!(h.columns.name !== undefined || h.columns.nameSpec !== undefined)) continue;
      // a second row counts only when it adds or sharpens something
      if (best === undefined || score(h) > score(best)) best = h;
    }
  }
  return best;
}
