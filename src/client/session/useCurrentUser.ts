import { useGetIdentity } from 'react-admin';
import type { CurrentUser } from './roles';

/** The logged-in user as the auth provider's getIdentity returns it (the currentUser object). */
export function useCurrentUser(): CurrentUser | undefined {
  const { identity } = useGetIdentity();
  return identity as unknown as CurrentUser | undefined;
}
