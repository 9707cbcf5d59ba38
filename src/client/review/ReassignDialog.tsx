// 更换签署人 (the tenant's group admin, the super admin): a level's signer replaced by another user of the
// building's tenant — the level waiting now included, so a signer who left or is away strands nothing. The server
// checks the 兼任 rules (one person one level, no 计算人, no author of the revision) and answers under the field.
import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import { getSignerChoices, reassignSigner, type ChainStep, type ReviewAnswer } from './reviewApi';
import { REASSIGN_MSG } from './texts';

type Level = Exclude<ChainStep['level'], 'calc'>;

export const ReassignDialog = ({
  r,
  step,
  onClose,
}: {
  r: ReviewAnswer;
  step: ChainStep & { level: Level };
  onClose: () => void;
}) => {
  const notify = useNotify();
  const client = useQueryClient();
  const choices = useQuery({
    queryKey: ['review', 'signers', r.projectId],
    queryFn: ({ signal }) => getSignerChoices(r.projectId, signal),
    retry: false,
  });
  const current = step.people[0]?.id;
  const [userId, setUserId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = (choices.data ?? []).filter((p) => p.id !== current);
  const send = async () => {
    if (!userId) return;
    setBusy(true);
    setError(null);
    try {
      await reassignSigner(r.projectId, step.level, userId);
      notify(REASSIGN_MSG.done, { type: 'success' });
      await client.invalidateQueries({ queryKey: ['review'] });
      onClose();
    } catch (err) {
      // (a refused choice answers its field's message)
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="review-reassign-title">
      <DialogTitle id="review-reassign-title">
        {REASSIGN_MSG.title}：{step.role}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          当前{step.role}：{step.people.map((p) => p.name).join('、') || '未指定'}。{REASSIGN_MSG.hint}
        </DialogContentText>
        <Autocomplete
          options={options}
          loading={choices.isPending}
          value={options.find((p) => p.id === userId) ?? null}
          onChange={(_e, v) => setUserId(v?.id ?? null)}
          getOptionLabel={(p) => p.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText="暂无数据"
          loadingText="正在加载…"
          renderInput={(params) => <TextField {...params} label={`新的${step.role}`} autoFocus />}
        />
        {choices.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(choices.error)}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="review-reassign-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={busy || !userId} onClick={send}>
          {REASSIGN_MSG.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The action beside a level of the chain: opens the dialog (shown when the server says the caller may). */
export const ReassignButton = ({ r, step }: { r: ReviewAnswer; step: ChainStep }) => {
  const [open, setOpen] = useState(false);
  if (!r.can.reassign || step.level === 'calc') return null;
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        sx={{ mt: 0.5, px: 0.5, minWidth: 0 }}
        aria-label={`${REASSIGN_MSG.title}：${step.role}`}
      >
        {REASSIGN_MSG.title}
      </Button>
      {open && <ReassignDialog r={r} step={step as ChainStep & { level: Level }} onClose={() => setOpen(false)} />}
    </>
  );
};
