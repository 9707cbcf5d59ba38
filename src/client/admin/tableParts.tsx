// The parts a DataTable of records gets around its schema columns (admin/columns.tsx) beyond a plain list page —
// the stage table: a selection column (全选本页, 选择第 n 行), a 序号 column,
// an 操作 column, a note row under a row (第 n 行未计入…), a foot row of totals (合计) and, with no row, 暂无数据 under
// the column headers. All of them are DataTable slots (columns, `body`, `foot`, `empty`), so the table stays
// react-admin's DataTable: its head, rows and cells are drawn by the same components as every list page.
import {
  Children,
  createContext,
  isValidElement,
  useContext,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  Box,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableRow,
  type TableCellProps,
  type Theme,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import {
  DataTable,
  DataTableClasses,
  DataTableHead,
  DataTableRenderContext,
  DataTableRow,
  RecordContextProvider,
  useDataTableDataContext,
  useDataTableRowSxContext,
  useListContextWithProps,
  useRecordContext,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { NoData } from './NoData';
import { MixedCheckbox } from './MixedCheckbox';

/** The source of the 序号 column (no record field of that name). */
export const INDEX_COLUMN = '__index';

/** Row number (from 1) of each id of a page whose first row is row `first`. */
export const rowNumbers = (ids: readonly Identifier[], first = 1) => new Map(ids.map((id, i) => [id, first + i]));

/**
 * The row numbers of the table (rowNumbers) for 序号, the checkbox labels and the row notes: the table shows one page.
 */
export const RowNumbers = createContext<ReadonlyMap<Identifier, number>>(new Map());

/** The row's number: from RowNumbers when the table gives them, else its place in the list's page. */
const useRowNumber = (record: RaRecord | undefined) => {
  const numbers = useContext(RowNumbers);
  const list = useListContextWithProps();
  if (!record) return 0;
  const given = numbers.get(record.id);
  if (given !== undefined) return given;
  const at = (list.data ?? []).findIndex((r: RaRecord) => r.id === record.id);
  return at < 0 ? 0 : ((list.page ?? 1) - 1) * (list.perPage ?? 0) + at + 1;
};

/** A row's checkbox, labelled 选择第 n 行 on its input (react-admin's own puts its label on the wrapper). */
const RowCheckbox = () => {
  const record = useRecordContext();
  const n = useRowNumber(record);
  const { selectedIds = [], onToggleItem } = useListContextWithProps();
  if (!record) return null;
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(record.id)}
      onClick={(e) => e.stopPropagation()}
      onChange={() => onToggleItem?.(record.id)}
      slotProps={{ input: { 'aria-label': `选择第 ${n} 行` } }}
    />
  );
};

/** 全选本页: the page's rows chosen or not (indeterminate while only some are); rows chosen on other pages stay chosen. */
const PageCheckbox = () => {
  const { data = [], selectedIds = [], onSelect } = useListContextWithProps();
  const pageIds = data.map((r: RaRecord) => r.id as Identifier);
  const all = pageIds.length > 0 && pageIds.every((id: Identifier) => selectedIds.includes(id));
  const some = pageIds.some((id: Identifier) => selectedIds.includes(id));
  const toggle = () =>
    onSelect?.(
      all ? selectedIds.filter((id: Identifier) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])],
    );
  return (
    <MixedCheckbox
      size="small"
      checked={all}
      indeterminate={some && !all}
      onChange={toggle}
      slotProps={{ input: { 'aria-label': '全选本页' } }}
    />
  );
};

const RowNumber = () => <>{useRowNumber(useRecordContext())}</>;

/**
 * The selection column of a list (its context's selectedIds): 全选本页 over a checkbox per row, each labelled on its
 * input. Used with `bulkActionButtons={false}` in place of react-admin's, whose row labels axe cannot see.
 */
export const selectColumn = (): ReactElement => (
  <DataTable.Col
    key="__select"
    padding="checkbox"
    disableSort
    label={<PageCheckbox />}
    render={() => <RowCheckbox />}
  />
);

/** 序号: the row's number from 1. */
export const indexColumn = (): ReactElement => (
  <DataTable.Col key={INDEX_COLUMN} source={INDEX_COLUMN} label="序号" disableSort render={() => <RowNumber />} />
);

/**
 * 操作 holds compact text buttons (as the building list's) and stays at the table's right edge (position: sticky)
 * when the columns are wider than the page, so a row's 编辑 / 删除 never need a sideways scroll (/divisor's
 * were off-screen and 建材生产's 删除 cut at 1366 px) and a stage table's columns still fit beside them.
 * (An object: react-admin spreads a column's sx into each cell's.)
 */
