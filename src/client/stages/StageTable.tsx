// A table-mode stage (x-stage.mode 'table'): the rows of the
// building for the stage (of the chosen method, for a stage with methods), paged, sorted and searched on the server
// like every list (page 1, 10 rows, 5/10/25/50/100, 共 N 条 — a stage may hold 100 000 rows), a 序号 column, the
// schema's x-list columns (numbers with 2 decimals or x-decimals), a 合计 row of the emission over every row of the
// filter (the server's `sums`), 编辑 / 删除 per row, and the toolbar 新增, 批量删除 (the rows chosen on any page),
// 刷新, 清空数据, 下载模板, 导入. Rows are added and edited in a dialog (StageRowDialog). After a change the stage
// is calculated again; when that runs as a job its progress shows above the table.
// A row whose last calculation filled in a value shows a 默认值 chip by its emission (the tooltip
// lists each default and its source); a stored row breaking a save rule (counted 0) shows why, in red. A listed
// field the row leaves empty shows the value its calculation used, named (e.g. 电网排放因子 — filledCells.ts).
// Driven by react-admin's list controller (ListBase) and drawn by its DataTable like every list page: the schema's
// columns from admin/columns.tsx, the selection, 序号 and 操作 columns, the problem rows (body), the 合计 row (foot)
// and the empty table from admin/tableParts.tsx.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EditIcon from '@mui/icons-material/Edit';
import ClearAllIcon from '@mui/icons-material/LayersClear';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DataTable, FilterForm, ListBase, Loading, Pagination, useListContext, useNotify } from 'react-admin';
import { formatNumber } from '../../calc/format';
import { DEFAULT_PAGE_SIZE, MSG, PAGE_SIZE_OPTIONS } from '../constants';
import { decimalsOf, listSort } from '../admin/schemaFields';
import { fieldColumns } from '../admin/columns';
import { schemaFilters } from '../admin/filters';
import {
  actionsColumn,
  chosenRowSx,
  EmptyTable,
  INDEX_COLUMN,
  indexColumn,
  notedBody,
  rowNumbers,
  RowNumbers,
  selectColumn,
  totalFoot,
} from '../admin/tableParts';
import { hasImportColumns, ImportButtons } from '../admin/ImportButtons';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { useDicts, type DictMaps } from '../admin/useDicts';
import { dictCodesOf } from '../admin/form/uiSchema';
import { CALCULATING, JobProgress } from '../jobs/JobProgress';
import { defaultsOf, problemsOf } from './traceApi';
import { DefaultsChip, FilledMark, type Props } from './TraceMarks';
import { filledCells, filledName } from './filledCells';
import { MethodPicker } from './MethodPicker';
import { OtherMethodRows } from './OtherMethodRows';
import { RecordCards, schemaCard, usePhone } from '../admin/RecordCards';
import { NoData } from '../admin/NoData';
import { chosenMethod, EMISSION_FIELD, hasMethods, METHOD_FIELD, type StageDef } from './stageDefs';
import { clearStageRows, deleteStageRow, deleteStageRows, type StageRow } from './stageApi';
import { useBuildingDetail, useFrozen, useStageRefresh } from './stageQueries';
import { commentColumn, StageComments, useStageComments } from './StageComments';

const StageRowDialog = lazy(() => import('./StageRowDialog'));

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** Cells stay on one line; a text longer than this is cut with … and shown whole in a tooltip. */
const LONG_TEXT_CHARS = 16;

/** A stored row breaking a save rule says so under itself, in red. */
const StageBody = notedBody((row, n) => {
  const problems = problemsOf(row as StageRow);
  return problems.length ? `第 ${n} 行未计入（计为 0）：${problems.join('；')}` : null;
}, 'row-problems');

/**
 * The stage's 合计: the emission summed by the server over every row of the filter (not only the page shown), or none.
 */
function emissionTotal(def: StageDef, sums: Record<string, number> | undefined): string | undefined {
  const emission = def.schema.properties[EMISSION_FIELD];
  if (!emission || emission['x-list'] !== true || typeof sums?.[EMISSION_FIELD] !== 'number') return undefined;
  return formatNumber(sums[EMISSION_FIELD], decimalsOf(emission));
}

