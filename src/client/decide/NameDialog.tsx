// The dialog that asks a variant's name (另存为方案, 重命名): 1–20 characters checked here, the server's refusal
// (a name already taken, the limit of 10 variants) shown in the dialog.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { errorMessage } from '../admin/useConfirmedAction';
import { NAME_MAX, variantNameError } from './texts';

export interface NameDialogProps {
  title: string;
  initial?: string;
  hint?: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

export const NameDialog = ({ title, initial = '', hint, onSubmit, onClose }: NameDialogProps) => {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalid = variantNameError(name);
  const submit = async () => {
    setTouched(true);
    if (invalid) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name.trim());
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {hint && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {hint}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          label="方案名称"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void submit()}
          error={touched && !!invalid}
          helperText={(touched && invalid) || `1–${NAME_MAX} 个字符`}
          slotProps={{ htmlInput: { maxLength: NAME_MAX + 5 } }}
          sx={{ mt: 1 }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          取消
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
};
