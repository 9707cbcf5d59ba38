// What the sidebar offers: the common items, the current module's items, and the system items
// for admin/groupAdmin only — each system page only for the roles in its schema's x-resource.read.
// Only pages that exist are listed: generic pages come from the registry, bespoke ones are named here (with the
// roles that may open them, for the system pages).
// Module items: 单体建筑列表, the create/info step, the module's stages (schemas/standards.ts, in wizard order),
// 计算结果 and 建筑对比. Stage items are disabled without a selected building of this module, and with one only
// the stages in its menus are enabled; the list, the create step and the result pages never are.
import type { ReactElement } from 'react';
import HomeIcon from '@mui/icons-material/Home';
import ScienceIcon from '@mui/icons-material/Science';
import TuneIcon from '@mui/icons-material/Tune';
import StraightenIcon from '@mui/icons-material/Straighten';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import PeopleIcon from '@mui/icons-material/People';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import ApartmentIcon from '@mui/icons-material/Apartment';
import SettingsIcon from '@mui/icons-material/Settings';
import FeedbackIcon from '@mui/icons-material/Feedback';
import BackupIcon from '@mui/icons-material/Backup';
import ListAltIcon from '@mui/icons-material/ListAlt';
import WorkIcon from '@mui/icons-material/Work';
import DomainIcon from '@mui/icons-material/Domain';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import FactoryIcon from '@mui/icons-material/Factory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ConstructionIcon from '@mui/icons-material/Construction';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import BoltIcon from '@mui/icons-material/Bolt';
import RecyclingIcon from '@mui/icons-material/Recycling';
import ParkIcon from '@mui/icons-material/Park';
import BuildIcon from '@mui/icons-material/Build';
import HandymanIcon from '@mui/icons-material/Handyman';
import PostAddIcon from '@mui/icons-material/PostAdd';
import ReceiptIcon from '@mui/icons-material/Receipt';
import BarChartIcon from '@mui/icons-material/BarChart';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ExtensionIcon from '@mui/icons-material/Extension';
import CampaignIcon from '@mui/icons-material/Campaign';
import CachedIcon from '@mui/icons-material/Cached';
import type { RoleCode } from '../../../schemas/types';
import { moduleDef, splitMenus } from '../../../schemas/standards';
import { canSeeSystemMenu, hasAnyRole } from '../session/roles';
import { routedResources } from '../registry';
import type { CurrentBuilding } from '../session/currentBuilding';
import { moduleStages, stageTitle } from '../buildings/wizard';

export interface MenuEntry {
  to: string;
  label: string;
  icon: ReactElement;
  /** Shown but not clickable (a stage of no selected building, or not in its menus). */
  disabled?: boolean;
}

export interface MenuGroups {
  common: MenuEntry[];
  module: MenuEntry[];
  system: MenuEntry[];
}

const RESOURCE_ICONS: Record<string, ReactElement> = {
  tpf3BuildMaterial: <ScienceIcon />,
  tpf3Lookup: <TuneIcon />,
  tpf3Benchmark: <StraightenIcon />,
  sysOrganization: <AccountTreeIcon />,
  sysRole: <AdminPanelSettingsIcon />,
  sysUser: <PeopleIcon />,
  sysDict: <MenuBookIcon />,
  sysTenant: <ApartmentIcon />,
  sysConfig: <SettingsIcon />,
  sysNotice: <CampaignIcon />,
};

/** Bespoke system pages (not schema pages) and who may open them. */
const SYSTEM_PAGES: (MenuEntry & { roles: readonly RoleCode[] })[] = [
  { to: '/sys/cache', label: '缓存管理', icon: <CachedIcon />, roles: ['admin'] },
  { to: '/sys/backup', label: '数据备份', icon: <BackupIcon />, roles: ['admin'] },
  { to: '/sys/feedback', label: '问题反馈', icon: <FeedbackIcon />, roles: ['admin'] },
];

