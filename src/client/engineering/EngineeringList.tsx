// 项目管理 — /project/manage (the title shows in the breadcrumbs, layout/routeMeta.ts): the engineering projects
// of the tenant, searched by name (at most 20 characters) and city; columns 序号, 项目名称 (→ its buildings),
// 项目编码, 单体数量, 已完成数量,
// 所在城市, 总建筑面积(m²), 碳排放总量(tCO2e) (completed buildings only — counted by the server, and the cell says how
// many are left out); 10 rows a page (5/10/25/50/100), newest first. 新增 and 编辑 open the dialog with the map picker; 新建单
// 体 opens a module's building form for the project; 删除 asks first (确定/取消) and shows the server's message when the
// project still holds buildings.
import { useEffect, useState } from 'react';
import { Box, Button, Link, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  DataTable,
  List,
  Pagination,
  TextInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ModuleCode } from '../../../schemas/standards';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, MSG, PAGE_SIZE_OPTIONS } from '../constants';
import { NoData } from '../admin/NoData';
import { RecordCards, usePhone, type CardFigure } from '../admin/RecordCards';
import { formatNumber } from '../../calc/format';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { CityFilterInput } from '../map/CityPicker';
import { CreateMonomerButton } from './CreateMonomerButton';
import { EngineeringDialog, RESOURCE } from './EngineeringDialog';
import { PageHeading } from '../admin/PageHeading';

/** Search name limit for engineering projects. */
export const SEARCH_NAME_MAX = 20;

export const buildingListPath = (record: RaRecord) =>
  `/project/list?engineeringId=${encodeURIComponent(String(record.id))}&engineeringName=${encodeURIComponent(String(record.name ?? ''))}`;

const filters = [
  <TextInput
    key="name"
    source="name"
    label="项目名称"
    alwaysOn
    resettable
    slotProps={{ htmlInput: { maxLength: SEARCH_NAME_MAX } }}
  />,
  <CityFilterInput key="site" source="site" label="所在城市" alwaysOn />,
];

/** 序号 over all pages: (page − 1) × perPage + the row's place on this page. */
const RowIndex = () => {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  const i = data?.findIndex((r) => r.id === record?.id) ?? -1;
  return <>{i < 0 ? '' : (page - 1) * perPage + i + 1}</>;
};

type OpenDialog = (record?: RaRecord) => void;

const RowActions = ({ record, onEdit }: { record: RaRecord; onEdit: OpenDialog }) => {
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit', record });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete', record });
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const del = useConfirmedAction('删除确认', `确定要删除项目「${String(record.name ?? '')}」吗？`, async () => {
    try {
      await dataProvider.delete(RESOURCE, { id: record.id, previousData: record });
      notify(MSG.deleted, { type: 'success' });
      refresh();
    } catch (err) {
      // e.g. the project still holds buildings: the server says so (code 0)
      notify(errorMessage(err), { type: 'error' });
    }
  });
  return (
    <Stack
      component="span"
      direction="row"
      spacing={0.5}
      sx={{ flexWrap: 'wrap' }}
      onClick={(e) => e.stopPropagation()}
    >
      {canEdit && (
        <Button size="small" startIcon={<EditIcon />} onClick={() => onEdit(record)}>
          编辑
        </Button>
      )}
      {canEdit && <CreateMonomerButton record={record} />}
      {canDelete && (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={del.ask} disabled={del.busy}>
          删除
        </Button>
      )}
      {del.dialog}
    </Stack>
  );
};

const Actions = ({ onCreate }: { onCreate: () => void }) => {
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCE, action: 'create' });
  return (
    <TopToolbar>
      {canCreate && (
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
          新增
        </Button>
      )}
    </TopToolbar>
  );
};

/** Counts and the carbon total: an empty value is 0 (0.00 for the total). */
const num = (v: unknown, decimals?: number) =>
  formatNumber(v === null || v === undefined || v === '' ? 0 : v, decimals);

/**
 * The project's 碳排放总量 sums its completed buildings only: when some are not completed, the cell says so — a
 * 0.00 beside a building with 670 t of its own would otherwise read as a wrong sum.
 */
const openCount = (record: RaRecord) =>
  Math.max((Number(record.projectCount) || 0) - (Number(record.endCount) || 0), 0);
/** '（未完成 1 个未计入）' when the total leaves buildings out, else nothing. */
const notCounted = (record: RaRecord) =>
  openCount(record) ? `（未完成 ${formatNumber(openCount(record), 0)} 个未计入）` : '';

