// The building and engineering project the user works on: kept in local storage
// under the spec's keys (module name, project id, project info, engineering info) so a reload or a new tab
// continues where the user was. A change fires MENU_REFRESH_EVENT so the sidebar re-reads the menus.
import { splitMenus } from '../../../schemas/standards';

export const STORAGE_KEYS = {
  moduleName: 'tansuan.moduleName',
  projectId: 'tansuan.projectId',
  projectInfo: 'tansuan.projectInfo',
  engineeringInfo: 'tansuan.engineeringInfo',
} as const;

export const MENU_REFRESH_EVENT = 'tansuan:menu-refresh';

export interface CurrentBuilding {
  id: number;
  name: string;
  computeMethod: string;
  standard?: string;
  /** Comma-separated stage codes enabled for this building. */
  menus: string;
  engineeringId?: number;
  status?: string;
}

export interface CurrentEngineering {
  id: number;
  name: string;
}

function read<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

const fire = () => window.dispatchEvent(new Event(MENU_REFRESH_EVENT));

export function getCurrentBuilding(): CurrentBuilding | undefined {
  return read<CurrentBuilding>(STORAGE_KEYS.projectInfo);
}

/** Keep the building (after a successful save or when picked from a list) and refresh the menus. */
export function setCurrentBuilding(b: CurrentBuilding & Record<string, unknown>): void {
  const info: CurrentBuilding = {
    id: b.id,
    name: b.name,
    computeMethod: b.computeMethod,
    standard: b.standard,
    menus: b.menus,
    engineeringId: b.engineeringId,
    status: b.status,
  };
  localStorage.setItem(STORAGE_KEYS.projectId, String(b.id));
  localStorage.setItem(STORAGE_KEYS.projectInfo, JSON.stringify(info));
  localStorage.setItem(STORAGE_KEYS.moduleName, b.computeMethod);
  fire();
}

export function clearCurrentBuilding(): void {
  localStorage.removeItem(STORAGE_KEYS.projectId);
  localStorage.removeItem(STORAGE_KEYS.projectInfo);
  fire();
}

/** The current building's menus when it belongs to this module; empty otherwise. */
export function currentMenus(module: string): string[] {
  const b = getCurrentBuilding();
  return b && b.computeMethod === module ? splitMenus(b.menus) : [];
}

export function getCurrentEngineering(): CurrentEngineering | undefined {
  return read<CurrentEngineering>(STORAGE_KEYS.engineeringInfo);
}

export function setCurrentEngineering(e: CurrentEngineering | undefined): void {
  if (e) localStorage.setItem(STORAGE_KEYS.engineeringInfo, JSON.stringify({ id: e.id, name: e.name }));
  else localStorage.removeItem(STORAGE_KEYS.engineeringInfo);
}
