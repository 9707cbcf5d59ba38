// 单体建筑列表: /{module}/project/list lists one module's buildings, /project/list all of
// them with a 计算方式 column and filter. Query engineeringId (+ engineeringName) narrows to one engineering
// project, shown as a removable chip. Search by name (50 chars), filters, column picker (local storage), paging
// 10 of 5/10/25/50/100, createDate descending. Filters in buildingFilters, 新增 and 批量删除 in
// BuildingListActions, row actions in BuildingRowActions; clicking a name selects the building and opens its info
// form.
//
// List params live in react-admin's store, not in the URL (disableSyncWithLocation): the URL keeps the
// spec's own query (engineeringId, engineeringName), which react-admin's URL sync would overwrite.
import { useMemo } from 'react';
import { Box, Chip, Link, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { DataTable, List, Pagination, TopToolbar, type RaRecord } from 'react-admin';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ModuleCode } from '../../../schemas/standards';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZE_OPTIONS } from '../constants';
import { NoData } from '../admin/NoData';
import { useDicts } from '../admin/useDicts';
import {
  availableColumns,
  cellText,
  columnsStorageKey,
  columnTitle,
  defaultColumns,
  isNumericColumn,
  staleMarkColumn,
  type Labels,
} from './buildingColumns';
import { Cell, ColumnHeader } from './BuildingCells';
import { STALE } from './StaleResult';
import type { BuildingRecord } from './buildingApi';
import { ExportButton } from '../admin/ExportButton';
import { BuildingRowActions, useOpenBuilding } from './BuildingRowActions';
import { ColumnPicker, useColumnChoice } from './ColumnPicker';
import { useCurrentBuilding } from './useCurrentBuilding';
import { isSortable } from '../admin/schemaFields';
import { clientResource } from '../registry';
import { RecordCards, usePhone } from '../admin/RecordCards';
import { usePhoneFilters } from '../admin/PhoneFilters';
import { selectColumn } from '../admin/tableParts';
import { PageHeading } from '../admin/PageHeading';
import { Words } from '../admin/Words';
import { buildingFilters } from './buildingFilters';
import { BulkDeleteButton, CreateButton } from './BuildingListActions';

const RESOURCE = 'tpf3Project';

const NameCell = ({ record }: { record: BuildingRecord }) => {
  const open = useOpenBuilding();
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      onClick={() => open(record)}
      sx={{ textAlign: 'left', wordBreak: 'keep-all' }}
    >
      <Words text={record.name} />
    </Link>
  );
};

/**
 * On a phone: a card per building — its name and its figures (the chosen numeric columns); a tap opens it as the name
 * does.
 */
const BuildingCards = ({ visible, labels }: { visible: readonly string[]; labels: Labels }) => {
  const open = useOpenBuilding();
  const marked = staleMarkColumn(visible);
  const figures = visible.filter(isNumericColumn).map((key) => ({
    label: columnTitle(key),
    text: (r: RaRecord) => `${cellText(key, r[key], labels)}${key === marked && r.resultStale ? `（${STALE}）` : ''}`,
  }));
  return (
    <RecordCards
      title={(r) => (r.revisionOf == null ? r.name : `${r.name}（修订版 ${r.revision}）`)}
      figures={figures}
      open={(r) => (open(r as BuildingRecord), false)}
      empty={<NoData />}
    />
  );
};

const currentRowSx = (theme: Theme) => ({ backgroundColor: alpha(theme.palette.primary.main, 0.08) });

