// The building list's 修订版 column: the list offers each building once, by its current revision; a building
// revised after signing (B made from A) opens its 历史修订版 here — every revision of the chain with its state,
// report number and total (GET tpf3ProjectV/revisions).
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { STATE_LABELS, type ReviewState } from '../../../schemas/review';
import { formatNumber } from '../../calc/format';
import { errorMessage } from '../admin/useConfirmedAction';
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { BuildingRecord } from './buildingApi';
import { reviewRoute } from './buildingPages';

export const HISTORY = '历史修订版';

const revisionsOf = (projectId: number, signal?: AbortSignal) =>
  apiFetch<BuildingRecord[]>(apiUrl('tpf/v1/tpf/tpf3ProjectV/revisions', { projectId }), { signal });

export const RevisionCell = ({ record }: { record: BuildingRecord }) => {
  const [open, setOpen] = useState(false);
  const revision = String(record.revision || 'A');
  if (record.revisionOf == null) return <>{revision}</>;
  return (
    <>
      {revision}
      <Link
        component="button"
        type="button"
        underline="hover"
        onClick={() => setOpen(true)}
        sx={{ display: 'block', whiteSpace: 'nowrap', fontSize: '0.8125rem' }}
      >
        {HISTORY}
      </Link>
      {open && <RevisionsDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
};

const RevisionsDialog = ({ record, onClose }: { record: BuildingRecord; onClose: () => void }) => {
  const { data, error, isPending } = useQuery({
    queryKey: ['tpf3ProjectV', 'revisions', record.id],
    queryFn: ({ signal }) => revisionsOf(record.id, signal),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="revisions-title">
      <DialogTitle id="revisions-title">
        {HISTORY}：{String(record.name)}
      </DialogTitle>
      <DialogContent sx={{ overflowX: 'auto' }}>
        {isPending ? (
          '正在读取…'
        ) : error ? (
          errorMessage(error)
        ) : (
          <Table size="small" aria-label={HISTORY}>
            <TableHead>
              <TableRow>
                <TableCell>修订版</TableCell>
                <TableCell>校审状态</TableCell>
                <TableCell>报告编号</TableCell>
                <TableCell align="right">碳排放总量(tCO2e)</TableCell>
                <TableCell>说明</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...(data ?? [])].reverse().map((b) => (
                <TableRow key={b.id} selected={b.id === record.id}>
                  <TableCell>
                    <Link component={RouterLink} to={reviewRoute(b.id)}>
                      修订版 {String(b.revision || 'A')}
                    </Link>
                  </TableCell>
                  <TableCell>{STATE_LABELS[(b.reviewState ?? 'draft') as ReviewState]}</TableCell>
                  <TableCell>{b.reportNo ? String(b.reportNo) : '—'}</TableCell>
                  <TableCell align="right">{formatNumber(b.total ?? 0)}</TableCell>
                  <TableCell>
                    {b.superseded ? '已被新修订版替代，不计入汇总' : '当前修订版'}
                    {b.resultStale ? '；结果已过期' : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
};
