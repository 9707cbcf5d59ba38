// The signers' comments on a revision: each with what it is on (the building, a stage, a row: the server's words), its
// author and level, its state (未处理 → 已处理 by 计算人 with a note → 已关闭 by its author or the author's signature).
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatDate } from '../admin/schemaFields';
import { errorMessage } from '../admin/useConfirmedAction';
import { useCurrentUser } from '../session/useCurrentUser';
import { closeComment, resolveComment, type ReviewAnswer, type ReviewComment } from './reviewApi';
import { COMMENT_STATUS, REVIEW_MSG } from './texts';
import { LEVELS } from '../../../schemas/review';

const levelTitle = (level: string) => LEVELS.find((l) => l.level === level)?.role ?? level;

export const CommentList = ({ r }: { r: ReviewAnswer }) => {
  const me = Number(useCurrentUser()?.userId);
  if (!r.comments.length) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          校审意见
        </Typography>
        <Stack spacing={1.5}>
          {[...r.comments].reverse().map((c) => (
            <CommentItem
              key={c.id}
              c={c}
              canResolve={r.can.resolve && c.status === 'open'}
              canClose={c.author.id === me && c.status !== 'closed'}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};

const CommentItem = ({ c, canResolve, canClose }: { c: ReviewComment; canResolve: boolean; canClose: boolean }) => {
  const notify = useNotify();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const status = COMMENT_STATUS[c.status];
  const act = async (step: () => Promise<unknown>, message: string) => {
    setError(null);
    try {
      await step();
      notify(message, { type: 'success' });
      await client.invalidateQueries({ queryKey: ['review'] });
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Box data-testid="review-comment" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Chip size="small" label={status.label} color={status.color} />
        <Typography variant="body2" color="text.secondary">
          {levelTitle(c.level)} {c.author.name} · {formatDate(c.createDate, true)} · {c.where}
        </Typography>
      </Stack>
      <Typography variant="body1" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        {c.content}
      </Typography>
      {c.resolveNote && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
          处理说明（{c.resolvedBy?.name}）：{c.resolveNote}
        </Typography>
      )}
      {canResolve && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            label="处理说明"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ flex: 1 }}
          />
          <Button
            variant="outlined"
            disabled={!note.trim()}
            onClick={() => act(() => resolveComment(c.id, note.trim()), '已处理')}
          >
            {REVIEW_MSG.resolve}
          </Button>
        </Stack>
      )}
      {canClose && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => act(() => closeComment(c.id), '已关闭')}>
          {REVIEW_MSG.close}
        </Button>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
};
