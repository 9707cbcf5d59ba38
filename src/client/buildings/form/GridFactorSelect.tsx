// 电网排放因子: the building's grid electricity factor from the library (region or province, dataset year,
// source and verification mark shown). Baseline (OM/BM) factors are not offered — the server refuses them too.
// Empty on a new building: the server sets the current official average of the site's province.
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '../../providers/httpClient';
import type { ListAnswer } from '../../providers/dataProvider';
import { isBaseline } from '../../../calc/factor';

interface GridFactor {
  id: number;
  name: string;
  spec: string;
  materialCo: number | null;
  coUnit: string;
  verification: string;
}

const label = (f: GridFactor) => `${f.name} · ${f.spec} · ${f.materialCo ?? '—'} ${f.coUnit}`;

export function GridFactorSelect({ label: title, value, onChange, error, disabled }: { label: string; value: number | null; onChange: (id: number | null) => void; error?: string; disabled?: boolean }) {
  const { data = [], isPending } = useQuery({
    queryKey: ['tpf3BuildMaterial', 'grid'],
    queryFn: async () =>
      ((await apiFetch<ListAnswer<GridFactor>>(apiUrl('tpf/v1/tpf/tpf3BuildMaterial/', { type: '能源', smallType: '电力', pageSize: -1 })))?.dataList ?? []).filter((f) => !isBaseline(f)),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (
    <Autocomplete
      options={data}
      value={data.find((f) => f.id === value) ?? null}
      onChange={(_e, f) => onChange(f?.id ?? null)}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isPending}
      loadingText="正在加载, 请稍候..."
      noOptionsText="暂无数据"
      disabled={disabled}
      renderInput={(params) => <TextField {...params} label={title} error={!!error} helperText={error ?? (value ? undefined : '留空：按建设地点所在省份的最新官方平均因子')} />}
    />
  );
}
