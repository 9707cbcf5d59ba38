// Dictionary labels for `x-dict` fields: GET sys/v1/sys/sysDict/dropDown/{code} → { value: label }, cached.
// When a dictionary is missing or fails, the raw values show (never an error toast for a label).
import { useQueries } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';

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

export const useDict = (code: string | undefined): Record<string, string> => useDicts(code ? [code] : [])[code ?? ''] ?? {};

/** `{ id, name }` choices for an enum, labelled by its dictionary when there is one. */
export function enumChoices(values: readonly unknown[], dict: Record<string, string>) {
  return values.map((v) => ({ id: v as string | number, name: dict[String(v)] ?? String(v) }));
}
