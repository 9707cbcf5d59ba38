// One revision's sign-off: its state, the chain (计算, 校对 … with names and dates), what the caller may do now —
// submit with a reason for each flag (计算人), sign or return with comments (the current level's signer), open the
// next revision (计算人, once 已审定) — then the comments, the steps so far and every change of the building.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDate } from '../admin/schemaFields';
import { errorMessage } from '../admin/useConfirmedAction';
import { CommentList } from './CommentList';
import { AuditTrail } from './AuditTrail';
import { EventList } from './EventList';
import { FrozenReportCard } from './FrozenReportCard';
import { PublicUrlWarning } from './PublicUrlWarning';
import { ReturnDialog } from './ReturnDialog';
import { ReassignButton } from './ReassignDialog';
import { WithdrawButton } from './WithdrawButton';
import { StaleResultOf } from '../buildings/StaleResult';
import { approveReview, getReview, reviewRoute, reviseBuilding, submitReview, type ReviewAnswer } from './reviewApi';
import { REVIEW_MSG, STATE_COLORS, STATE_LABELS, WITHDRAW_MSG } from './texts';

export const reviewKey = (id: number) => ['review', id] as const;
/** How often the page reads the review again while the signed report is drawn. */
const DRAWING_POLL_MS = 1000;

export const BuildingReview = ({ id }: { id: number }) => {
  // (a signed revision's report is drawn after the signature: read again while its drawing runs)
  const review = useQuery({
    queryKey: reviewKey(id),
    queryFn: ({ signal }) => getReview(id, signal),
    retry: false,
    refetchInterval: (q) => (q.state.data?.drawing?.state === 'running' ? DRAWING_POLL_MS : false),
  });
  if (review.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (review.isError) return <Alert severity="error">{errorMessage(review.error)}</Alert>;
  const r = review.data;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          校审 — {r.name}
        </Typography>
        <Chip label={`修订版 ${r.revision}`} variant="outlined" />
        <Chip label={STATE_LABELS[r.state]} color={STATE_COLORS[r.state]} data-testid="review-state" />
        {r.reportNo && (
          <Chip label={`报告编号 ${r.reportNo}`} color="success" variant="outlined" data-testid="review-report-no" />
        )}
        {r.revisionOf && (
          <Link component={RouterLink} to={reviewRoute(r.revisionOf)}>
            上一修订版
          </Link>
        )}
      </Stack>
      <StaleResultOf id={r.projectId} />
      <Chain r={r} />
      <FrozenReportCard r={r} refresh={() => review.refetch()} />
      <PublicUrlWarning r={r} />
      <Actions r={r} />
      <CommentList r={r} />
      <EventList events={r.events} />
      <AuditTrail projectId={r.projectId} />
    </>
  );
};

const Chain = ({ r }: { r: ReviewAnswer }) => (
  <Card variant="outlined" sx={{ mb: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        签署
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} role="list" aria-label="签署">
        {r.chain.map((s) => (
          <Box
            key={s.level}
            role="listitem"
            data-testid={`review-level-${s.level}`}
            sx={{
              flex: 1,
              border: 1,
              borderColor: s.signedAt ? 'success.light' : 'divider',
              borderRadius: 1,
              p: 1.5,
              minWidth: 0,
            }}
          >
            <Typography variant="subtitle2">{s.role}</Typography>
            <Typography variant="body1" sx={{ wordBreak: 'break-word' }}>
              {s.people.map((p) => p.name).join('、') || '未指定'}
            </Typography>
            <Typography variant="caption" color={s.signedAt ? 'success.main' : 'text.secondary'}>
              {s.signedAt ? `${s.level === 'calc' ? '提交' : '签署'}于 ${formatDate(s.signedAt, true)}` : '未签署'}
            </Typography>
            <ReassignButton r={r} step={s} />
          </Box>
        ))}
      </Stack>
    </CardContent>
  </Card>
);

/** What the caller may do now; each step answers with the server's message and reads the revision again. */
const Actions = ({ r }: { r: ReviewAnswer }) => {
  const notify = useNotify();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (step: () => Promise<unknown>, message: string, after?: (answer: unknown) => void) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await step();
      notify(message, { type: 'success' });
      await client.invalidateQueries({ queryKey: ['review'] });
      after?.(answer);
    } catch (err) {
      setError(errorMessage(err));
      // a refused submission may have brought a stale result up to date: show its flags
      await client.invalidateQueries({ queryKey: ['review'] });
    } finally {
      setBusy(false);
    }
  };
  const { can } = r;
  if (!can.submit && !can.approve && !can.revise && !can.withdraw) return null;
  const missing = r.flags.filter((f) => !reasons[f]?.trim());
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {can.submit
            ? REVIEW_MSG.submit
            : can.approve
              ? '签署或退回'
              : can.withdraw
                ? WITHDRAW_MSG.title
                : REVIEW_MSG.revise}
        </Typography>
        {can.submit && (
          <>
            {r.flags.length > 0 && (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  计算结果有以下提示，提交前请逐条说明：
                </Typography>
                <Stack spacing={1.5} sx={{ mb: 2 }}>
                  {r.flags.map((f, i) => (
                    <TextField
                      key={f}
                      size="small"
                      label={`说明 ${i + 1}`}
                      helperText={f}
                      value={reasons[f] ?? ''}
                      onChange={(e) => setReasons({ ...reasons, [f]: e.target.value })}
                      slotProps={{
                        htmlInput: { maxLength: 200, 'aria-label': `说明：${f}` },
                        formHelperText: { sx: { whiteSpace: 'normal', wordBreak: 'break-word' } },
                      }}
                    />
                  ))}
                </Stack>
              </>
            )}
            <Button
              variant="contained"
              disabled={busy || missing.length > 0}
              onClick={() =>
                run(
                  () =>
                    submitReview(
                      r.projectId,
                      r.flags.map((text) => ({ text, reason: reasons[text].trim() })),
                    ),
                  '已提交校审',
                )
              }
            >
              {REVIEW_MSG.submit}
            </Button>
            {missing.length > 0 && (
              <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {REVIEW_MSG.reasonNeeded}
              </Typography>
            )}
          </>
        )}
        {can.approve && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label="签署意见（可选）"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ flex: 1 }}
            />
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => run(() => approveReview(r.projectId, note.trim() || undefined), '已签署')}
            >
              {REVIEW_MSG.approve}
            </Button>
            <Button variant="outlined" color="warning" disabled={busy} onClick={() => setReturning(true)}>
              {REVIEW_MSG.return}
            </Button>
          </Stack>
        )}
        {can.withdraw && (
          <Box sx={{ mt: can.approve ? 2 : 0 }}>
            <WithdrawButton r={r} />
          </Box>
        )}
        {can.revise && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              已审定的修订版不能修改。新建修订版将复制本修订版的数据，重新编制后再提交校审；本修订版保留不变。
            </Typography>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() =>
                run(
                  () => reviseBuilding(r.projectId),
                  '已新建修订版',
                  (a) => navigate(reviewRoute((a as { id: number }).id)),
                )
              }
            >
              {REVIEW_MSG.revise}
            </Button>
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="review-error">
            {error}
          </Alert>
        )}
      </CardContent>
      {returning && (
        <ReturnDialog
          r={r}
          onClose={() => setReturning(false)}
          onDone={() => client.invalidateQueries({ queryKey: ['review'] })}
        />
      )}
    </Card>
  );
};
