// 重新计算 on the current factor versions: the dialog first runs the preview (the server recalculates in a
// transaction it rolls back) and shows, per stage, the stored figure, the new one and the difference (tCO2e, 2
// decimals), with the factors that changed. Only 确认更新 stores it; 取消 leaves the stored result as it was.
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
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
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber } from '../../calc/format';
import { errorMessage } from '../admin/useConfirmedAction';
import { JobProgress, CALCULATING } from '../jobs/JobProgress';
import { useJob } from '../jobs/useJob';
import { MSG } from '../constants';
import { recalc, type Change, type FactorChange, type FactorVersion, type RecalcAnswer } from './factorApi';
import { versionsRoute } from './routes';
import { ScrollX } from '../admin/ScrollX';

export const APPLIED_MESSAGE = '已按当前因子版本重新计算并保存';

/** '+0.16' / '-1,234.50' / '0.00' — the sign of a rounded difference. */
export const signed = (n: number) => {
  const text = formatNumber(n);
  return n > 0 && /[1-9]/.test(text) ? `+${text}` : text;
};

const figure = (n: number | null) => (n === null ? '—' : formatNumber(n));

const factorText = (f: FactorVersion | null) =>
  f ? `第 ${f.version} 版 ${formatNumber(f.materialCo, 4, '空')} ${f.coUnit}` : '无当前版本';

const FactorLine = ({ f }: { f: FactorChange }) => (
  <Typography variant="body2" component="li" sx={{ mb: 0.5 }}>
    {f.old.name}：{factorText(f.old)} → {factorText(f.current)}（
    {f.uses.map((u) => `${u.title} ${u.rows} 行`).join('、')}）{' '}
    <Link component={RouterLink} to={versionsRoute(f.old.id)}>
      历史版本
    </Link>
  </Typography>
);

const DiffRow = ({ label, c, strong }: { label: string; c: Change; strong?: boolean }) => (
  <TableRow sx={strong ? { '& td': { fontWeight: 600 } } : undefined}>
    <TableCell>{label}</TableCell>
    <TableCell align="right">{figure(c.before)}</TableCell>
    <TableCell align="right">{figure(c.after)}</TableCell>
    <TableCell
      align="right"
      sx={{ color: c.diff > 0.005 ? 'error.main' : c.diff < -0.005 ? 'success.main' : undefined }}
    >
      {signed(c.diff)}
    </TableCell>
  </TableRow>
);

export const DiffTable = ({ answer }: { answer: RecalcAnswer }) => (
  <ScrollX label="重新计算前后对比">
    <Table
      size="small"
      aria-label="重新计算前后对比"
      sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } }, '& td:first-of-type': { whiteSpace: 'nowrap' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>阶段</TableCell>
          <TableCell align="right">原结果(tCO2e)</TableCell>
          <TableCell align="right">新结果(tCO2e)</TableCell>
          <TableCell align="right">差异(tCO2e)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {answer.stages.map((s) => (
          <DiffRow key={s.code} label={s.title} c={s} />
        ))}
        <DiffRow label="碳排放总量" c={answer.total} strong />
      </TableBody>
    </Table>
  </ScrollX>
);

export const RecalcDialog = ({
  buildingId,
  buildingName,
  open,
  onClose,
}: {
  buildingId: number;
  buildingName?: string;
  open: boolean;
  onClose: () => void;
}) => {
  const notify = useNotify();
  const client = useQueryClient();
  const { job, follow, stop } = useJob();
  const [answer, setAnswer] = useState<RecalcAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- each opening previews afresh
    setAnswer(null);
    setError(null);
    recalc(buildingId, false, follow)
      .then((a) => live && setAnswer(a))
      .catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
      stop();
    };
  }, [open, buildingId, follow, stop]);

  const apply = async () => {
    setBusy(true);
    try {
      const done = await recalc(buildingId, true, follow);
      if (done) notify(APPLIED_MESSAGE, { type: 'success' });
      await client.invalidateQueries();
      onClose();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="recalc-title">
      <DialogTitle id="recalc-title">按当前因子版本重新计算{buildingName ? `：${buildingName}` : ''}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {!error &&
          !answer &&
          (job ? <JobProgress job={job} prefix={CALCULATING} /> : <CircularProgress size={28} aria-label="正在计算" />)}
        {answer && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              以下为按因子当前版本重新计算的结果，尚未保存；确认后才会更新计算结果。
            </Typography>
            <Box component="ul" sx={{ pl: 2, mt: 0 }}>
              {answer.factors.map((f) => (
                <FactorLine key={f.old.id} f={f} />
              ))}
            </Box>
            {answer.left.map((m) => (
              <Alert key={m} severity="warning" sx={{ mb: 1 }}>
                {m}
              </Alert>
            ))}
            {answer.stages.length ? <DiffTable answer={answer} /> : <Typography>{MSG.noData}</Typography>}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {busy && job && <JobProgress job={job} prefix={CALCULATING} />}
        <Button onClick={onClose} disabled={busy}>
          取消
        </Button>
        <Button variant="contained" onClick={apply} disabled={!answer || busy}>
          确认更新
        </Button>
      </DialogActions>
    </Dialog>
  );
};
