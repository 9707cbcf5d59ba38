// The pagination labels of every paged table, from react-admin's messages (zh-CN.ts ra.navigation): a MUI
// TablePagination outside a react-admin list (e.g. the 从已有单体同步 dialog) takes these, so every list reads
// '第 1-10 条，共 35 条' and '每页行数' — not MUI's own zhCN wording.
import type { LabelDisplayedRowsArgs } from '@mui/material';
import { useTranslate } from 'react-admin';

export function usePaginationLabels() {
  const translate = useTranslate();
  return {
    labelRowsPerPage: translate('ra.navigation.page_rows_per_page'),
    labelDisplayedRows: ({ from, to, count }: LabelDisplayedRowsArgs) =>
      translate('ra.navigation.page_range_info', {
        offsetBegin: from,
        offsetEnd: to,
        total: count === -1 ? to : count,
      }),
  };
}