/** On a phone: a card per row (its name, 用量, 排放因子, 碳排放量 …) that opens the row's dialog, and the 合计 under them. */
const StageCards = ({
  def,
  dicts,
  total,
  onOpen,
}: {
  def: StageDef;
  dicts: DictMaps;
  total: string | undefined;
  onOpen?: (row: StageRow) => void;
}) => {
  const { total: count } = useListContext();
  const filledOf = useMemo(() => filledCells(def.schema), [def.schema]);
  return (
    <>
      <RecordCards
        {...schemaCard(def.schema, dicts, { numbersOnly: true, filled: (f, r) => filledOf(r).get(f)?.value })}
        open={(row) => (onOpen?.(row as StageRow), false)}
        empty={<NoData />}
      />
      {total !== undefined && (count ?? 0) > 0 && (
        <Typography sx={{ fontWeight: 600, py: 1 }} data-testid="stage-sum">
          合计：{total} kgCO2e
        </Typography>
      )}
    </>
  );
};

/**
 * The number of the first row shown. While the page asked for loads, react-admin keeps the last page's rows on
 * screen: they keep their numbers (and the checkbox labels theirs) until the new rows come. State updated during
 * render when the shown page changes (React's pattern for a value derived from the previous render).
 */
function useShownFrom(page: number, perPage: number, loading: boolean): number {
  const [from, setFrom] = useState(1);
  const asked = (page - 1) * perPage + 1;
  if (!loading && asked !== from) setFrom(asked);
  return loading ? from : asked;
}

const LOADING = <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;

const RowDelete = ({ def, row, onDone }: { def: StageDef; row: StageRow; onDone: () => Promise<void> }) => {
  const notify = useNotify();
  const del = useConfirmedAction('删除确认', '确定要删除这条数据吗？', async () => {
    try {
      await deleteStageRow(def.path, row.id);
      notify(MSG.deleted, { type: 'success' });
      await onDone();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });
  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={del.ask} disabled={del.busy}>
        删除
      </Button>
      {del.dialog}
    </>
  );
};

/** The rows of the building for the stage (of its method): a list of the stage resource, paged on the server. */
export const StageTable = ({ def, projectId }: { def: StageDef; projectId: number }) => {
  const withMethods = hasMethods(def);
  const detail = useBuildingDetail(projectId, withMethods);
  if (withMethods && detail.isPending) return LOADING;
  const method = chosenMethod(def, detail.data?.stageMethods);
  return (
    <ListBase
      key={method ?? ''}
      resource={def.name}
      filter={{ projectId, ...(method ? { [METHOD_FIELD]: method } : {}) }}
      perPage={DEFAULT_PAGE_SIZE}
      sort={listSort(def.schema)}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ retry: false }}
    >
      <StageRows def={def} projectId={projectId} method={method} />
    </ListBase>
  );
};

