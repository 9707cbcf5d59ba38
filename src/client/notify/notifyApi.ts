// src/client/notify/ owns the inbox side of the client: the /notify page
// (消息通知), the unread count shared by the navbar bell and the user menu's badge — polled every NOTIFY_POLL_MS
// and read again at once on the window event `notifyChange` (session/inboxEvent.ts) — and the notice form of
// /sys/notify (通知公告). This file: the inbox calls of the API contract that the data provider does not cover.
import type { Identifier } from 'react-admin';
import type { SysNotify } from '../../../schemas/index';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { notifyChanged } from '../session/inboxEvent';

const BASE = 'sys/v1/sys/sysNotify';

/** A message of the caller's inbox (sysNotify's schema; `link` is a client route to open, e.g. '/feedback'). */
export type InboxItem = SysNotify & { id: number; createDate?: string };

/** GET …/sysNotify/count/{userId}: the caller's unread count (anything but a number counts as 0). */
export async function fetchUnreadCount(userId: Identifier, signal?: AbortSignal): Promise<number> {
  const n = await apiFetch<unknown>(apiUrl(`${BASE}/count/${encodeURIComponent(String(userId))}`), { signal });
  const count = typeof n === 'number' ? n : Number(n);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** PUT …/sysNotify/read with `{ ids }` or `{ all: true }`; answers how many were marked. */
export async function markRead(target: { ids: Identifier[] } | { all: true }): Promise<number> {
  const n = await apiFetch<number>(apiUrl(`${BASE}/read`), { method: 'PUT', body: JSON.stringify(target) });
  notifyChanged();
  return n;
}
