// What the sidebar offers (spec 001 §2): the common items, the current module's items, and the system items
// for admin/groupAdmin only — each system page only for the roles in its schema's x-resource.read.
// Only pages that exist are listed: generic pages come from the registry, bespoke ones are named here.
import type { ReactElement } from 'react';
import HomeIcon from '@mui/icons-material/Home';
import ScienceIcon from '@mui/icons-material/Science';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import PeopleIcon from '@mui/icons-material/People';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import ApartmentIcon from '@mui/icons-material/Apartment';
import SettingsIcon from '@mui/icons-material/Settings';
import FeedbackIcon from '@mui/icons-material/Feedback';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { canSeeSystemMenu, hasAnyRole } from '../auth/roles';
import { routedResources } from '../registry';

export interface MenuEntry {
  to: string;
  label: string;
  icon: ReactElement;
}

export interface MenuGroups {
  common: MenuEntry[];
  module: MenuEntry[];
  system: MenuEntry[];
}

const RESOURCE_ICONS: Record<string, ReactElement> = {
  tpf3BuildMaterial: <ScienceIcon />,
  sysOrganization: <AccountTreeIcon />,
  sysRole: <AdminPanelSettingsIcon />,
  sysUser: <PeopleIcon />,
  sysDict: <MenuBookIcon />,
  sysTenant: <ApartmentIcon />,
  sysConfig: <SettingsIcon />,
  sysFeedback: <FeedbackIcon />,
};

/** The system pages in the order of spec 001 §2's route table; pages not named here follow in registry order. */
const SYSTEM_ORDER = ['/sys/organization', '/sys/role', '/sys/user', '/sys/dictionary', '/sys/tenant', '/sys/configManage', '/sys/cache', '/sys/feedback'];
const rank = (route: string) => {
  const i = SYSTEM_ORDER.indexOf(route);
  return i === -1 ? SYSTEM_ORDER.length : i;
};

/** Pages of each calculation module; filled as those pages are built (none exist yet). */
const MODULE_ITEMS: Record<string, MenuEntry[]> = {};

export function menuGroups(roleList: readonly string[] | undefined, moduleCode: string | undefined): MenuGroups {
  const entry = (r: (typeof routedResources)[number]): MenuEntry => ({
    to: r.route!,
    label: r.title,
    icon: RESOURCE_ICONS[r.name] ?? <ListAltIcon />,
  });
  const readable = routedResources.filter((r) => hasAnyRole(roleList, r.read));
  return {
    common: [{ to: '/dashboard', label: '首页', icon: <HomeIcon /> }, ...readable.filter((r) => r.menu === 'common').map(entry)],
    module: (moduleCode && MODULE_ITEMS[moduleCode]) || [],
    system: canSeeSystemMenu(roleList) ? readable
          .filter((r) => r.menu === 'system')
          .sort((a, b) => rank(a.route!) - rank(b.route!))
          .map(entry) : [],
  };
}
