// 关联阶段: the buildings the caller may link to this one's phase group (other modules, writable), one chosen and
// linked; the server's refusal (a module already linked) is shown in the dialog.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import { getPhaseCandidates, linkPhase, type PhaseAnswer } from './decideApi';

export interface PhaseLinkDialogProps {
  projectId: number;
  onLinked: (answer: PhaseAnswer) => void;
  onClose: () => void;
}

export const PhaseLinkDialog = ({ projectId, onLinked, onClose }: PhaseLinkDialogProps) => {
  const candidates = useQuery({ queryKey: ['decide', 'phaseCandidates', projectId], queryFn: ({ signal }) => getPhaseCandidates(projectId, signal), retry: false });
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = async () => {
    if (chosen === null) return;
    setBusy(true);
    setError(null);
    try {
      onLinked(await linkPhase(projectId, chosen));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const rows = candidates.data ?? [];
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>关联阶段</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          选择同一建筑在其他计算模块（估算、概预算、核算）中的单体；每个模块只能关联一个单体。
        </Typography>
        {candidates.isFetching && <LinearProgress />}
        {candidates.error ? (
          <Alert severity="error">{errorMessage(candidates.error)}</Alert>
        ) : !candidates.isPending && !rows.length ? (
          <Typography sx={{ py: 3, textAlign: 'center' }} color="text.secondary">
            {MSG.noData}
          </Typography>
        ) : (
          <List dense aria-label="可关联的单体">
            {rows.map((c) => (
              <ListItemButton key={c.id} selected={chosen === c.id} onClick={() => setChosen(c.id)}>
                <ListItemText primary={`${c.name}（${c.moduleLabel}）`} secondary={c.engineeringName ? `所属项目：${c.engineeringName}` : undefined} />
              </ListItemButton>
            ))}
          </List>
        )}
        {error && <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          取消
        </Button>
        <Button variant="contained" onClick={() => void link()} disabled={busy || chosen === null}>
          关联
        </Button>
      </DialogActions>
    </Dialog>
  );
};
