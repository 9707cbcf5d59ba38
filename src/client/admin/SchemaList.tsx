// Generic list page for a registry resource: page 1, 10 rows,
// 5/10/25/50/100, createDate descending by default, columns and filters from the schema, rows flagged by
// `x-rowWarning`, 暂无数据 when empty. On a phone, a card per record (RecordCards) that opens its edit page.
import { useMemo, type ReactElement } from 'react';
import { alpha, type Theme } from '@mui/material/styles';
import { DataTable, List, Pagination, useCanAccess, useResourceContext, type RaRecord } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants';
import { clientResource } from '../registry';
import { schemaColumns } from './columns';
import { schemaFilters } from './filters';
import { usePhoneFilters } from './PhoneFilters';
import { ListActions } from './ListActions';
import { NoData } from './NoData';
import { isWarningRow, listSort } from './schemaFields';
import { RecordCards, schemaCard, usePhone } from './RecordCards';
import { selectColumn } from './tableParts';
import { PageHeading } from './PageHeading';
import { useDicts } from './useDicts';
import { dictCodesOf } from './form/uiSchema';

const warningRowSx = (theme: Theme) => ({
  backgroundColor: alpha(theme.palette.warning.main, 0.14),
  '&:hover': { backgroundColor: `${alpha(theme.palette.warning.main, 0.22)} !important` },
});

/** `action`: the resource's own list action (BespokePages.listAction), for those who may write it. */
export const SchemaList = ({ action }: { action?: ReactElement }) => {
  const resource = useResourceContext()!;
  const { schema, route, title } = clientResource(resource);
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const phone = usePhone();
  const dicts = useDicts(dictCodesOf(schema));
  const filters = usePhoneFilters(useMemo(() => schemaFilters(schema), [schema]));
  return (
    <>
      <PageHeading title={title} />
      <List
        resource={resource}
        title={title}
        perPage={DEFAULT_PAGE_SIZE}
        sort={listSort(schema)}
        filters={filters.filters}
        actions={<ListActions resource={resource} route={route!} extra={filters.button} own={action} />}
        pagination={<Pagination rowsPerPageOptions={PAGE_SIZE_OPTIONS} />}
        exporter={false}
        empty={false}
        storeKey={`${resource}.list`}
        // a wide table scrolls inside the list instead of pushing the toolbar off screen
        sx={{
          minWidth: 0,
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        }}
      >
        {phone ? (
          <RecordCards
            {...schemaCard(schema, dicts)}
            open={(r) => (canEdit ? `${route}/${encodeURIComponent(String(r.id))}` : false)}
            empty={<NoData />}
          />
        ) : (
          <DataTable
            rowClick={false}
            bulkActionButtons={false}
            empty={<NoData />}
            rowSx={(record: RaRecord) => (isWarningRow(schema, record) ? warningRowSx : {})}
            sx={{ '& .MuiTableCell-head': { whiteSpace: 'nowrap' } }}
          >
            {canDelete && selectColumn()}
            {schemaColumns(resource, schema, route!, !!(canEdit || canDelete))}
          </DataTable>
        )}
      </List>
    </>
  );
};

export default SchemaList;
