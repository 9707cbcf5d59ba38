// 撤回: 计算人 takes a submitted revision back to 编制中 before its first level has signed (the server's
// can.withdraw), after a confirmation; the first signer is told by the server.
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import { withdrawReview, type ReviewAnswer } from './reviewApi';
import { WITHDRAW_MSG } from './texts';

export const WithdrawButton = ({ r }: { r: ReviewAnswer }) => {
  const notify = useNotify();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!r.can.withdraw) return null;
  const first = r.chain.find((s) => s.level !== 'calc');
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await withdrawReview(r.projectId);
      notify(WITHDRAW_MSG.done, { type: 'success' });
      setOpen(false);
      await client.invalidateQueries({ queryKey: ['review'] });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {WITHDRAW_MSG.hint(first?.role ?? '签署人')}
      </Typography>
      <Button variant="outlined" color="warning" disabled={busy} onClick={() => setOpen(true)}>
        {WITHDRAW_MSG.button}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="review-withdraw-title">
        <DialogTitle id="review-withdraw-title">{WITHDRAW_MSG.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{WITHDRAW_MSG.confirm(first?.role ?? '签署人')}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>取消</Button>
          <Button variant="contained" color="warning" disabled={busy} onClick={send}>
            {WITHDRAW_MSG.button}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
