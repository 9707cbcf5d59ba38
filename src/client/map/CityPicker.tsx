// 所在城市: a city chosen from the `city` dictionary, grouped by province, searchable by city or province
// name and pinyin ('nanj', '南京', 'jiangsu' all find 南京市). The value is the city NAME (site stores '南京市').
// CityFilterInput is the same picker as a react-admin list filter.
import { useMemo } from 'react';
import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { cityMatches, type Place } from './geo';
import { useCities } from './useCities';

export interface CityPickerProps {
  value: string;
  /** The city's name, and the place itself (centre point) when it is one of the dictionary's. */
  onChange: (cityName: string, place: Place | null) => void;
  cities: readonly Place[];
  loading?: boolean;
  label?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  id?: string;
}

const groupBy = (p: Place) => p.province;
const label = (p: Place) => p.name;
const key = (p: Place) => p.code;
const same = (a: Place, b: Place) => a.code === b.code;

/** A stored name that is not in the dictionary (imported data) still shows as itself. */
const orphan = (name: string): Place => ({
  kind: 'city',
  code: `name:${name}`,
  name,
  province: '其他',
  lng: 0,
  lat: 0,
  pinyin: '',
  provincePinyin: '',
});

export function CityPicker({
  value,
  onChange,
  cities,
  loading,
  label: fieldLabel = '所在城市',
  required,
  error,
  helperText,
  disabled,
  size = 'small',
  sx,
  id,
}: CityPickerProps) {
  const selected = useMemo(
    () => (value ? (cities.find((c) => c.name === value) ?? orphan(value)) : null),
    [cities, value],
  );
  const options = useMemo(
    () => (selected && !cities.includes(selected) ? [...cities, selected] : (cities as Place[])),
    [cities, selected],
  );
  return (
    <Autocomplete<Place, false, false, false>
      id={id}
      options={options}
      value={selected}
      onChange={(_e, p) => onChange(p?.name ?? '', p && !p.code.startsWith('name:') ? p : null)}
      groupBy={groupBy}
      getOptionLabel={label}
      getOptionKey={key}
      isOptionEqualToValue={same}
      filterOptions={(opts, state) => opts.filter((c) => cityMatches(c, state.inputValue))}
      loading={loading}
      loadingText="正在加载, 请稍候..."
      noOptionsText="暂无数据"
      disabled={disabled}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          size={size}
          label={fieldLabel}
          required={required}
          error={error}
          helperText={helperText}
          placeholder="城市名称或拼音"
        />
      )}
    />
  );
}

/** The list filter `site` (eq): the same picker inside react-admin's filter form. */
export const CityFilterInput = ({
  source,
  label,
  alwaysOn: _alwaysOn,
}: {
  source: string;
  label?: string;
  alwaysOn?: boolean;
}) => {
  const { field } = useInput({ source });
  const translate = useTranslate();
  const { cities, loading } = useCities();
  return (
    <CityPicker
      value={(field.value as string) ?? ''}
      onChange={(name) => field.onChange(name || undefined)}
      cities={cities}
      loading={loading}
      label={label ?? translate('resources.tpf3Engineering.fields.site')}
      sx={{ minWidth: 200 }}
    />
  );
};
