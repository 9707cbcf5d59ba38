// The tables of a budget workbook: every sheet whose header has a name, a unit and a quantity column
// is read; a sheet with no such header (费用汇总表, a cover page) is passed over and named in the pre-flight. A
// workbook where no sheet has the three is refused, saying what the closest sheet has and what it lacks.
import { badRequest } from '../errors';
import { findHeader, foundTitles, missingRoles, type Header } from './columns';
import type { Grid } from './grid';
import { readLines, type BudgetLine, type LineSkips } from './lines';
import { unreadColumns, withUnread, type UnreadColumn } from './sameItem';

export interface BudgetTable {
  header: Header;
  lines: BudgetLine[];
  skips: LineSkips;
  /** columns that may hold a specification and were not read (their values are in each line's spec) */
  unread: UnreadColumn[];
}

export interface BudgetTables {
  tables: BudgetTable[];
  /** sheets passed over (no table of ours) */
  otherSheets: string[];
}

export const noTableMessage = (h: Header | undefined): string =>
  h
    ? `工作表「${h.sheet}」缺少必需的列：${missingRoles(h).join('、')}（已找到：${foundTitles(h).join('、')}）。请上传计价软件导出的人材机汇总表、材料汇总表或主要材料和工程设备一览表`
    : '未找到材料表：没有工作表含有“名称”“单位”“数量”列。请上传计价软件导出的人材机汇总表、材料汇总表或主要材料和工程设备一览表';

export function readTables(grids: Grid[]): BudgetTables {
  const tables: BudgetTable[] = [];
  const otherSheets: string[] = [];
  let closest: Header | undefined;
  for (const grid of grids) {
    const header = findHeader(grid);
    if (header && missingRoles(header).length === 0) {
      const { lines, skips } = readLines(grid, header);
      const unread = unreadColumns(grid, header, lines);
      tables.push({ header, lines: withUnread(grid, lines, unread), skips, unread });
      continue;
    }
    otherSheets.push(grid.sheet);
    if (header && (!closest || missingRoles(header).length < missingRoles(closest).length)) closest = header;
  }
  if (!tables.length) throw badRequest(noTableMessage(closest));
  return { tables, otherSheets };
}
