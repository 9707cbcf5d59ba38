// After an account change (profile, password, avatar): the auth provider reads currentUser again and every
// useGetIdentity (navbar avatar, name, trial chip, the first-login dialog) renders the new user.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider } from 'react-admin';
import type { AppAuthProvider } from '../providers/authProvider';

export function useReloadUser(): () => Promise<void> {
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await authProvider?.reloadUser?.();
    await queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
  }, [authProvider, queryClient]);
}
