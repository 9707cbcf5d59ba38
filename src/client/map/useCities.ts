// The built-in place list: the `city` dictionary (GET sys/v1/sys/sysDict/items/city) — provinces with their
// prefecture-level cities, centre points and pinyin — loaded once and shared by the city picker, the address
// search and the nearest-city look-up.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { citiesOf, type CityDictItem, type Place } from './geo';

export interface Cities {
  tree: CityDictItem[];
  cities: Place[];
  loading: boolean;
}

export function useCities(): Cities {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['dict', 'items', 'city'],
    queryFn: async () => (await dataProvider.getDictItems('city')) as CityDictItem[],
    staleTime: 30 * 60_000,
    retry: false,
  });
  const tree = useMemo(() => data ?? [], [data]);
  const cities = useMemo(() => citiesOf(tree), [tree]);
  return { tree, cities, loading: isPending };
}
