// User menu (top right): avatar, the user's name and role label; entries only for pages that exist today:
// 账号设置 first, 因子库管理, 退出登录.
import { useState, type MouseEvent } from 'react';
import { Avatar, Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import ScienceIcon from '@mui/icons-material/Science';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { useLogout } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { hasAnyRole, roleLabel } from '../auth/roles';
import { clientResource } from '../registry';
import { useCurrentUser } from './useCurrentUser';
import { ACCOUNT_ROUTE } from '../account/routes';

export const AppUserMenu = () => {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;

  const divisor = clientResource('tpf3BuildMaterial');
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    navigate(to);
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
        <Avatar src={user.avatar || undefined} alt={user.name} sx={{ width: 28, height: 28 }} data-testid="navbar-avatar">
          {user.name?.slice(0, 1)}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.1 }}>
          <Typography variant="body2" component="span">
            {user.name}
          </Typography>
          <Typography variant="caption" component="span" sx={{ opacity: 0.8 }}>
            {roleLabel(user)}
          </Typography>
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem onClick={() => go(ACCOUNT_ROUTE)}>
          <ListItemIcon>
            <ManageAccountsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>账号设置</ListItemText>
        </MenuItem>
        {hasAnyRole(user.roleList, divisor.read) && (
          <MenuItem onClick={() => go(divisor.route!)}>
            <ListItemIcon>
              <ScienceIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{divisor.title}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            void logout(undefined, '/login', false);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>退出登录</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};
