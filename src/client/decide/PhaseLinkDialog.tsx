// 关联阶段: the buildings the caller may link to this one's phase group (other modules, writable), the latest changed
// first and searched by name (when more match than are offered, the dialog says how many); one chosen and linked;
// the server's refusal (a module already linked) is shown in the dialog.
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../admin/debounce';
import { formatNumber } from '../../calc/format';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import { getPhaseCandidates, linkPhase, type PhaseAnswer } from './decideApi';

export interface PhaseLinkDialogProps {
  projectId: number;
  onLinked: (answer: PhaseAnswer) => void;
  onClose: () => void;
}

export const PhaseLinkDialog = ({ projectId, onLinked, onClose }: PhaseLinkDialogProps) => {
  const [input, setInput] = useState('');
  const name = useDebouncedValue(input, 200);
  const candidates = useQuery({
    queryKey: ['decide', 'phaseCandidates', projectId, name],
    queryFn: ({ signal }) => getPhaseCandidates(projectId, name, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
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
  const rows = candidates.data?.list ?? [];
  const more = candidates.data?.more ?? 0;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>关联阶段</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          选择同一建筑在其他计算模块（估算、概预算、核算）中的单体；每个模块只能关联一个单体。
        </Typography>
        <TextField
          size="small"
          fullWidth
          label="单体名称"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          sx={{ mb: 1 }}
        />
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
                <ListItemText
                  primary={`${c.name}（${c.moduleLabel}）`}
                  secondary={c.engineeringName ? `所属项目：${c.engineeringName}` : undefined}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        {more > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            另有 {formatNumber(more, 0)} 个单体未列出，请输入名称查找
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
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
