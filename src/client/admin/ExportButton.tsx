// 导出表格: the list as an Excel workbook — the same filters and sort as on screen, every row; the server answers
// a download link (GET <path>/export). Used by the generic lists and the building lists.
import { useState } from 'react';
import { Button } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useListContext, useNotify } from 'react-admin';
import { MSG } from '../constants';
import { listQuery } from '../providers/dataProvider';
import { download } from '../providers/download';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { clientResource } from '../registry';
import { errorMessage } from './useConfirmedAction';

export const ExportButton = ({
  resource,
  permanent = {},
}: {
  resource: string;
  permanent?: Record<string, unknown>;
}) => {
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { pageNum: _n, pageSize: _s, ...query } = listQuery({ filter: { ...filterValues, ...permanent }, sort });
      download(await apiFetch<string>(apiUrl(`${clientResource(resource).path}/export`, query)));
      notify(MSG.exported, { type: 'success' });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<FileDownloadIcon />} onClick={onClick} disabled={busy}>
      导出表格
    </Button>
  );
};
