// The navbar bell: the unread count as a badge; opens /notify.
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { Link } from 'react-router-dom';
import { useUnreadCount } from './useUnreadCount';

export const NOTIFY_ROUTE = '/notify';

export const NotifyBell = () => {
  const count = useUnreadCount();
  const label = count ? `消息通知（${count} 条未读）` : '消息通知';
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={Link}
        to={NOTIFY_ROUTE}
        aria-label={label}
        data-testid="notify-bell"
        sx={{ flexShrink: 0 }}
      >
        <Badge badgeContent={count} color="error" max={99} data-testid="notify-bell-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
};
