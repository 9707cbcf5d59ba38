// A token handed over in the URL (?token=… or ?access-token=…) is stored for this browser session and removed
// from the address bar before the app renders, so it never lingers in history or bookmarks.
import { setToken } from '../providers/tokenStorage';

const KEYS = ['token', 'access-token'];

export function adoptTokenFromUrl(): boolean {
  const url = new URL(window.location.href);
  const key = KEYS.find((k) => url.searchParams.get(k));
  if (!key) return false;
  setToken(url.searchParams.get(key)!, false);
  for (const k of KEYS) url.searchParams.delete(k);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}
