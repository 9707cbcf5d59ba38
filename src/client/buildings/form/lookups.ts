// Look-ups the building form needs, cached by react-query: dictionary trees (buildType, city) and the users of
// the caller's tenant for the collaborator selector (GET sys/v1/sys/sysUser/dropDownByOrg → { id: name }).
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider, DictItem } from '../../providers/dataProvider';
import { apiFetch, apiUrl } from '../../providers/httpClient';

export function useDictItems(code: string): DictItem[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['dict', 'items', code],
    queryFn: () => dataProvider.getDictItems(code),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ?? [];
}

export function useTenantUsers(): Record<string, string> {
  const { data } = useQuery({
    queryKey: ['sysUser', 'dropDownByOrg'],
    queryFn: async () => (await apiFetch<Record<string, string>>(apiUrl('sys/v1/sys/sysUser/dropDownByOrg'))) ?? {},
    staleTime: 60_000,
    retry: false,
  });
  return data ?? {};
}
