// Builds '/login?redirect=<path>' from where the user is, and reads the redirect back on the login page.
const NO_REDIRECT = new Set(['/', '/login']);

export function currentPath(): string {
  const { pathname, search } = window.location;
  return `${pathname}${search}`;
}

export function loginRedirectUrl(path: string = currentPath()): string {
  const pathname = path.split('?')[0];
  if (NO_REDIRECT.has(pathname)) return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** The redirect target from '?redirect=' — only an internal path, never another origin. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/';
  return target;
}