export default function BuildingList({ module }: { module?: ModuleCode }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = useCurrentBuilding();
  const engineeringId = params.get('engineeringId') || undefined;
  const engineeringName = params.get('engineeringName') || undefined;

  const available = useMemo(() => availableColumns(module), [module]);
  const defaults = useMemo(() => defaultColumns(module), [module]);
  const [visible, setVisible] = useColumnChoice(columnsStorageKey(module), available, defaults);
  const dicts = useDicts(['standard', 'computeMethod']);
  const labels: Labels = { standard: dicts.standard ?? {}, computeMethod: dicts.computeMethod ?? {} };
  const filters = usePhoneFilters(useMemo(() => buildingFilters(module), [module]));
  const schema = clientResource(RESOURCE).schema;
  const phone = usePhone();

  const permanent: Record<string, unknown> = {
    ...(module ? { computeMethod: module } : {}),
    ...(engineeringId ? { engineeringId } : {}),
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeading title="单体建筑列表" />
      {engineeringId && (
        <Box sx={{ px: 1, pt: 1 }}>
          <Chip
            label={`所属项目: ${engineeringName ?? engineeringId}`}
            onDelete={() => navigate(pathname)}
            color="primary"
            variant="outlined"
          />
        </Box>
      )}
      <List
        resource={RESOURCE}
        title="单体建筑列表"
        filter={permanent}
        filters={filters.filters}
        perPage={DEFAULT_PAGE_SIZE}
        sort={DEFAULT_SORT}
        pagination={<Pagination rowsPerPageOptions={PAGE_SIZE_OPTIONS} />}
        actions={
          <TopToolbar>
            {filters.button}
            <CreateButton module={module} engineeringId={engineeringId} />
            <BulkDeleteButton />
            <ExportButton resource={RESOURCE} permanent={permanent} />
            <ColumnPicker
              available={available}
              visible={visible}
              defaults={defaults}
              labelOf={columnTitle}
              onChange={setVisible}
            />
          </TopToolbar>
        }
        exporter={false}
        empty={false}
        disableSyncWithLocation
        storeKey={`${RESOURCE}.${module ?? 'all'}.list`}
        sx={{
          minWidth: 0,
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        }}
      >
        {phone ? (
          <BuildingCards visible={visible} labels={labels} />
        ) : (
          <DataTable
            rowClick={false}
            bulkActionButtons={false}
            empty={<NoData />}
            rowSx={(record: RaRecord) => (current && record.id === current.id ? currentRowSx : {})}
            sx={{
              // the default columns fit 1366 px without scrolling sideways (e2e/walkthrough.spec.ts): long texts
              // (building type paths, project names) wrap, units go under the column names, the actions are compact
              '& .MuiTableCell-root': { px: 0.75 },
              // (a header wraps between its words and before its unit, never inside a word: 建筑面/积 read wrong —
              // ColumnHeader marks where its words end)
              '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.3 },
              // the actions stay in view while a wide table scrolls sideways
              '& .building-actions': {
                position: 'sticky',
                right: 0,
                zIndex: 1,
                bgcolor: 'background.paper',
                boxShadow: (t: Theme) => `-1px 0 0 ${t.palette.divider}`,
              },
              '& .MuiTableCell-head.building-actions': { zIndex: 3 },
            }}
          >
            {selectColumn()}
            <DataTable.Col
              source="name"
              label={columnTitle('name')}
              disableSort={!isSortable(schema, 'name')}
              sx={{ minWidth: 112 }}
              render={(r: RaRecord) => <NameCell record={r as BuildingRecord} />}
            />
            {visible.map((key) => (
              <DataTable.Col
                key={key}
                source={key}
                label={<ColumnHeader title={columnTitle(key)} />}
                disableSort={!isSortable(schema, key)}
                align={isNumericColumn(key) ? 'right' : undefined}
                sx={isNumericColumn(key) ? { whiteSpace: 'nowrap', minWidth: 80 } : { minWidth: 56, maxWidth: 120 }}
                render={(r: RaRecord) => (
                  <Cell
                    column={key}
                    record={r as BuildingRecord}
                    labels={labels}
                    marked={key === staleMarkColumn(visible)}
                  />
                )}
              />
            ))}
            <DataTable.Col
              key="__actions"
              label="操作"
              disableSort
              headerClassName="building-actions"
              cellClassName="building-actions"
              render={(r: RaRecord) => <BuildingRowActions record={r as BuildingRecord} />}
            />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