/** The system pages in their menu order; pages not named here follow in registry order. */
const SYSTEM_ORDER = [
  '/sys/organization',
  '/sys/role',
  '/sys/user',
  '/sys/dictionary',
  '/sys/tenant',
  '/sys/configManage',
  '/sys/cache',
  '/sys/backup',
  '/sys/feedback',
  '/sys/notify',
];
const rank = (route: string) => {
  const i = SYSTEM_ORDER.indexOf(route);
  return i === -1 ? SYSTEM_ORDER.length : i;
};

const STAGE_ICONS: Record<string, ReactElement> = {
  supplement: <PostAddIcon />,
  produce: <FactoryIcon />,
  trans: <LocalShippingIcon />,
  build: <ConstructionIcon />,
  remove: <DeleteForeverIcon />,
  runtime: <BoltIcon />,
  runtimeChange: <BuildIcon />,
  removeChange: <HandymanIcon />,
  voucher: <ReceiptIcon />,
  waste: <RecyclingIcon />,
  green: <ParkIcon />,
};

/** The create/info step's label: 建筑概况 in accounting; 新建项目 without a building, else 项目信息. */
export const infoLabel = (module: string, selected: boolean) =>
  module === 'accounting' ? '建筑概况' : selected ? '项目信息' : '新建项目';

/** The items of a calculation module for the selected building (any module's, or none). */
export function moduleItems(moduleCode: string, building: CurrentBuilding | undefined): MenuEntry[] {
  const m = moduleDef(moduleCode);
  if (!m) return [];
  const menus = building && building.computeMethod === m.code ? new Set(splitMenus(building.menus)) : undefined;
  return [
    { to: `/${m.code}/project/list`, label: '单体建筑列表', icon: <DomainIcon /> },
    { to: `/${m.code}/project/info`, label: infoLabel(m.code, !!menus), icon: <NoteAddIcon /> },
    ...moduleStages(m.code).map((code) => ({
      to: `/${m.code}/${code}`,
      label: stageTitle(m.code, code),
      icon: STAGE_ICONS[code] ?? <ListAltIcon />,
      disabled: !menus || !menus.has(code),
    })),
    { to: `/${m.code}/result`, label: '计算结果', icon: <BarChartIcon /> },
    { to: `/${m.code}/compare`, label: '建筑对比', icon: <CompareArrowsIcon /> },
  ];
}

/** Bespoke common pages, after 首页 and before the generic common pages (the factor library). */
const COMMON_ITEMS: MenuEntry[] = [
  { to: '/project/manage', label: '项目管理', icon: <WorkIcon /> },
  { to: '/project/list', label: '单体建筑列表', icon: <DomainIcon /> },
  { to: '/apply/project', label: '应用拓展', icon: <ExtensionIcon /> },
];

export function menuGroups(
  roleList: readonly string[] | undefined,
  moduleCode: string | undefined,
  building?: CurrentBuilding,
): MenuGroups {
  const entry = (r: (typeof routedResources)[number]): MenuEntry => ({
    to: r.route!,
    label: r.title,
    icon: RESOURCE_ICONS[r.name] ?? <ListAltIcon />,
  });
  const readable = routedResources.filter((r) => hasAnyRole(roleList, r.read));
  return {
    // inside a module its own 单体建筑列表 replaces the all-modules one, so the sidebar never shows it twice
    common: [
      { to: '/dashboard', label: '首页', icon: <HomeIcon /> },
      ...COMMON_ITEMS.filter((e) => !moduleCode || e.to !== '/project/list'),
      ...readable.filter((r) => r.menu === 'common').map(entry),
    ],
    module: moduleCode ? moduleItems(moduleCode, building) : [],
    system: canSeeSystemMenu(roleList)
      ? [
          ...readable.filter((r) => r.menu === 'system').map(entry),
          ...SYSTEM_PAGES.filter((p) => hasAnyRole(roleList, p.roles)).map(({ roles: _roles, ...e }) => e),
        ].sort((a, b) => rank(a.to) - rank(b.to))
      : [],
  };
}
