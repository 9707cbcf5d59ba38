// Row actions: the schema's row links (x-resource.rowLinks, e.g. a factor's 历史版本 — every reader), 编辑 (to
// <route>/<id>) and 删除 (confirm; success 删除成功!) — only roles that may write.
import { Button, Stack } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useCanAccess, useDataProvider, useListContext, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { RowLink } from '../../../schemas/types';
import { MSG } from '../constants';
import { errorMessage, useConfirmedAction } from './useConfirmedAction';

/** A row link's path: its route with `:id` as the record's id. */
export const rowLinkPath = (link: RowLink, record: RaRecord) =>
  link.route.replace(':id', encodeURIComponent(String(record.id)));

export const RowActions = ({
  resource,
  route,
  record,
  links = [],
}: {
  resource: string;
  route: string;
  record: RaRecord;
  links?: readonly RowLink[];
}) => {
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit', record });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete', record });
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { onUnselectItems } = useListContext();
  const del = useConfirmedAction('删除确认', '确定要删除这条数据吗？', async () => {
    try {
      await dataProvider.delete(resource, { id: record.id, previousData: record });
      notify(MSG.deleted, { type: 'success' });
      onUnselectItems?.();
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });

  if (!canEdit && !canDelete && !links.length) return null;
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {links.map((l) => (
        <Button key={l.route} size="small" component={Link} to={rowLinkPath(l, record)}>
          {l.label}
        </Button>
      ))}
      {canEdit && (
        <Button
          size="small"
          startIcon={<EditIcon />}
          component={Link}
          to={`${route}/${encodeURIComponent(String(record.id))}`}
        >
          编辑
        </Button>
      )}
      {canDelete && (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={del.ask} disabled={del.busy}>
          删除
        </Button>
      )}
      {del.dialog}
    </Stack>
  );
};