const StageRows = ({ def, projectId, method }: { def: StageDef; projectId: number; method: string | undefined }) => {
  const notify = useNotify();
  const list = useListContext<StageRow>();
  const { reload, recalculate, calculation } = useStageRefresh(def, projectId);
  const dicts = useDicts(dictCodesOf(def.schema));
  const [dialog, setDialog] = useState<{ record?: StageRow } | null>(null);
  const selected = useMemo(() => new Set(list.selectedIds), [list.selectedIds]);
  const chosen = list.selectedIds as number[];
  const total = emissionTotal(def, (list.meta as { sums?: Record<string, number> } | undefined)?.sums);
  // the 合计 row in the 序号 column's place
  const Foot = useMemo(
    () =>
      total === undefined
        ? undefined
        : totalFoot({ label: '合计', at: INDEX_COLUMN, totals: { [EMISSION_FIELD]: total }, testId: 'stage-sum' }),
    [total],
  );
  const filters = useMemo(() => schemaFilters(def.schema, ['like']), [def.schema]);
  const shownFrom = useShownFrom(list.page, list.perPage, !!list.isPlaceholderData);
  const phone = usePhone();
  const frozen = useFrozen(projectId);
  const comments = useStageComments(projectId, def.code);
  const filledOf = useMemo(() => filledCells(def.schema), [def.schema]);

  const afterChange = async () => {
    list.onUnselectItems();
    await recalculate();
  };

  /** A confirmed removal: on success its message and a recalculation, on failure the server's message. */
  const removing = (run: () => Promise<unknown>, done: string) => async () => {
    try {
      await run();
      notify(done, { type: 'success' });
      await afterChange();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  };
  const batchDelete = useConfirmedAction(
    '批量删除确认',
    `确定要删除选中的 ${chosen.length} 条数据吗？`,
    removing(() => deleteStageRows(def.path, chosen), MSG.deleted),
  );
  const clearAll = useConfirmedAction(
    '清空数据确认',
    '确定要清空本阶段的全部数据吗？此操作不可恢复。',
    removing(() => clearStageRows(def.path, projectId), MSG.cleared),
  );

  const askBatchDelete = () => {
    if (!list.total && !chosen.length) return notify(MSG.listEmpty, { type: 'warning' });
    if (!chosen.length) return notify(MSG.selectFirst, { type: 'warning' });
    batchDelete.ask();
  };

  if (list.isPending) return LOADING;

  const pageIds = (list.data ?? []).map((r) => r.id);
  const numbers = rowNumbers(pageIds, shownFrom);
  const columns = [
    selectColumn(),
    indexColumn(),
    ...commentColumn(comments),
    ...fieldColumns(def.schema, {
      sortable: true,
      cutAfter: LONG_TEXT_CHARS,
      dicts,
      filled: (field, row) => filledOf(row).get(field)?.value,
      mark: (field, row) => {
        if (field === EMISSION_FIELD)
          return defaultsOf(row).length ? (
            <DefaultsChip defaults={defaultsOf(row)} props={def.schema.properties as Props} />
          ) : null;
        const cell = isBlank(row[field]) ? filledOf(row).get(field) : undefined;
        return cell?.isValue ? (
          <FilledMark name={filledName(def.schema, field)} used={cell.used} props={def.schema.properties as Props} />
        ) : null;
      },
    }),
    ...(frozen
      ? []
      : [
          actionsColumn((row) => (
            <>
              <Button size="small" startIcon={<EditIcon />} onClick={() => setDialog({ record: row as StageRow })}>
                编辑
              </Button>
              <RowDelete def={def} row={row as StageRow} onDone={afterChange} />
            </>
          )),
        ]),
  ];

  return (
    <Box data-testid="stage-table">
      {method && <MethodPicker def={def} projectId={projectId} value={method} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1, alignItems: 'center' }}>
        {!frozen && (
          <>
            <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
              新增
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteSweepIcon />}
              onClick={askBatchDelete}
              disabled={batchDelete.busy}
            >
              批量删除
            </Button>
          </>
        )}
        <Button
          size="small"
          startIcon={list.isFetching ? <CircularProgress size={14} /> : <RefreshIcon />}
          onClick={() => void reload()}
        >
          刷新
        </Button>
        {!frozen && (
          <Button
            size="small"
            color="error"
            startIcon={<ClearAllIcon />}
            onClick={clearAll.ask}
            disabled={clearAll.busy}
          >
            清空数据
          </Button>
        )}
        {!frozen && hasImportColumns(def.schema) && (
          <ImportButtons resource={def.name} projectId={projectId} onDone={() => void afterChange()} />
        )}
        {chosen.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="stage-selection">
            已选 {chosen.length} 条
            <Button size="small" onClick={() => list.onUnselectItems()}>
              取消选择
            </Button>
          </Typography>
        )}
      </Stack>
      {calculation && (
        <Box sx={{ mb: 1 }}>
          <JobProgress job={calculation} prefix={CALCULATING} />
        </Box>
      )}
      {list.error && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      <StageComments comments={comments} />
      {method && <OtherMethodRows def={def} projectId={projectId} method={method} onDone={afterChange} />}
      {filters.length > 0 && <FilterForm filters={filters} />}
      <Box
        sx={{
          '& .RaDataTable-headerCell, & .RaDataTable-rowCell': { whiteSpace: 'nowrap' },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        }}
      >
        {phone ? (
          <StageCards
            def={def}
            dicts={dicts}
            total={total}
            onOpen={frozen ? undefined : (row) => setDialog({ record: row })}
          />
        ) : (
          <RowNumbers.Provider value={numbers}>
            <DataTable
              aria-label={def.title}
              bulkActionButtons={false}
              rowClick={false}
              rowSx={chosenRowSx(selected)}
              body={StageBody}
              foot={Foot}
              empty={<EmptyTable columns={columns} label={def.title} />}
            >
              {columns}
            </DataTable>
          </RowNumbers.Provider>
        )}
        <Pagination rowsPerPageOptions={PAGE_SIZE_OPTIONS} />
      </Box>
      {batchDelete.dialog}
      {clearAll.dialog}
      {dialog && (
        <Suspense fallback={null}>
          <StageRowDialog
            def={def}
            projectId={projectId}
            method={method}
            record={dialog.record}
            onClose={() => setDialog(null)}
            onSaved={() => void recalculate()}
          />
        </Suspense>
      )}
    </Box>
  );
};
