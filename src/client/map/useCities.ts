// The built-in place list: the `city` dictionary (GET sys/v1/sys/sysDict/items/city) — provinces with their
// prefecture-level cities (and the districts of the municipalities and SARs), centre points and pinyin — loaded
// once and shared by the city picker, the address search, the offline map and the place a point falls near.
import { useMemo } from 'react';
import { useDictItems } from '../admin/useDicts';
import { citiesOf, type CityDictItem, type Place } from './geo';

export interface Cities {
  tree: CityDictItem[];
  cities: Place[];
  loading: boolean;
}

export function useCities(): Cities {
  const { items, loading } = useDictItems('city');
  const tree = items as CityDictItem[];
  const cities = useMemo(() => citiesOf(tree), [tree]);
  return { tree, cities, loading };
}
