// The users of the caller's tenant for the collaborator selector (GET sys/v1/sys/sysUser/dropDownByOrg →
// { id: name }), cached by react-query.
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '../../providers/httpClient';

export function useTenantUsers(): Record<string, string> {
  const { data } = useQuery({
    queryKey: ['sysUser', 'dropDownByOrg'],
    queryFn: async () => (await apiFetch<Record<string, string>>(apiUrl('sys/v1/sys/sysUser/dropDownByOrg'))) ?? {},
    staleTime: 60_000,
    retry: false,
  });
  return data ?? {};
}
