// The sidebar's open/closed state is kept in a cookie: sidebar_status=1 (open) / 0 (closed).
const NAME = 'sidebar_status';
const ONE_YEAR = 60 * 60 * 24 * 365;

export function readSidebarCookie(): boolean | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${NAME}=`));
  if (!match) return undefined;
  return match.slice(NAME.length + 1) === '1';
}

export function writeSidebarCookie(open: boolean): void {
  document.cookie = `${NAME}=${open ? 1 : 0}; path=/; max-age=${ONE_YEAR}; SameSite=Lax`;
}
