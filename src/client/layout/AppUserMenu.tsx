// User menu (top right): avatar, the user's name and role label; its entries, in this order:
// 账号设置, 因子库管理, 用户手册 (the PDF manual), 版本说明, 问题反馈, 消息通知 (with the unread count), 退出登录.
import { useState, type MouseEvent, type ReactElement } from 'react';
import { Avatar, Badge, Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import ScienceIcon from '@mui/icons-material/Science';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import HistoryIcon from '@mui/icons-material/History';
import FeedbackIcon from '@mui/icons-material/FeedbackOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { useLogout, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { hasAnyRole, roleLabel } from '../session/roles';
import { clientResource } from '../registry';
import { ACCOUNT_ROUTE } from '../account/routes';
import { errorMessage } from '../admin/useConfirmedAction';
import { FEEDBACK_ROUTE } from '../feedback/feedbackApi';
import { downloadManual } from '../help/helpApi';
import { NOTIFY_ROUTE } from '../notify/NotifyBell';
import { useUnreadCount } from '../notify/useUnreadCount';
import { useCurrentUser } from '../session/useCurrentUser';

export const TIMELINE_ROUTE = '/timeline';

// a plain element (not a component of our own): MUI's MenuList focuses and tabs through its direct MenuItems
const item = (icon: ReactElement, label: string, onClick: () => void, extra?: ReactElement) => (
  <MenuItem key={label} onClick={onClick}>
    <ListItemIcon>{icon}</ListItemIcon>
    <ListItemText>{label}</ListItemText>
    {extra}
  </MenuItem>
);

export const AppUserMenu = () => {
  const user = useCurrentUser();
  const logout = useLogout();
  const notify = useNotify();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;

  const divisor = clientResource('tpf3BuildMaterial');
  const close = () => setAnchor(null);
  const go = (to: string) => () => {
    close();
    navigate(to);
  };
  const manual = () => {
    close();
    downloadManual().catch((err: unknown) => notify(errorMessage(err), { type: 'error' }));
  };

  return (
    <>
      <Button
        color="inherit"
        aria-label="用户菜单"
        aria-haspopup="true"
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', gap: 1, minWidth: 0, flexShrink: 0 }}
      >
        <Avatar
          src={user.avatar || undefined}
          alt={user.name}
          sx={{ width: 28, height: 28 }}
          data-testid="navbar-avatar"
        >
          {user.name?.slice(0, 1)}
        </Avatar>
        <Box
          sx={{
            display: { xs: 'none', sm: 'flex' },
            flexDirection: 'column',
            alignItems: 'flex-start',
            lineHeight: 1.1,
          }}
        >
          <Typography variant="body2" component="span" noWrap sx={{ maxWidth: 120 }}>
            {user.name}
          </Typography>
          <Typography variant="caption" component="span">
            {roleLabel(user)}
          </Typography>
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {item(<ManageAccountsIcon fontSize="small" />, '账号设置', go(ACCOUNT_ROUTE))}
        {hasAnyRole(user.roleList, divisor.read) &&
          item(<ScienceIcon fontSize="small" />, divisor.title, go(divisor.route!))}
        {item(<MenuBookIcon fontSize="small" />, '用户手册', manual)}
        {item(<HistoryIcon fontSize="small" />, '版本说明', go(TIMELINE_ROUTE))}
        {item(<FeedbackIcon fontSize="small" />, '问题反馈', go(FEEDBACK_ROUTE))}
        {item(
          <NotificationsIcon fontSize="small" />,
          '消息通知',
          go(NOTIFY_ROUTE),
          unread > 0 ? (
            <Badge
              badgeContent={unread}
              color="error"
              max={99}
              data-testid="menu-unread"
              sx={{ ml: 3, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          ) : undefined,
        )}
        {item(<LogoutIcon fontSize="small" />, '退出登录', () => {
          close();
          void logout(undefined, '/login', false);
        })}
      </Menu>
    </>
  );
};
