// One notification of /notify: unread ones bold with a dot; clicking one that has a link marks it read and
// opens the link; 标为已读 and 删除 (with confirmation) beside it.
import {
  Box,
  Chip,
  IconButton,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../constants';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { useDict } from '../admin/useDicts';
import { formatDateTime } from '../i18n/dateTime';
import { notifyChanged } from '../session/inboxEvent';
import { markRead, type InboxItem } from './notifyApi';

export const InboxRow = ({ item }: { item: InboxItem }) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const { refetch } = useListContext();
  const kinds = useDict('notifyKind');
  const unread = !item.readFlag;

  const read = async () => {
    try {
      await markRead({ ids: [item.id] });
      await refetch();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  };
  const open = async () => {
    if (unread) await read();
    if (item.link) navigate(item.link);
  };
  const del = useConfirmedAction('删除确认', '确定要删除这条消息吗？', async () => {
    try {
      await dataProvider.delete('sysNotify', { id: item.id, previousData: item });
      notify(MSG.deleted, { type: 'success' });
      notifyChanged();
      await refetch();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });

  const text = (
    <ListItemText
      primary={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          {unread && (
            <Box
              component="span"
              aria-label="未读"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }}
            />
          )}
          <Typography component="span" sx={{ fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          {item.kind && (
            <Chip size="small" variant="outlined" label={kinds[item.kind] ?? item.kind} sx={{ flexShrink: 0 }} />
          )}
        </Stack>
      }
      secondary={
        <>
          {item.content && (
            <Typography
              component="span"
              variant="body2"
              sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {item.content}
            </Typography>
          )}
          <Typography component="span" variant="caption" color="text.secondary">
            {formatDateTime(item.createDate)}
          </Typography>
        </>
      }
    />
  );

  const actions = (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, alignSelf: 'center', pr: 1 }}>
      {unread && (
        <Tooltip title="标为已读">
          <IconButton aria-label="标为已读" onClick={() => void read()}>
            <DoneIcon />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="删除">
        <IconButton aria-label="删除" onClick={del.ask} disabled={del.busy}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
      {del.dialog}
    </Stack>
  );

  // the text and the buttons side by side (no absolutely placed secondary action: on a phone it covered the text)
  return (
    <ListItem divider disablePadding data-testid="inbox-item" sx={{ alignItems: 'stretch' }}>
      {item.link ? (
        <ListItemButton onClick={() => void open()} sx={{ flex: 1, minWidth: 0 }}>
          {text}
        </ListItemButton>
      ) : (
        <Box sx={{ flex: 1, minWidth: 0, px: 2, py: 1 }}>{text}</Box>
      )}
      {actions}
    </ListItem>
  );
};
