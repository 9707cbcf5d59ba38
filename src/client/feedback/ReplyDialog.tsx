// The super admin's reply to one feedback: 回复内容 and 处理状态 (已处理 by default) → PUT sysFeedback/. A new
// or changed reply reaches the sender as a notification (server side). The PUT carries the whole record.
import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { serverFieldErrors } from '../admin/form/serverFieldErrors';
import { errorMessage } from '../admin/useConfirmedAction';
import { FEEDBACK_STATUS, type Feedback } from './feedbackApi';

const REPLY_MAX = 2000;

export const ReplyDialog = ({ record, onClose }: { record: Feedback; onClose: () => void }) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reply, setReply] = useState(record.reply ?? '');
  const [status, setStatus] = useState<string>('1');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!reply.trim()) return setError('请输入回复内容');
    setBusy(true);
    try {
      // the whole record, as every PUT of a resource; the server keeps the sender's fields as they were
      const { feedbackType, content, contact, screenshot } = record;
      const data = {
        feedbackType,
        content,
        contact: contact ?? null,
        screenshot: screenshot ?? null,
        status,
        reply: reply.trim(),
      };
      await dataProvider.update('sysFeedback', { id: record.id, data, previousData: record });
      notify('回复成功', { type: 'success' });
      refresh();
      onClose();
    } catch (err) {
      setError(serverFieldErrors(err).reply);
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="reply-dialog-title">
      <DialogTitle id="reply-dialog-title">回复反馈</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {record.createByName ?? ''} 的反馈
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {record.content}
          </Typography>
        </Box>
        <TextField
          label="回复内容"
          required
          multiline
          minRows={4}
          autoFocus
          value={reply}
          disabled={busy}
          onChange={(e) => {
            setReply(e.target.value);
            setError(undefined);
          }}
          error={!!error}
          helperText={error ?? `${reply.length}/${REPLY_MAX}`}
          inputProps={{ maxLength: REPLY_MAX }}
        />
        <TextField select label="处理状态" value={status} disabled={busy} onChange={(e) => setStatus(e.target.value)}>
          {Object.entries(FEEDBACK_STATUS).map(([value, s]) => (
            <MenuItem key={value} value={value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          取消
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
};
