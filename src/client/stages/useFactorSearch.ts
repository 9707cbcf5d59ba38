// The factor library searched by what a person types (the stage dialog's 因子, the BIM and budget mappings): the text,
// debounced 200 ms, and the 50 newest matching factors of one type through GET tpf3BuildMaterial (label search).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../admin/debounce';
import { searchFactors } from './stageApi';

export function useFactorSearch(type: string, smallType?: string, enabled = true) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 200);
  const found = useQuery({
    queryKey: ['factorSearch', type, smallType ?? '', search],
    queryFn: ({ signal }) => searchFactors(type, smallType, search, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  return { input, setInput, search, found };
}