const ProjectTotal = ({ record }: { record: RaRecord }) => {
  const done = Number(record.endCount) || 0;
  const open = openCount(record);
  if (!open) return <>{num(record.total)}</>;
  const counts = `已完成的单体 ${formatNumber(done, 0)} 个；未完成 ${formatNumber(open, 0)} 个未计入`;
  return (
    <Tooltip title={counts}>
      <Box component="span" aria-label={`${num(record.total)}（${counts}）`}>
        {num(record.total)}
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', whiteSpace: 'nowrap' }}
        >
          未完成 {formatNumber(open, 0)} 个未计入
        </Typography>
      </Box>
    </Tooltip>
  );
};

/** What held upright on a phone a project's card shows under its name (a tap opens its buildings, as the name does). */
const CARD_FIGURES: CardFigure[] = [
  { label: '项目编码', text: (r) => String(r.code ?? '') },
  { label: '所在城市', text: (r) => String(r.site ?? '') },
  { label: '单体数量', text: (r) => `${num(r.projectCount, 0)} 个（已完成 ${num(r.endCount, 0)} 个）` },
  { label: '总建筑面积', text: (r) => (r.buildArea == null ? '' : `${formatNumber(r.buildArea)} m²`) },
  { label: '碳排放总量', text: (r) => `${num(r.total)} tCO2e${notCounted(r)}` },
];

export default function EngineeringList(_props: { module?: ModuleCode }) {
  const phone = usePhone();
  // ?create=1 (the building form's 新建项目) opens the create dialog at once
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ open: boolean; record?: RaRecord }>(() => ({
    open: params.get('create') === '1',
  }));
  const open: OpenDialog = (record) => setDialog({ open: true, record });
  useEffect(() => {
    if (params.has('create')) setParams((p) => (p.delete('create'), p), { replace: true });
  }, [params, setParams]);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeading title="项目管理" />
      <List
        resource={RESOURCE}
        title="项目管理"
        perPage={DEFAULT_PAGE_SIZE}
        sort={DEFAULT_SORT}
        filters={filters}
        actions={<Actions onCreate={() => open()} />}
        pagination={<Pagination rowsPerPageOptions={PAGE_SIZE_OPTIONS} />}
        exporter={false}
        empty={false}
        storeKey={`${RESOURCE}.manage`}
        sx={{
          minWidth: 0,
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        }}
      >
        {phone ? (
          <RecordCards
            title={(r) => String(r.name ?? '')}
            figures={CARD_FIGURES}
            open={buildingListPath}
            empty={<NoData />}
            actions={(r) => <RowActions record={r} onEdit={open} />}
          />
        ) : (
          <DataTable
            rowClick={false}
            bulkActionButtons={false}
            empty={<NoData />}
            sx={{ '& .MuiTableCell-head': { whiteSpace: 'nowrap' } }}
          >
            <DataTable.Col label="序号" disableSort sx={{ width: 64 }} render={() => <RowIndex />} />
            <DataTable.Col
              source="name"
              label="项目名称"
              sx={{ minWidth: 160 }}
              render={(r: RaRecord) => (
                <Link component={RouterLink} to={buildingListPath(r)} underline="hover">
                  {String(r.name ?? '')}
                </Link>
              )}
            />
            <DataTable.Col source="code" label="项目编码" />
            <DataTable.Col
              source="projectCount"
              label="单体数量"
              disableSort
              align="right"
              render={(r: RaRecord) => num(r.projectCount, 0)}
            />
            <DataTable.Col
              source="endCount"
              label="已完成数量"
              disableSort
              align="right"
              render={(r: RaRecord) => num(r.endCount, 0)}
            />
            <DataTable.Col source="site" label="所在城市" disableSort />
            <DataTable.Col
              source="buildArea"
              label="总建筑面积(m²)"
              align="right"
              render={(r: RaRecord) => formatNumber(r.buildArea)}
            />
            <DataTable.Col
              source="total"
              label="碳排放总量(tCO2e)"
              disableSort
              align="right"
              render={(r: RaRecord) => <ProjectTotal record={r} />}
            />
            <DataTable.Col
              label="操作"
              disableSort
              sx={{ whiteSpace: 'nowrap' }}
              render={(r: RaRecord) => <RowActions record={r} onEdit={open} />}
            />
          </DataTable>
        )}
      </List>
      <EngineeringDialog
        open={dialog.open}
        record={dialog.record}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Box>
  );
}
