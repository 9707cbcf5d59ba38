// List toolbar: 新增, 批量删除 (needs a selection and a non-empty list), 清空数据 (confirm), for schemas with
// x-import columns 下载模板 and 导入 (ImportButtons), the resource's own action (`own`, e.g. 导入EPD), and 导出表格.
// Every action that writes is shown only to those who may create records.
import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import ClearAllIcon from '@mui/icons-material/LayersClear';
import { TopToolbar, useCanAccess, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { Link } from 'react-router-dom';
import { MSG } from '../constants';
import type { AppDataProvider } from '../providers/dataProvider';
import { clientResource } from '../registry';
import { hasImportColumns, ImportButtons } from './ImportButtons';
import { ExportButton } from './ExportButton';
import { errorMessage, useConfirmedAction } from './useConfirmedAction';

const BatchDeleteButton = ({ resource }: { resource: string }) => {
  const { selectedIds, total, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirmedAction('批量删除确认', `确定要删除选中的 ${selectedIds.length} 条数据吗？`, async () => {
    try {
      await dataProvider.deleteMany(resource, { ids: selectedIds });
      notify(MSG.deleted, { type: 'success' });
      onUnselectItems();
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });
  const onClick = () => {
    if (!total) return notify(MSG.listEmpty, { type: 'warning' });
    if (!selectedIds.length) return notify(MSG.selectFirst, { type: 'warning' });
    confirm.ask();
  };
  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteSweepIcon />} onClick={onClick} disabled={confirm.busy}>
        批量删除
      </Button>
      {confirm.dialog}
    </>
  );
};

const ClearAllButton = ({ resource }: { resource: string }) => {
  const { onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirmedAction('清空数据确认', '确定要清空全部数据吗？此操作不可恢复。', async () => {
    try {
      await dataProvider.clearAll(resource);
      notify(MSG.cleared, { type: 'success' });
      onUnselectItems();
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });
  return (
    <>
      <Button size="small" color="error" startIcon={<ClearAllIcon />} onClick={confirm.ask} disabled={confirm.busy}>
        清空数据
      </Button>
      {confirm.dialog}
    </>
  );
};

export const ListActions = ({
  resource,
  route,
  extra,
  own,
}: {
  resource: string;
  route: string;
  extra?: ReactNode;
  own?: ReactNode;
}) => {
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return (
    <TopToolbar>
      {extra}
      {canCreate && (
        <Button size="small" variant="contained" startIcon={<AddIcon />} component={Link} to={`${route}/create`}>
          新增
        </Button>
      )}
      {canDelete && <BatchDeleteButton resource={resource} />}
      {canDelete && <ClearAllButton resource={resource} />}
      {canCreate && hasImportColumns(clientResource(resource).schema) && <ImportButtons resource={resource} />}
      {canCreate && own}
      <ExportButton resource={resource} />
    </TopToolbar>
  );
};
