// 从已有单体同步: the buildings the user may see (GET tpf3ProjectV list, 5 or 10 a page, searched by name);
// picking one hands its record to the form, which copies the information fields (not id, name, code, results).
// The building being edited stays in the list (so 共 N 条 counts what is listed) but cannot be picked.
import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { tpf3Project } from '../../../../schemas/domain/tpf3Project';
import { moduleDef } from '../../../../schemas/standards';
import { apiFetch, apiUrl } from '../../providers/httpClient';
import type { ListAnswer } from '../../providers/dataProvider';
import { formatNumber } from '../../../calc/format';
import type { Rec } from './model';
import { usePaginationLabels } from '../../i18n/pagination';

export const SYNC_EMPTY_TEXT = '暂无可选单体建筑';
export const SYNC_TITLE = '从已有单体同步';

export interface SyncDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (record: Rec) => void;
  /** The building being edited: listed, not offered. */
  excludeId?: number;
}

const P = tpf3Project.properties;
const COLUMNS = ['name', 'engineeringName', 'computeMethod', 'site', 'buildArea'] as const;

function cell(r: Rec, f: (typeof COLUMNS)[number]) {
  const v = r[f];
  if (f === 'computeMethod') return moduleDef(String(v))?.label ?? String(v ?? '');
  if (f === 'buildArea') return formatNumber(v);
  return v === null || v === undefined ? '' : String(v);
}

export function SyncDialog({ open, onClose, onPick, excludeId }: SyncDialogProps) {
  const paginationLabels = usePaginationLabels();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(5);
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const t = setTimeout(() => {
      setName(input.trim());
      setPage(0);
    }, 200);
    return () => clearTimeout(t);
  }, [input]);
  const { data, isFetching } = useQuery({
    queryKey: ['tpf3ProjectV', 'sync', page, pageSize, name],
    queryFn: ({ signal }) =>
      apiFetch<ListAnswer<Rec>>(apiUrl('tpf/v1/tpf/tpf3ProjectV/', { pageNum: page + 1, pageSize, name }), { signal }),
    enabled: open,
    retry: false,
  });
  const rows = data?.dataList ?? [];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{SYNC_TITLE}</DialogTitle>
      <DialogContent>
        <TextField
          size="small"
          label={P.name.title}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          sx={{ mt: 1, mb: 1, minWidth: 260 }}
        />
        <Table size="small" aria-label="可同步的单体建筑">
          <TableHead>
            <TableRow>
              {COLUMNS.map((f) => (
                <TableCell key={f}>{P[f].title}</TableCell>
              ))}
              <TableCell align="right">操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={String(r.id)} hover>
                {COLUMNS.map((f) => (
                  <TableCell key={f}>{cell(r, f)}</TableCell>
                ))}
                <TableCell align="right">
                  <Button size="small" onClick={() => onPick(r)} disabled={r.id === excludeId}>
                    {r.id === excludeId ? '当前单体' : '同步'}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {!isFetching && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1} align="center">
                  <Typography variant="body2" color="text.secondary">
                    {SYNC_EMPTY_TEXT}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        <TablePagination
          {...paginationLabels}
          component="div"
          count={data?.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[5, 10]}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
      </DialogActions>
    </Dialog>
  );
}
