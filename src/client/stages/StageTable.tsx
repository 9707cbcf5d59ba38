// A table-mode stage (x-stage.mode 'table'; spec 000 screen 5, spec 001 §2 "stage data tables"): every row of
// the building for the stage (of the chosen method, for a stage with methods), a 序号 column, the schema's
// x-list columns (numbers with 2 decimals or x-decimals), a 合计 row of the emission, 编辑 / 删除 per row, and the
// toolbar 新增, 批量删除, 刷新, 清空数据, 下载模板, 导入. Rows are added and edited in a dialog (StageRowDialog).
// After a change the stage is calculated again; when that runs as a job its progress shows above the table.
// Issue 11 §3: a row whose last calculation filled in a value shows a 默认值 chip by its emission (the tooltip
// lists each default and its source); a stored row breaking a save rule (counted 0) shows why, in red.
import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EditIcon from '@mui/icons-material/Edit';
import ClearAllIcon from '@mui/icons-material/LayersClear';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Loading, useNotify } from 'react-admin';
import type { PropertySchema } from '../../../schemas/index';
import { MSG } from '../constants';
import { formatNumber } from '../../calc/format';
import { decimalsOf, formatDate, isDateFormat, isNumeric } from '../admin/schemaFields';
import { hasImportColumns, ImportButtons } from '../admin/ImportButtons';
import { NoData } from '../admin/NoData';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { useDicts, type DictMaps } from '../admin/useDicts';
import { dictCodesOf } from '../admin/form/uiSchema';
import { CALCULATING, JobProgress } from '../jobs/JobProgress';
import { defaultsOf, problemsOf } from './traceApi';
import { DefaultsChip, type Props } from './TraceMarks';
import { MethodPicker } from './MethodPicker';
import { chosenMethod, EMISSION_FIELD, hasMethods, rowsOfMethod, stageColumns, type StageDef } from './stageDefs';
import { clearStageRows, deleteStageRow, deleteStageRows, type StageRow } from './stageApi';
import { useBuildingDetail, useStageRefresh, useStageRows } from './stageQueries';

const StageRowDialog = lazy(() => import('./StageRowDialog'));

/** Cells stay on one line; a text longer than this is cut with … and shown whole in a tooltip. */
const LONG_TEXT_CHARS = 16;

function cellText(prop: PropertySchema, value: unknown, dicts: DictMaps): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  if (prop['x-dict']) return dicts[prop['x-dict']]?.[String(value)] ?? String(value);
  if (isNumeric(prop)) return formatNumber(value, decimalsOf(prop));
  if (isDateFormat(prop) || prop['x-widget'] === 'date') return formatDate(value, prop.format === 'date-time');
  if (typeof value === 'boolean') return value ? '是' : '否';
  const text = String(value);
  if (text.length > LONG_TEXT_CHARS) {
    return (
      <Tooltip title={text}>
        <Box component="span" sx={{ display: 'block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {text}
        </Box>
      </Tooltip>
    );
  }
  return text;
}

const sumOf = (rows: StageRow[], field: string) => rows.reduce((s, r) => s + (Number(r[field]) || 0), 0);

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
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<{ record?: StageRow } | null>(null);

  const method = chosenMethod(def, detail.data?.stageMethods);
  const rows = rowsOfMethod(rowsQuery.data ?? [], method);
  // rows kept under another method: not counted (issue 21 §4) — said above the table, with a way to remove them
  const shown = new Set(rows.map((r) => r.id));
  const othersIds = rows.length === rowsQuery.data?.length ? [] : (rowsQuery.data ?? []).filter((r) => !shown.has(r.id)).map((r) => r.id);
  const methodLabel = def.schema['x-stage']?.methods?.find((m) => m.value === method)?.label ?? method;
  const columns = stageColumns(def);
  const emissionShown = columns.some(([name]) => name === EMISSION_FIELD);
  const chosen = rows.filter((r) => selected.has(r.id)).map((r) => r.id);

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

  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id)));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const colCount = columns.length + 3;

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
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={def.title}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox size="small" checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} onChange={toggleAll} slotProps={{ input: { 'aria-label': '全选' } }} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>序号</TableCell>
              {columns.map(([name, p]) => (
                <TableCell key={name} align={isNumeric(p) ? 'right' : undefined} sx={{ whiteSpace: 'nowrap' }}>
                  {p.title ?? name}
                </TableCell>
              ))}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={colCount}>
                  <NoData />
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, i) => (
              <Fragment key={row.id}>
                <TableRow hover selected={selected.has(row.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox size="small" checked={selected.has(row.id)} onChange={() => toggle(row.id)} slotProps={{ input: { 'aria-label': `选择第 ${i + 1} 行` } }} />
                  </TableCell>
                  <TableCell>{i + 1}</TableCell>
                  {columns.map(([name, p]) => (
                    <TableCell key={name} align={isNumeric(p) ? 'right' : undefined} sx={{ whiteSpace: 'nowrap' }}>
                      {cellText(p, row[name], dicts)}
                      {name === EMISSION_FIELD && <DefaultsChip defaults={defaultsOf(row)} props={def.schema.properties as Props} />}
                    </TableCell>
                  ))}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" startIcon={<EditIcon />} onClick={() => setDialog({ record: row })}>
                      编辑
                    </Button>
                    <RowDelete def={def} row={row} onDone={afterChange} />
                  </TableCell>
                </TableRow>
                {problemsOf(row).length > 0 && (
                  <TableRow data-testid="row-problems">
                    <TableCell />
                    <TableCell colSpan={colCount - 1} sx={{ color: 'error.main', pt: 0 }}>
                      第 {i + 1} 行未计入（计为 0）：{problemsOf(row).join('；')}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
          {emissionShown && rows.length > 0 && (
            <TableFooter>
              <TableRow data-testid="stage-sum">
                <TableCell />
                <TableCell sx={{ fontWeight: 600, color: 'text.primary', fontSize: 'inherit', whiteSpace: 'nowrap' }}>合计</TableCell>
                {columns.map(([name, p]) => (
                  <TableCell key={name} align={isNumeric(p) ? 'right' : undefined} sx={{ fontWeight: 600, color: 'text.primary', fontSize: 'inherit', whiteSpace: 'nowrap' }}>
                    {name === EMISSION_FIELD ? formatNumber(sumOf(rows, EMISSION_FIELD), decimalsOf(p)) : ''}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
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
