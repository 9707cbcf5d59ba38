// 建设地点: a city from the city dictionary (provinces → cities). The building stores the city's name; the
// picked city's centre comes along so the form can fill empty coordinates.
import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useDictItems } from './lookups';

export interface City {
  name: string;
  province: string;
  lng?: number;
  lat?: number;
}

export interface SitePickerProps {
  label: string;
  value: string;
  onChange: (name: string, city: City | null) => void;
  error?: string;
  disabled?: boolean;
}

export function SitePicker({ label, value, onChange, error, disabled }: SitePickerProps) {
  const provinces = useDictItems('city');
  const cities = useMemo<City[]>(
    () =>
      provinces.flatMap((p) =>
        (p.children?.length ? p.children : [p]).map((c) => ({
          name: c.label,
          province: p.label,
          lng: typeof c.lng === 'number' ? c.lng : undefined,
          lat: typeof c.lat === 'number' ? c.lat : undefined,
        })),
      ),
    [provinces],
  );
  const options = value && !cities.some((c) => c.name === value) ? [...cities, { name: value, province: '' }] : cities;
  return (
    <Autocomplete
      options={options}
      value={value ? (options.find((c) => c.name === value) ?? null) : null}
      onChange={(_e, c) => onChange(c?.name ?? '', c)}
      groupBy={(c) => c.province}
      getOptionLabel={(c) => c.name}
      getOptionKey={(c) => `${c.province}/${c.name}`}
      isOptionEqualToValue={(a, b) => a.name === b.name}
      disabled={disabled}
      noOptionsText="暂无数据"
      renderInput={(params) => <TextField {...params} required label={label} error={!!error} helperText={error} />}
    />
  );
}
