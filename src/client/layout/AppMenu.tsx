import type React from 'react';
import { Divider, ListSubheader } from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useCurrentBuilding } from '../buildings/useCurrentBuilding';
import { menuGroups, type MenuEntry } from './menuItems';
import { moduleOf } from './routeMeta';
import { useMobileMode } from './useMobileMode';

export const AppMenu = () => {
  const { permissions } = usePermissions<string[]>();
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarState();
  const mobile = useMobileMode();
  // re-read on MENU_REFRESH_EVENT (a building picked or saved) and on 'storage' (another tab)
  const building = useCurrentBuilding();
  const groups = menuGroups(permissions, moduleOf(pathname)?.code, building);

  const item = (e: MenuEntry) => (
    <Menu.Item
      key={e.to}
      to={e.to}
      primaryText={e.label}
      leftIcon={e.icon}
      disabled={e.disabled}
      aria-disabled={e.disabled || undefined}
      onClick={(event: React.MouseEvent) => {
        // a disabled item never navigates (keyboard or a click that gets through pointer-events: none)
        if (e.disabled) return event.preventDefault();
        if (mobile) setOpen(false);
      }}
    />
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
