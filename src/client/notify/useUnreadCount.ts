// The unread count of the logged-in user, shared by the navbar bell and the user menu (one query key, so both
// read one answer): fetched when the user is known, again every NOTIFY_POLL_MS, and at once on
// the `notifyChange` event. A failed count shows as 0 (no error toast every minute).
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFY_POLL_MS } from '../constants';
import { useCurrentUser } from '../session/useCurrentUser';
import { NOTIFY_CHANGE_EVENT } from '../session/inboxEvent';
import { fetchUnreadCount } from './notifyApi';

export const UNREAD_COUNT_KEY = ['notify', 'unreadCount'] as const;

export function useUnreadCount(): number {
  const userId = useCurrentUser()?.userId;
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: [...UNREAD_COUNT_KEY, userId],
    queryFn: ({ signal }) => fetchUnreadCount(userId!, signal),
    enabled: userId !== undefined && userId !== null,
    refetchInterval: NOTIFY_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: NOTIFY_POLL_MS / 2,
    retry: false,
  });

  useEffect(() => {
    // several components use the count: cancelRefetch false makes their listeners share one request
    const refetch = () => void queryClient.refetchQueries({ queryKey: UNREAD_COUNT_KEY }, { cancelRefetch: false });
    window.addEventListener(NOTIFY_CHANGE_EVENT, refetch);
    return () => window.removeEventListener(NOTIFY_CHANGE_EVENT, refetch);
  }, [queryClient]);

  return data ?? 0;
}
