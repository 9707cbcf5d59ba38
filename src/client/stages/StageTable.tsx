// A table-mode stage (x-stage.mode 'table'; spec 000 screen 5, spec 001 §2 "stage data tables"): every row of
// the building for the stage (of the chosen method, for a stage with methods), a 序号 column, the schema's
// x-list columns (numbers with 2 decimals or x-decimals), a 合计 row of the emission, 编辑 / 删除 per row, and the
// toolbar 新增, 批量删除, 刷新, 清空数据, 下载模板, 导入. Rows are added and edited in a dialog (StageRowDialog).
// After a change the stage is calculated again; when that runs as a job its progress shows above the table.
// The rows are all loaded (the 合计 and 全选 cover them all) but drawn a page at a time: 40 000 imported rows
// drawn at once held the browser for 40 s.
// Issue 11 §3: a row whose last calculation filled in a value shows a 默认值 chip by its emission (the tooltip
// lists each default and its source); a stored row breaking a save rule (counted 0) shows why, in red.
// Drawn by react-admin's DataTable like every list page: the schema's columns from admin/columns.tsx, the
// selection, 序号 and 操作 columns, the problem rows (body), the 合计 row (foot) and the empty table from
// admin/tableParts.tsx.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TablePagination } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EditIcon from '@mui/icons-material/Edit';
import ClearAllIcon from '@mui/icons-material/LayersClear';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DataTable, Loading, useNotify, type Identifier } from 'react-admin';
import { formatNumber } from '../../calc/format';
import { MSG } from '../constants';
import { decimalsOf } from '../admin/schemaFields';
import { fieldColumns } from '../admin/columns';
import { actionsColumn, chosenRowSx, EmptyTable, INDEX_COLUMN, indexColumn, notedBody, rowNumbers, RowNumbers, selectColumn, totalFoot } from '../admin/tableParts';
import { usePaginationLabels } from '../i18n/pagination';
import { hasImportColumns, ImportButtons } from '../admin/ImportButtons';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { useDicts } from '../admin/useDicts';
import { dictCodesOf } from '../admin/form/uiSchema';
import { CALCULATING, JobProgress } from '../jobs/JobProgress';
import { defaultsOf, problemsOf } from './traceApi';
import { DefaultsChip, type Props } from './TraceMarks';
import { MethodPicker } from './MethodPicker';
import { chosenMethod, EMISSION_FIELD, hasMethods, rowsOfMethod, type StageDef } from './stageDefs';
import { clearStageRows, deleteStageRow, deleteStageRows, type StageRow } from './stageApi';
import { useBuildingDetail, useStageRefresh, useStageRows } from './stageQueries';

const StageRowDialog = lazy(() => import('./StageRowDialog'));

/** Cells stay on one line; a text longer than this is cut with … and shown whole in a tooltip. */
const LONG_TEXT_CHARS = 16;

/** A stored row breaking a save rule says so under itself, in red. */
const StageBody = notedBody((row, n) => {
  const problems = problemsOf(row as StageRow);
  return problems.length ? `第 ${n} 行未计入（计为 0）：${problems.join('；')}` : null;
}, 'row-problems');

/** Rows per page of the stage table; the pages show once there are more rows than the smallest page. */
const PAGE_SIZES = [50, 100, 200];
const PAGE_SIZE = 100;

/** The stage's 合计: the emission summed over every row of the table (not only the page shown), or none. */
function emissionTotal(def: StageDef, rows: StageRow[]): string | undefined {
  const emission = def.schema.properties[EMISSION_FIELD];
  if (!emission || emission['x-list'] !== true) return undefined;
  return formatNumber(rows.reduce((sum, r) => sum + (Number(r[EMISSION_FIELD]) || 0), 0), decimalsOf(emission));
}

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

