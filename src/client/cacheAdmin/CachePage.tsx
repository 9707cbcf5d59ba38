// src/client/cacheAdmin/ owns /sys/cache 缓存管理 (super admin): each server cache — 名称, 条目数,
// 最后加载, 说明 — from GET sys/v1/sys/cache/, and 清除 per cache (confirmation; clearing 登录会话 signs every
// other user out) → DELETE sys/v1/sys/cache/{name}, then the table is read again.
import { Alert, Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import ClearIcon from '@mui/icons-material/DeleteSweep';
import { useQuery } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { PageCard } from '../admin/PageCard';
import { NoData } from '../admin/NoData';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { formatDateTime } from '../i18n/dateTime';
import { RequireRoles } from '../admin/RequireRoles';
import { apiFetch, apiUrl } from '../providers/httpClient';

export interface CacheInfo {
  name: string;
  title: string;
  size: number;
  unit: string;
  loadedAt: string | null;
  description: string;
}

const CACHES = 'sys/v1/sys/cache';
export const fetchCaches = () => apiFetch<CacheInfo[]>(apiUrl(`${CACHES}/`));
export const clearCache = (name: string) =>
  apiFetch<null>(apiUrl(`${CACHES}/${encodeURIComponent(name)}`), { method: 'DELETE' });

const confirmText = (c: CacheInfo) =>
  c.name === 'session'
    ? `清除“${c.title}”后，除您以外的所有用户都将退出登录，需要重新登录。确定要清除吗？`
    : `确定要清除“${c.title}”缓存吗？清除后将在下次使用时重新加载。`;

const ClearButton = ({ cache, onCleared }: { cache: CacheInfo; onCleared: () => void }) => {
  const notify = useNotify();
  const confirm = useConfirmedAction('清除缓存确认', confirmText(cache), async () => {
    try {
      await clearCache(cache.name);
      notify('清除缓存成功', { type: 'success' });
      onCleared();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<ClearIcon />}
        onClick={confirm.ask}
        disabled={confirm.busy}
        aria-label={`清除${cache.title}`}
      >
        清除
      </Button>
      {confirm.dialog}
    </>
  );
};

const CacheTable = () => {
  const { data, isPending, error, refetch } = useQuery({ queryKey: ['sysCache'], queryFn: fetchCaches, retry: false });
  if (isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {errorMessage(error)}
      </Alert>
    );
  if (!data?.length) return <NoData />;
  return (
    <TableContainer>
      <Table size="small" aria-label="缓存列表">
        <TableHead>
          <TableRow>
            <TableCell>名称</TableCell>
            <TableCell align="right">条目数</TableCell>
            <TableCell>最后加载</TableCell>
            <TableCell>说明</TableCell>
            <TableCell>操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((c) => (
            <TableRow key={c.name} data-testid={`cache-${c.name}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.title}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {Number(c.size ?? 0).toLocaleString('zh-CN')} {c.unit}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.loadedAt ? formatDateTime(c.loadedAt) : '暂无'}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{c.description}</TableCell>
              <TableCell>
                <ClearButton cache={c} onCleared={() => void refetch()} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

export const CachePage = () => (
  <RequireRoles roles={['admin']} title="缓存管理">
    <PageCard
      page
      title="缓存管理"
      subheader="服务器缓存的数据及其最后加载时间；清除后将从数据库重新加载，其他服务器实例同步清除"
    >
      <CacheTable />
    </PageCard>
  </RequireRoles>
);

export default CachePage;
