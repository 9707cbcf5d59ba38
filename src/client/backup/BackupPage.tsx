// src/client/backup/ owns /sys/backup 数据备份 (super admin): the backups of the embedded database —
// 文件名, 大小, 时间, 方式 (手动/定时), newest first — from GET sys/v1/sys/backup/, the schedule in effect (全局配置
// backup.cron / backup.keep), 立即备份 → POST (answers when the file is written) and 下载 through a one-time link.
// On PostgreSQL there is nothing to list: the page points to pg_dump (docs/operations.md) and has no button.
import {
  Alert,
  Box,
  Button,
  CardContent,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import BackupIcon from '@mui/icons-material/Backup';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { PageCard } from '../admin/PageCard';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { fileSizeText } from '../i18n/fileSize';
import { formatDateTime } from '../i18n/dateTime';
import { RequireRoles } from '../admin/RequireRoles';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { download } from '../providers/download';

export interface BackupInfo {
  name: string;
  size: number;
  createdAt: string;
  kind: 'manual' | 'scheduled';
}

export interface BackupState {
  engine: 'pglite' | 'postgres';
  cron: string;
  keep: number;
  running: boolean;
  list: BackupInfo[];
}

const BACKUP = 'sys/v1/sys/backup';
export const fetchBackups = () => apiFetch<BackupState>(apiUrl(`${BACKUP}/`));
export const createBackup = () => apiFetch<BackupInfo>(apiUrl(`${BACKUP}/`), { method: 'POST' });
export const backupLink = (name: string) =>
  apiFetch<string>(apiUrl(`${BACKUP}/link/${encodeURIComponent(name)}`), { method: 'POST' });

const KIND_LABEL = { manual: '手动', scheduled: '定时' } as const;

const Schedule = ({ s }: { s: BackupState }) => (
  <Typography variant="body2" color="text.secondary" data-testid="backup-schedule">
    {s.cron ? (
      <>
        定时备份：按 backup.cron = <code>{s.cron}</code>（服务器本地时间），保留最新 {s.keep}{' '}
        份定时备份（backup.keep）。
      </>
    ) : (
      <>定时备份：未开启（backup.cron 为空）。</>
    )}
    手动备份不计入保留份数，也不会被自动删除。在“全局配置”中修改。
  </Typography>
);

const DownloadButton = ({ b }: { b: BackupInfo }) => {
  const notify = useNotify();
  const link = useMutation({
    mutationFn: () => backupLink(b.name),
    onSuccess: (url) => download(url),
    onError: (err) => notify(errorMessage(err), { type: 'error' }),
  });
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => link.mutate()}
      disabled={link.isPending}
      aria-label={`下载${b.name}`}
    >
      下载
    </Button>
  );
};

const BackupTable = ({ list }: { list: BackupInfo[] }) =>
  list.length ? (
    <TableContainer>
      <Table size="small" aria-label="备份列表">
        <TableHead>
          <TableRow>
            <TableCell>文件名</TableCell>
            <TableCell align="right">大小</TableCell>
            <TableCell>时间</TableCell>
            <TableCell>方式</TableCell>
            <TableCell>操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((b) => (
            <TableRow key={b.name} data-testid={`backup-${b.name}`}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{b.name}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {fileSizeText(b.size)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.createdAt)}</TableCell>
              <TableCell>{KIND_LABEL[b.kind]}</TableCell>
              <TableCell>
                <DownloadButton b={b} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  ) : (
    <NoData />
  );

const BackupBody = () => {
  const notify = useNotify();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['sysBackup'],
    queryFn: fetchBackups,
    retry: false,
  });
  const make = useMutation({
    mutationFn: createBackup,
    onSuccess: (b) => notify(`备份成功：${b.name}`, { type: 'success' }),
    onError: (err) => notify(`备份失败：${errorMessage(err)}`, { type: 'error' }),
    onSettled: () => void refetch(),
  });
  if (isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {errorMessage(error)}
      </Alert>
    );
  if (data.engine === 'postgres')
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        当前使用 PostgreSQL 数据库（DATABASE_URL）：备份请用 pg_dump，恢复请用 pg_restore，命令见 docs/operations.md
        的“Backups and restore”。上传和生成的文件都保存在数据库中，数据库备份即全部数据。
      </Alert>
    );
  const busy = make.isPending || data.running;
  return (
    <>
      <CardContent sx={{ pt: 0 }}>
        <Schedule s={data} />
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
          <Button variant="contained" startIcon={<BackupIcon />} onClick={() => make.mutate()} disabled={busy}>
            立即备份
          </Button>
          {busy && <Typography variant="body2">正在备份，请稍候…（备份期间系统照常使用）</Typography>}
        </Box>
        {busy && <LinearProgress sx={{ mt: 1 }} aria-label="正在备份" />}
      </CardContent>
      <BackupTable list={data.list} />
    </>
  );
};

export const BackupPage = () => (
  <RequireRoles roles={['admin']} title="数据备份">
    <PageCard
      page
      title="数据备份"
      subheader="内置数据库的备份文件（服务器 DATA_DIR/backups），可下载保存到其他位置；恢复用 npm run restore（需先停止服务）"
    >
      <BackupBody />
    </PageCard>
  </RequireRoles>
);

export default BackupPage;