export const StageTable = ({ def, projectId }: { def: StageDef; projectId: number }) => {
  const notify = useNotify();
  const withMethods = hasMethods(def);
  const detail = useBuildingDetail(projectId, withMethods);
  const rowsQuery = useStageRows(def, projectId);
  const { reload, recalculate, calculation } = useStageRefresh(def, projectId);
  const dicts = useDicts(dictCodesOf(def.schema));
  const [selected, setSelected] = useState<Set<Identifier>>(new Set());
  const [dialog, setDialog] = useState<{ record?: StageRow } | null>(null);

  const method = chosenMethod(def, detail.data?.stageMethods);
  const rows = rowsOfMethod(rowsQuery.data ?? [], method);
  // rows kept under another method: not counted (issue 21 §4) — said above the table, with a way to remove them
  const shown = new Set(rows.map((r) => r.id));
  const othersIds = rows.length === rowsQuery.data?.length ? [] : (rowsQuery.data ?? []).filter((r) => !shown.has(r.id)).map((r) => r.id);
  const methodLabel = def.schema['x-stage']?.methods?.find((m) => m.value === method)?.label ?? method;
  const chosen = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  const total = emissionTotal(def, rows);
  // the 合计 row in the 序号 column's place
  const Foot = useMemo(() => (total === undefined ? undefined : totalFoot({ label: '合计', at: INDEX_COLUMN, totals: { [EMISSION_FIELD]: total }, testId: 'stage-sum' })), [total]);
  const [page, setPage] = useState({ at: 0, size: PAGE_SIZE });
  const pageLabels = usePaginationLabels();

  const afterChange = async () => {
    setSelected(new Set());
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
  const batchDelete = useConfirmedAction('批量删除确认', `确定要删除选中的 ${chosen.length} 条数据吗？`, removing(() => deleteStageRows(def.path, chosen), MSG.deleted));
  const clearAll = useConfirmedAction('清空数据确认', '确定要清空本阶段的全部数据吗？此操作不可恢复。', removing(() => clearStageRows(def.path, projectId), MSG.cleared));
  const deleteOthers = useConfirmedAction('删除确认', `确定要删除按其他计算方式录入的 ${othersIds.length} 条数据吗？`, removing(() => deleteStageRows(def.path, othersIds), MSG.deleted));

  const askBatchDelete = () => {
    if (!rows.length) return notify(MSG.listEmpty, { type: 'warning' });
    if (!chosen.length) return notify(MSG.selectFirst, { type: 'warning' });
    batchDelete.ask();
  };

  if ((withMethods && detail.isPending) || rowsQuery.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;

  const ids = rows.map((r) => r.id);
  const numbers = rowNumbers(ids);
  // the page asked for, or the last one when rows went (a deletion, 清空数据)
  const pageAt = Math.min(page.at, Math.max(0, Math.ceil(rows.length / page.size) - 1));
  const pageRows = rows.slice(pageAt * page.size, (pageAt + 1) * page.size);
  const columns = [
    selectColumn(ids, selected, setSelected),
    indexColumn(),
    ...fieldColumns(def.schema, {
      cutAfter: LONG_TEXT_CHARS,
      dicts,
      mark: (field, row) => (field === EMISSION_FIELD && defaultsOf(row).length ? <DefaultsChip defaults={defaultsOf(row)} props={def.schema.properties as Props} /> : null),
    }),
    actionsColumn((row) => (
      <>
        <Button size="small" startIcon={<EditIcon />} onClick={() => setDialog({ record: row as StageRow })}>
          编辑
        </Button>
        <RowDelete def={def} row={row as StageRow} onDone={afterChange} />
      </>
    )),
  ];

  return (
    <Box data-testid="stage-table">
      {withMethods && method && <MethodPicker def={def} projectId={projectId} value={method} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
          新增
        </Button>
        <Button size="small" color="error" startIcon={<DeleteSweepIcon />} onClick={askBatchDelete} disabled={batchDelete.busy}>
          批量删除
        </Button>
        <Button size="small" startIcon={rowsQuery.isFetching ? <CircularProgress size={14} /> : <RefreshIcon />} onClick={() => void reload()}>
          刷新
        </Button>
        <Button size="small" color="error" startIcon={<ClearAllIcon />} onClick={clearAll.ask} disabled={clearAll.busy}>
          清空数据
        </Button>
        {hasImportColumns(def.schema) && <ImportButtons resource={def.name} projectId={projectId} onDone={() => void afterChange()} />}
      </Stack>
      {calculation && (
        <Box sx={{ mb: 1 }}>
          <JobProgress job={calculation} prefix={CALCULATING} />
        </Box>
      )}
      {rowsQuery.error && <Alert severity="error">{errorMessage(rowsQuery.error)}</Alert>}
      {othersIds.length > 0 && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          data-testid="other-method-rows"
          action={
            <Button color="inherit" size="small" onClick={deleteOthers.ask} disabled={deleteOthers.busy}>
              删除这些行
            </Button>
          }
        >
          另有 {othersIds.length} 行按其他计算方式录入，本单体该阶段采用「{methodLabel}」，这些行未计入计算。
        </Alert>
      )}
      <Box sx={{ '& .RaDataTable-headerCell, & .RaDataTable-rowCell': { whiteSpace: 'nowrap' }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
        <RowNumbers.Provider value={numbers}>
          <DataTable
            resource={def.name}
            storeKey={`${def.name}.stageTable`}
            aria-label={def.title}
            data={pageRows}
            total={rows.length}
            isPending={false}
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
        {rows.length > PAGE_SIZES[0] && (
          <TablePagination
            {...pageLabels}
            component="div"
            count={rows.length}
            page={pageAt}
            rowsPerPage={page.size}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_e, at) => setPage({ ...page, at })}
            onRowsPerPageChange={(e) => setPage({ at: 0, size: Number(e.target.value) })}
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
          />
        )}
      </Box>
      {batchDelete.dialog}
      {clearAll.dialog}
      {deleteOthers.dialog}
      {dialog && (
        <Suspense fallback={null}>
          <StageRowDialog
            def={def}
            projectId={projectId}
            method={method}
            record={dialog.record}
            onClose={() => setDialog(null)}
            onSaved={(answer) => void reload(Array.isArray(answer?.rows) ? answer.rows : undefined)}
          />
        </Suspense>
      )}
    </Box>
  );
};
