// Dictionary labels for `x-dict` fields: GET sys/v1/sys/sysDict/dropDown/{code} → { value: label }, and
// dictionary trees (building types, cities by province): GET sys/v1/sys/sysDict/items/{code}; both cached.
// When a dictionary is missing or fails, the raw values show (never an error toast for a label).
import { useQueries, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider, DictItem } from '../providers/dataProvider';

export type DictMaps = Record<string, Record<string, string>>;

export function useDicts(codes: string[]): DictMaps {
  const dataProvider = useDataProvider<AppDataProvider>();
  const unique = [...new Set(codes)].sort();
  const results = useQueries({
    queries: unique.map((code) => ({
      queryKey: ['dict', 'dropDown', code],
      queryFn: () => dataProvider.getDictDropDown(code),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const maps: DictMaps = {};
  unique.forEach((code, i) => {
    maps[code] = results[i]?.data ?? {};
  });
  return maps;
}

export const useDict = (code: string | undefined): Record<string, string> =>
  useDicts(code ? [code] : [])[code ?? ''] ?? {};

/** `{ id, name }` choices for an enum, labelled by its dictionary when there is one. */
export function enumChoices(values: readonly unknown[], dict: Record<string, string>) {
  return values.map((v) => ({ id: v as string | number, name: dict[String(v)] ?? String(v) }));
}

/** The items tree of a dictionary (empty while loading or when missing). */
export function useDictItems(code: string): { items: DictItem[]; loading: boolean } {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['dict', 'items', code],
    queryFn: () => dataProvider.getDictItems(code),
    staleTime: 30 * 60_000,
    retry: false,
  });
  return { items: data ?? [], loading: isPending };
}
