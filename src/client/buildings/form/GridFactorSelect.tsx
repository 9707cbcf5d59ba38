// 电网排放因子: the building's grid electricity factor from the library, labelled in Chinese as in the stage
// dialogs (src/calc/factorLabel.ts: `江苏省 2023 年电网平均排放因子 0.5827 kgCO2/kWh`) with its verification mark,
// the site's province first; typing filters by the label (江苏, 华东, 全国, 2023 …). Baseline (OM/BM) factors are
// not offered — the server refuses them too. Empty on a new building: the server sets the current official
// average of the site's province.
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '../../providers/httpClient';
import type { ListAnswer } from '../../providers/dataProvider';
import { isBaseline } from '../../../calc/factor';
import { factorLabel, provinceFirst, type LabelledFactor } from '../../../calc/factorLabel';
import { useDict } from '../../admin/useDicts';
import { useSiteProvince } from './siteProvince';
import { AUTOCOMPLETE_TEXTS } from '../../i18n/autocomplete';

interface GridFactor extends LabelledFactor {
  id: number;
  name: string;
  spec: string;
  materialCo: number | null;
  coUnit: string;
  verification: string;
}

export function GridFactorSelect({
  label: title,
  value,
  onChange,
  error,
  disabled,
  site,
}: {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  disabled?: boolean;
  /** The building's site (a city): its province's factor is listed first. */
  site?: string;
}) {
  const marks = useDict('verification');
  const province = useSiteProvince(site);
  const { data = [], isPending } = useQuery({
    queryKey: ['tpf3BuildMaterial', 'grid'],
    queryFn: async () =>
      (
        (
          await apiFetch<ListAnswer<GridFactor>>(
            apiUrl('tpf/v1/tpf/tpf3BuildMaterial/', {
              type: '能源',
              smallType: '电力',
              pageSize: -1,
              sortField: 'id',
              sortOrder: 'descend',
            }),
          )
        )?.dataList ?? []
      ).filter((f) => !isBaseline(f)),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const options = provinceFirst(data, province);
  return (
    <Autocomplete
      options={options}
      value={data.find((f) => f.id === value) ?? null}
      onChange={(_e, f) => onChange(f?.id ?? null)}
      getOptionLabel={factorLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isPending}
      {...AUTOCOMPLETE_TEXTS}
      disabled={disabled}
      renderOption={(liProps, f) => {
        const { key, ...rest } = liProps as typeof liProps & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{factorLabel(f)}</Typography>
              {f.verification && (
                <Typography variant="caption" color="text.secondary">
                  {marks[f.verification] ?? f.verification}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={title}
          error={!!error}
          helperText={error ?? (value ? undefined : '留空：按建设地点所在省份的最新官方平均因子')}
        />
      )}
    />
  );
}
