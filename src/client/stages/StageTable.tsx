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
// The wide table's columns and body are put together in stageTableParts.tsx, the phone's cards in StageCards.tsx.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import ClearAllIcon from '@mui/icons-material/LayersClear';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DataTable, FilterForm, ListBase, Loading, Pagination, useListContext, useNotify } from 'react-admin';
import { formatNumber } from '../../calc/format';
import { DEFAULT_PAGE_SIZE, MSG, PAGE_SIZE_OPTIONS } from '../constants';
import { decimalsOf, listSort } from '../admin/schemaFields';
import { schemaFilters } from '../admin/filters';
import { chosenRowSx, EmptyTable, INDEX_COLUMN, rowNumbers, RowNumbers, totalFoot } from '../admin/tableParts';
import { hasImportColumns, ImportButtons } from '../admin/ImportButtons';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { useDicts } from '../admin/useDicts';
import { dictCodesOf } from '../admin/form/uiSchema';
import { CALCULATING, JobProgress } from '../jobs/JobProgress';
import { filledCells } from './filledCells';
import { MethodPicker } from './MethodPicker';
import { OtherMethodRows } from './OtherMethodRows';
import { usePhone } from '../admin/RecordCards';
import { chosenMethod, EMISSION_FIELD, hasMethods, METHOD_FIELD, type StageDef } from './stageDefs';
import { clearStageRows, deleteStageRows, type StageRow } from './stageApi';
import { useBuildingDetail, useFrozen, useStageRefresh } from './stageQueries';
import { StageComments, useStageComments } from './StageComments';
import { StageCards } from './StageCards';
import { StageBody, stageColumns } from './stageTableParts';

const StageRowDialog = lazy(() => import('./StageRowDialog'));

/**
 * The stage's 合计: the emission summed by the server over every row of the filter (not only the page shown), or none.
 */
function emissionTotal(def: StageDef, sums: Record<string, number> | undefined): string | undefined {
  const emission = def.schema.properties[EMISSION_FIELD];
  if (!emission || emission['x-list'] !== true || typeof sums?.[EMISSION_FIELD] !== 'number') return undefined;
  return formatNumber(sums[EMISSION_FIELD], decimalsOf(emission));
}

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
  const columns = stageColumns(def, {
    dicts,
    comments,
    filledOf,
    frozen,
    onEdit: (row) => setDialog({ record: row }),
    onDone: afterChange,
  });

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
