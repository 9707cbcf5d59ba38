// The building list's toolbar buttons: 新增 (picking the module first on the all-modules list) and 批量删除 of the
// rows chosen on any page.
import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { MODULES, type ModuleCode } from '../../../schemas/standards';
import { MSG } from '../constants';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { clearCurrentBuilding, getCurrentBuilding } from '../session/currentBuilding';
import { infoRoute } from './wizard';
import { deleteBuildings } from './buildingApi';

/** 新增: the module's info form with no building selected; on /project/list the user picks the module first. */
export const CreateButton = ({ module, engineeringId }: { module?: ModuleCode; engineeringId?: string }) => {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const create = (m: string) => {
    clearCurrentBuilding();
    // engineeringId preselects the engineering project in the form when the list is narrowed to one
    navigate(`${infoRoute(m)}${engineeringId ? `?engineeringId=${encodeURIComponent(engineeringId)}` : ''}`);
  };
  if (module)
    return (
      <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => create(module)}>
        新增
      </Button>
    );
  return (
    <>
      <Button
        size="small"
        variant="contained"
        startIcon={<AddIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        新增
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {MODULES.map((m) => (
          <MenuItem key={m.code} onClick={() => create(m.code)}>
            {m.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** Batch delete of the selected rows, on any page (DELETE tpf3Project/?tpf3ProjectIds=…); none chosen → 请先选择要删除的数据!. */
export const BulkDeleteButton = () => {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = useConfirmedAction(
    '批量删除确认',
    `确定要删除选中的 ${selectedIds.length} 个单体建筑吗？`,
    async () => {
      try {
        await deleteBuildings(selectedIds);
        const current = getCurrentBuilding();
        if (current && selectedIds.includes(current.id)) clearCurrentBuilding();
        notify(MSG.deleted, { type: 'success' });
        onUnselectItems();
        refresh();
      } catch (err) {
        notify(errorMessage(err), { type: 'error' });
      }
    },
  );
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteSweepIcon />}
        onClick={() => (selectedIds.length ? confirm.ask() : notify(MSG.selectFirst, { type: 'warning' }))}
        disabled={confirm.busy}
      >
        批量删除
      </Button>
      {confirm.dialog}
    </>
  );
};