const ACTIONS_SX = {
  whiteSpace: 'nowrap',
  position: 'sticky',
  right: 0,
  zIndex: 1,
  px: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
  '& .MuiButton-root': { minWidth: 0, px: 0.25 },
  '& .MuiButton-startIcon': { display: 'none' },
} as const;

/** 操作: the row's buttons. */
export const actionsColumn = (render: (record: RaRecord) => ReactNode): ReactElement => (
  <DataTable.Col key="__actions" label="操作" disableSort sx={ACTIONS_SX} render={render} />
);

/** A chosen row looks chosen (as MUI's selected TableRow). */
const chosenSx = (theme: Theme) => ({
  backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
});
export const chosenRowSx = (selected: ReadonlySet<Identifier>) => (record: RaRecord) =>
  selected.has(record.id) ? chosenSx : {};

/** The DataTable.Col elements among a table part's children. */
const columnsOf = (children: ReactNode) =>
  Children.toArray(children).filter(isValidElement) as ReactElement<{
    source?: string;
    align?: TableCellProps['align'];
    padding?: TableCellProps['padding'];
  }>[];

export interface TotalFootOptions {
  /** What the row says (合计) and the column it says it in. */
  label: ReactNode;
  at: string;
  /** The text of each summed column (the sum over every row, not only the page shown). */
  totals: Record<string, string>;
  testId?: string;
}

const totalSx = { fontWeight: 600, color: 'text.primary', fontSize: 'inherit', whiteSpace: 'nowrap' } as const;

/**
 * A DataTable `foot`: one row under the rows with `label` in column `at` and each column's text of `totals`; the
 * other cells empty. Make it once per set of totals (useMemo): a new component each render would draw the row anew.
 */
export function totalFoot({ label, at, totals, testId }: TotalFootOptions): ComponentType<{ children?: ReactNode }> {
  const TotalFoot = ({ children }: { children?: ReactNode }) => {
    return (
      <TableFooter>
        <TableRow data-testid={testId}>
          {columnsOf(children).map((col, i) => {
            const { source, align, padding } = col.props;
            const content = source === at ? label : source && source in totals ? totals[source] : null;
            return (
              <TableCell key={col.key ?? i} align={align} padding={padding} sx={totalSx}>
                {content}
              </TableCell>
            );
          })}
        </TableRow>
      </TableFooter>
    );
  };
  return TotalFoot;
}

/** A note a row may carry under itself: its text (or nothing), its colour and its test id. */
export interface RowNote {
  text: (record: RaRecord, rowNumber: number) => ReactNode;
  color: string;
  testId?: string;
}

/**
 * A DataTable `body` whose rows may each carry notes: a row per note spanning the table under it (from the second
 * column), in the note's colour — what it says about the record and its row number, or nothing. Make it once
 * (module level).
 */
export function notedBody(...notes: RowNote[]): ComponentType<{ children?: ReactNode }> {
  const NotedBody = ({ children }: { children?: ReactNode }) => {
    const data = useDataTableDataContext() ?? [];
    const numbers = useContext(RowNumbers);
    const rowSx = useDataTableRowSxContext();
    const span = columnsOf(children).length;
    return (
      <TableBody className={`datatable-body ${DataTableClasses.tbody}`}>
        {data.map((record, i) => {
          const n = numbers.get(record.id) ?? i + 1;
          return (
            <RecordContextProvider value={record} key={record.id ?? `row${i}`}>
              <DataTableRow
                className={`${DataTableClasses.row} ${i % 2 === 0 ? DataTableClasses.rowEven : DataTableClasses.rowOdd}`}
                sx={rowSx?.(record, i)}
              >
                {children}
              </DataTableRow>
              {notes.map((note, k) => {
                const text = note.text(record, n);
                return text ? (
                  <TableRow key={k} data-testid={note.testId}>
                    <TableCell />
                    <TableCell colSpan={span - 1} sx={{ color: note.color, pt: 0 }}>
                      {text}
                    </TableCell>
                  </TableRow>
                ) : null;
              })}
            </RecordContextProvider>
          );
        })}
      </TableBody>
    );
  };
  return NotedBody;
}

/**
 * A DataTable `empty` that keeps the table: the same column headers over one row saying 暂无数据, so an empty
 * stage still shows what its rows hold. `label` names the table as the DataTable's aria-label does.
 */
export const EmptyTable = ({ columns, label }: { columns: ReactElement[]; label?: string }) => (
  <Box className={DataTableClasses.tableWrapper} sx={{ overflowX: 'auto' }}>
    <Table size="small" aria-label={label} className={DataTableClasses.table}>
      <DataTableRenderContext.Provider value="header">
        <DataTableHead>{columns}</DataTableHead>
      </DataTableRenderContext.Provider>
      <TableBody>
        <TableRow>
          <TableCell colSpan={columns.length}>
            <NoData />
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  </Box>
);
