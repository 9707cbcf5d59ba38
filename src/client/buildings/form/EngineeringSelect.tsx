// 所属项目: the engineering project, searched on the server by name as the user types (GET tpf3Engineering/
// ?pageSize=50&name=…, debounced 200 ms; when more match, the field says so), with a last option 新建项目 that goes
// to project management.
import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiFetch, apiUrl } from '../../providers/httpClient';
import type { ListAnswer } from '../../providers/dataProvider';
import { useDebouncedValue } from '../../admin/debounce';
import { formatNumber } from '../../../calc/format';

export interface Engineering {
  id: number;
  name: string;
  latLng?: string | null;
  [extra: string]: unknown;
}

const CREATE: Engineering = { id: -1, name: '新建项目' };
/** The projects offered at once: the rest are found by typing their name. */
const SEARCH_PAGE = 50;
export const CREATE_ENGINEERING_PATH = '/project/manage';

export interface EngineeringSelectProps {
  label: string;
  value: Engineering | null;
  onChange: (e: Engineering | null) => void;
  error?: string;
  disabled?: boolean;
}

export function EngineeringSelect({ label, value, onChange, error, disabled }: EngineeringSelectProps) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const name = useDebouncedValue(input, 200);
  const { data, isFetching } = useQuery({
    queryKey: ['tpf3Engineering', 'search', name],
    queryFn: ({ signal }) =>
      apiFetch<ListAnswer<Engineering>>(
        apiUrl('tpf/v1/tpf/tpf3Engineering/', { pageSize: SEARCH_PAGE, name: name.trim() }),
        { signal },
      ),
    staleTime: 30_000,
    retry: false,
  });
  const found = data?.dataList ?? [];
  const more =
    (data?.total ?? 0) > found.length
      ? `共 ${formatNumber(data!.total, 0)} 个项目，显示前 ${SEARCH_PAGE} 个，请输入名称查找`
      : undefined;
  const options = [...(value && !found.some((e) => e.id === value.id) ? [value] : []), ...found, CREATE];
  return (
    <Autocomplete
      options={options}
      value={value}
      loading={isFetching}
      loadingText="正在加载, 请稍候..."
      onChange={(_e, v) => {
        if (v?.id === CREATE.id) navigate(`${CREATE_ENGINEERING_PATH}?create=1`);
        else onChange(v);
      }}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setInput(text);
        else if (reason === 'clear') setInput('');
      }}
      filterOptions={(opts) => opts}
      getOptionLabel={(e) => e.name}
      getOptionKey={(e) => e.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, e) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {e.id === CREATE.id && <AddIcon fontSize="small" sx={{ mr: 1 }} color="primary" />}
            {e.name}
          </li>
        );
      }}
      disabled={disabled}
      renderInput={(params) => (
        <TextField {...params} required label={label} error={!!error} helperText={error ?? more} />
      )}
    />
  );
}
