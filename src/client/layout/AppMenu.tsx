import { Divider, ListSubheader } from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { menuGroups, type MenuEntry } from './menuItems';
import { moduleOf } from './routeMeta';
import { useMobileMode } from './useMobileMode';

export const AppMenu = () => {
  const { permissions } = usePermissions<string[]>();
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarState();
  const mobile = useMobileMode();
  const groups = menuGroups(permissions, moduleOf(pathname)?.code);

  const item = (e: MenuEntry) => (
    <Menu.Item key={e.to} to={e.to} primaryText={e.label} leftIcon={e.icon} onClick={mobile ? () => setOpen(false) : undefined} />
  );

  return (
    <Menu>
      {groups.common.map(item)}
      {groups.module.length > 0 && <Divider />}
      {groups.module.map(item)}
      {groups.system.length > 0 && <Divider key="system-divider" />}
      {groups.system.length > 0 && open && (
        <ListSubheader key="system-header" component="div" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
          系统管理
        </ListSubheader>
      )}
      {groups.system.map(item)}
    </Menu>
  );
};
