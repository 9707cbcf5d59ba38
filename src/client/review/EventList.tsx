// The steps of a revision's sign-off, newest first: who (a signing step: its signer as named when he signed), when,
// what (提交校审, 签署, 退回, 撤回, 更换签署人, 新建修订版), from → to, the note and the flags acknowledged with their reasons.
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { formatDate } from '../admin/schemaFields';
import type { ReviewEvent } from './reviewApi';
import { ACTION_LABELS, STATE_LABELS } from './texts';

export const EventList = ({ events }: { events: ReviewEvent[] }) => (
  <Card variant="outlined" sx={{ mb: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h2">
        校审记录
      </Typography>
      <List dense aria-label="校审记录">
        {events.length === 0 && (
          <ListItem>
            <ListItemText primary="暂无数据" />
          </ListItem>
        )}
        {[...events].reverse().map((e) => (
          <ListItem key={e.id} divider data-testid="review-event">
            <ListItemText
              primary={`${formatDate(e.createDate, true)}　${(e.signer ?? e.user).name} ${ACTION_LABELS[e.action]}（${STATE_LABELS[e.fromState]} → ${STATE_LABELS[e.toState]}）`}
              secondary={
                [e.note, ...(e.acknowledgements ?? []).map((a) => `${a.text}：${a.reason}`)]
                  .filter(Boolean)
                  .join('；') || undefined
              }
              slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
            />
          </ListItem>
        ))}
      </List>
    </CardContent>
  </Card>
);
