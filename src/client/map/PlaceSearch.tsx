// The location picker's address search: the built-in provinces, cities and districts by name or pinyin, looked up
// once typing settles (SEARCH_DEBOUNCE_MS) and grouped by kind; a chosen place goes to onPick and the box empties.
import { useMemo, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_DEBOUNCE_MS, placeAddress, searchPlaces, type CityDictItem, type Place } from './geo';
import { useDebouncedValue } from '../admin/debounce';

const GROUPS: Record<Place['kind'], string> = { province: '省份', city: '城市', district: '区县' };

export interface PlaceSearchProps {
  tree: readonly CityDictItem[];
  onPick: (place: Place) => void;
  disabled?: boolean;
}

export function PlaceSearch({ tree, onPick, disabled }: PlaceSearchProps) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const results = useMemo(() => searchPlaces(tree, settled), [tree, settled]);
  const searching = query.trim() !== '' && query !== settled;

  return (
    <Autocomplete<Place, false, false, false>
      options={results}
      filterOptions={(x) => x}
      inputValue={query}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setQuery(v);
      }}
      value={null}
      onChange={(_e, place) => {
        if (place) {
          onPick(place);
          setQuery('');
        }
      }}
      getOptionLabel={(p) => (p.kind === 'province' ? p.name : placeAddress(p))}
      isOptionEqualToValue={(a, b) => a.code === b.code && a.kind === b.kind}
      groupBy={(p) => GROUPS[p.kind]}
      loading={searching}
      loadingText="正在搜索..."
      noOptionsText={query.trim() ? '未找到匹配的地点' : '输入城市名称或拼音'}
      disabled={disabled}
      renderOption={(props, p) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{p.kind === 'province' ? p.name : placeAddress(p)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {p.lng.toFixed(6)},{p.lat.toFixed(6)}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label="搜索地点"
          placeholder="输入城市名称或拼音，如 南京 / nanjing"
          InputProps={{
            ...params.InputProps,
            startAdornment: (
              <>
                <SearchIcon fontSize="small" color="action" sx={{ ml: 0.5 }} />
                {params.InputProps.startAdornment}
              </>
            ),
          }}
          inputProps={{ ...params.inputProps, maxLength: 50 }}
        />
      )}
    />
  );
}
