// Row actions of the building list: 编辑, 查看报告 (only for a completed building),
// 删除 (confirm), and 更多 → 复制 (confirm 确定要复制此项目吗?), BIM模型, 预算文件导入 and 导出表格 (the building's
// workbook, tpf3Project/getExcelByID). BIM模型 opens the building's BIM import (/bim?id=<id>), 预算文件导入
// its budget-file import (/bill?id=<id>), each selecting the building; in estimate both are disabled
// with the tooltip 估算模块不支持BIM模型导入 / 估算模块不支持预算文件导入.
import { useState } from 'react';
import { Button, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '../constants';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import {
  clearCurrentBuilding,
  getCurrentBuilding,
  setCurrentBuilding,
  type CurrentBuilding,
} from '../session/currentBuilding';
import { infoRoute, stageRoute } from './wizard';
import { download } from '../providers/download';
import { buildingWorkbookUrl, copyBuilding, deleteBuildings, type BuildingRecord } from './buildingApi';
import { BUILDING_MSG } from './messages';
import { FactorUpdateChip } from '../factors/FactorUpdateChip';
import { billRoute, bimRoute, reviewRoute } from './buildingPages';

/** Keep the building as the session's current one (sidebar menus, wizard). */
export const selectBuilding = (record: BuildingRecord) =>
  setCurrentBuilding(record as CurrentBuilding & Record<string, unknown>);

/** Select a building and open its info form. */
export function useOpenBuilding() {
  const navigate = useNavigate();
  return (record: BuildingRecord) => {
    selectBuilding(record);
    navigate(infoRoute(record.computeMethod, record.id));
  };
}

export const BuildingRowActions = ({ record }: { record: BuildingRecord }) => {
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const open = useOpenBuilding();
  const { onUnselectItems } = useListContext();
  const [more, setMore] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const completed = record.status === '1';
  const bimDisabled = record.computeMethod === 'estimate';

  /** A 更多 entry opening one of the building's import pages; disabled with its reason in estimate. */
  const importItem = (label: string, route: string, estimate: string) =>
    bimDisabled ? (
      // a disabled item takes no pointer events: the tooltip sits on a wrapper
      <Tooltip key={label} title={estimate} placement="left">
        <span>
          <MenuItem disabled>{label}</MenuItem>
        </span>
      </Tooltip>
    ) : (
      <MenuItem
        key={label}
        onClick={() => {
          setMore(null);
          selectBuilding(record);
          navigate(route);
        }}
      >
        {label}
      </MenuItem>
    );

  const del = useConfirmedAction('删除确认', `确定要删除单体建筑「${record.name}」吗？`, async () => {
    try {
      await deleteBuildings([record.id]);
      if (getCurrentBuilding()?.id === record.id) clearCurrentBuilding();
      notify(MSG.deleted, { type: 'success' });
      onUnselectItems?.();
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });

  const copy = useConfirmedAction('复制确认', BUILDING_MSG.copyConfirm, async () => {
    try {
      await copyBuilding(record.id);
      notify(BUILDING_MSG.done, { type: 'success' });
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });

  const exportWorkbook = async () => {
    setMore(null);
    setExporting(true);
    try {
      download(await buildingWorkbookUrl(record.id));
      notify(MSG.exported, { type: 'success' });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const report = () => {
    selectBuilding(record);
    navigate(stageRoute(record.computeMethod, 'result'));
  };

  return (
    // compact text buttons: the 操作 column stays narrow enough for the default columns to fit 1366 px
    <Stack
      direction="row"
      spacing={0}
      onClick={(e) => e.stopPropagation()}
      sx={{
        whiteSpace: 'nowrap',
        '& .MuiButton-root': { minWidth: 0, px: 0.5 },
        '& .MuiButton-endIcon': { ml: 0, mr: -0.5 },
      }}
    >
      <FactorUpdateChip buildingId={record.id} buildingName={record.name} compact />
      <Button size="small" onClick={() => open(record)}>
        编辑
      </Button>
      <Tooltip title={completed ? '' : BUILDING_MSG.noReport}>
        <span>
          <Button size="small" disabled={!completed} onClick={report}>
            查看报告
          </Button>
        </span>
      </Tooltip>
      <Button size="small" color="error" onClick={del.ask} disabled={del.busy}>
        删除
      </Button>
      <Button
        size="small"
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setMore(e.currentTarget)}
        aria-haspopup="menu"
        disabled={copy.busy || exporting}
      >
        更多
      </Button>
      <Menu anchorEl={more} open={!!more} onClose={() => setMore(null)}>
        <MenuItem
          onClick={() => {
            setMore(null);
            copy.ask();
          }}
        >
          复制
        </MenuItem>
        {importItem('BIM模型', bimRoute(record.id), BUILDING_MSG.bimEstimate)}
        {importItem('预算文件导入', billRoute(record.id), BUILDING_MSG.billEstimate)}
        <MenuItem component={RouterLink} to={reviewRoute(record.id)} onClick={() => setMore(null)}>
          校审
        </MenuItem>
        <MenuItem onClick={exportWorkbook}>导出表格</MenuItem>
      </Menu>
      {del.dialog}
      {copy.dialog}
    </Stack>
  );
};
