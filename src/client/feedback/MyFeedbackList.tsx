// 我的反馈: the caller's own feedback (GET sysFeedback/?mine=true — the super admin would otherwise get everyone's),
// newest first: type, date, status chip, content, screenshot, and the administrator's reply once there is one.
// 暂无数据 when empty.
import { Alert, Box, List, ListItem, Stack, Typography } from '@mui/material';
import { Loading, useListContext } from 'react-admin';
import { NoData } from '../admin/NoData';
import { useDict } from '../admin/useDicts';
import { formatDateTime } from '../i18n/dateTime';
import type { Feedback } from './feedbackApi';
import { ScreenshotThumb, StatusChip } from './FeedbackParts';

const Row = ({ f, types }: { f: Feedback; types: Record<string, string> }) => (
  <ListItem divider sx={{ display: 'block', py: 1.5 }} data-testid="my-feedback">
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
      <Typography variant="subtitle2" component="span">
        {types[f.feedbackType] ?? f.feedbackType}
      </Typography>
      <StatusChip status={f.status} />
      <Typography variant="caption" color="text.secondary" component="span">
        {formatDateTime(f.createDate)}
      </Typography>
    </Stack>
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {f.content}
      </Typography>
      <ScreenshotThumb url={f.screenshot} />
    </Box>
    {f.reply && (
      <Alert severity="success" icon={false} sx={{ mt: 1 }} data-testid="feedback-reply">
        <Typography variant="caption" component="div" color="text.secondary">
          管理员回复{f.replyDate ? ` · ${formatDateTime(f.replyDate)}` : ''}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {f.reply}
        </Typography>
      </Alert>
    )}
  </ListItem>
);

export const MyFeedbackList = () => {
  const { data, isPending } = useListContext<Feedback>();
  const types = useDict('feedbackType');
  if (isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (!data?.length) return <NoData />;
  return (
    <List disablePadding aria-label="我的反馈">
      {data.map((f) => (
        <Row key={f.id} f={f} types={types} />
      ))}
    </List>
  );
};
