// The selected building as React state: re-read when this tab fires MENU_REFRESH_EVENT (setCurrentBuilding,
// clearCurrentBuilding) and when another tab changes local storage ('storage' event).
import { useMemo, useSyncExternalStore } from 'react';
import { getCurrentBuilding, MENU_REFRESH_EVENT, STORAGE_KEYS, type CurrentBuilding } from '../session/currentBuilding';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(MENU_REFRESH_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(MENU_REFRESH_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

const snapshot = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.projectInfo);
  } catch {
    return null;
  }
};

/** The building kept in the session (any module). */
export function useCurrentBuilding(): CurrentBuilding | undefined {
  const raw = useSyncExternalStore(subscribe, snapshot, () => null);

  return useMemo(() => (raw ? getCurrentBuilding() : undefined), [raw]);
}

/** The selected building when it belongs to this module; undefined otherwise. */
export function useModuleBuilding(module: string | undefined): CurrentBuilding | undefined {
  const b = useCurrentBuilding();
  return b && module && b.computeMethod === module ? b : undefined;
}
