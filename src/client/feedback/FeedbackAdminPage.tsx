// /sys/feedback 问题反馈 (super admin): every user's feedback, newest first, filtered by 反馈类型 and 处理状态;
// 反馈人, time, screenshot, status, reply; 回复 opens the reply dialog.
import { useState } from 'react';
import { Box, Button, Tooltip } from '@mui/material';
import ReplyIcon from '@mui/icons-material/Reply';
import { DataTable, List, Pagination, type RaRecord } from 'react-admin';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZE_OPTIONS } from '../constants';
import { schemaFilters } from '../admin/filters';
import { NoData } from '../admin/NoData';
import { PageHeading } from '../admin/PageHeading';
import { useDict } from '../admin/useDicts';
import { formatDateTime } from '../i18n/dateTime';
import { RequireRoles } from '../admin/RequireRoles';
import { clientResource } from '../registry';
import type { Feedback } from './feedbackApi';
import { ScreenshotThumb, StatusChip } from './FeedbackParts';
import { ReplyDialog } from './ReplyDialog';

const Clipped = ({ text, width = 240 }: { text: string | null | undefined; width?: number }) =>
  text ? (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap' }}>{text}</Box>}>
      <Box
        component="span"
        sx={{ display: 'block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {text}
      </Box>
    </Tooltip>
  ) : null;

const TypeLabel = ({ value }: { value: string }) => <>{useDict('feedbackType')[value] ?? value}</>;

const FeedbackTable = () => {
  const [replying, setReplying] = useState<Feedback>();
  const f = (r: RaRecord) => r as Feedback;
  return (
    <>
      <DataTable
        rowClick={false}
        bulkActionButtons={false}
        empty={<NoData />}
        sx={{ '& .MuiTableCell-head': { whiteSpace: 'nowrap' } }}
      >
        <DataTable.Col label="反馈人" source="createByName" disableSort />
        <DataTable.Col
          label="反馈类型"
          source="feedbackType"
          disableSort
          render={(r: RaRecord) => <TypeLabel value={f(r).feedbackType} />}
        />
        <DataTable.Col
          label="反馈内容"
          source="content"
          disableSort
          render={(r: RaRecord) => <Clipped text={f(r).content} />}
        />
        <DataTable.Col label="联系方式" source="contact" disableSort />
        <DataTable.Col
          label="截图"
          source="screenshot"
          disableSort
          render={(r: RaRecord) => <ScreenshotThumb url={f(r).screenshot} size={40} />}
        />
        <DataTable.Col
          label="提交时间"
          source="createDate"
          render={(r: RaRecord) => formatDateTime(f(r).createDate)}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <DataTable.Col
          label="处理状态"
          source="status"
          disableSort
          render={(r: RaRecord) => <StatusChip status={f(r).status} />}
        />
        <DataTable.Col
          label="回复"
          source="reply"
          disableSort
          render={(r: RaRecord) => <Clipped text={f(r).reply} width={200} />}
        />
        <DataTable.Col
          label="操作"
          disableSort
          render={(r: RaRecord) => (
            <Button size="small" startIcon={<ReplyIcon />} onClick={() => setReplying(f(r))}>
              回复
            </Button>
          )}
        />
      </DataTable>
      {replying && <ReplyDialog record={replying} onClose={() => setReplying(undefined)} />}
    </>
  );
};

export const FeedbackAdminPage = () => (
  <RequireRoles roles={['admin']} title="问题反馈">
    <PageHeading title="问题反馈" />
    <List
      resource="sysFeedback"
      title="问题反馈"
      perPage={DEFAULT_PAGE_SIZE}
      sort={DEFAULT_SORT}
      filters={schemaFilters(clientResource('sysFeedback').schema)}
      actions={false}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZE_OPTIONS} />}
      exporter={false}
      empty={false}
      storeKey="sysFeedback.admin"
      sx={{
        minWidth: 0,
        '& .RaList-main': { minWidth: 0 },
        '& .RaList-content': { minWidth: 0 },
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
      }}
    >
      <FeedbackTable />
    </List>
  </RequireRoles>
);

export default FeedbackAdminPage;
