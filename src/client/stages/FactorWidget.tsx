// The rjsf widget of an `x-factor` property (factorId, materialId): a search over the factor library of the
// keyword's type by its Chinese label (GET tpf3BuildMaterial/?type=&label=, debounced 200 ms — 电 / 电力 / 天然气 /
// a region / a name), each option labelled in Chinese (src/calc/factorLabel.ts: `江苏省 2023 年电网平均排放因子
// 0.5827 kgCO2/kWh`) with its category, unit, density and verification mark; the building's own province first.
// Picking a factor hands it to the form (formContext.onFactorPick), which fills the row's name and unit where
// empty, density, energy and factor value as the server will on save; clearing it leaves them editable.
import { useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { useDict } from '../admin/useDicts';
import { formatNumber } from '../../calc/format';
import type { FactorKeyword } from './stageDefs';
import {
  factorCategory,
  factorLabel,
  factorSearchText,
  factorValueText,
  isBaseline,
  provinceFirst,
  provinceShort,
} from './factor';
import { getFactor, searchFactors, type Factor } from './stageApi';
import { useFactorSearch } from './useFactorSearch';
import { AUTOCOMPLETE_TEXTS } from '../i18n/autocomplete';

export { factorValueText };

export interface StageFormContext {
  /** A factor was picked (or the pick cleared) for the x-factor property `field`. */
  onFactorPick: (field: string, factor: Factor | null) => void;
  /** The building's province ('江苏省'): its factors first. */
  province?: string;
}

export const FACTOR_HINT = '从因子库选择（可按名称、地区、电力/天然气等搜索）；不选时可自行填写因子值、单位和来源';

/** The options: the province's own rows matching the search first, then the search answer; no baseline factors. */
export function factorOptions(
  found: readonly Factor[],
  own: readonly Factor[],
  search: string,
  province: string | undefined,
): Factor[] {
  const text = search.trim().toLowerCase();
  const mine = own.filter((f) => !text || factorSearchText(f).toLowerCase().includes(text));
  const seen = new Set<number>();
  const merged = [...mine, ...found].filter((f) => !isBaseline(f) && !seen.has(f.id) && seen.add(f.id));
  return provinceFirst(merged, province);
}

/** The option's second line: category, unit, density and mark. */
function detailText(f: Factor, mark: string): string {
  return [
    factorCategory(f),
    f.unit ? `单位 ${f.unit}` : '',
    typeof f.density === 'number'
      ? `密度 ${formatNumber(f.density, 3)} ${f.densityUnit || `t/${f.unit ?? '单位'}`}`
      : '',
    mark,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function FactorWidget(props: WidgetProps) {
  const { id, name, value, label, required, disabled, readonly, rawErrors, registry, options } = props;
  const context = registry.formContext as StageFormContext | undefined;
  const keyword = options.factor as FactorKeyword;
  const marks = useDict('verification');
  const [picked, setPicked] = useState<Factor | null>(null);
  const { setInput, search, found } = useFactorSearch(keyword.type, keyword.smallType);
  const id_ = typeof value === 'number' ? value : null;
  const province = context?.province ? provinceShort(context.province) : '';

  // the province's own rows, whatever the 50 newest of the search are
  const own = useQuery({
    queryKey: ['factorSearch', keyword.type, keyword.smallType ?? '', province],
    queryFn: ({ signal }) => searchFactors(keyword.type, keyword.smallType, province, signal),
    enabled: !!province,
    staleTime: 60_000,
    retry: false,
  });
  const stored = useQuery({
    queryKey: ['factor', id_],
    queryFn: ({ signal }) => getFactor(id_!, signal),
    enabled: id_ !== null && picked?.id !== id_,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const current: Factor | null =
    id_ === null ? null : picked?.id === id_ ? picked : (stored.data ?? { id: id_, name: `#${id_}` });
  const list = factorOptions(
    found.data ?? [],
    province ? (own.data ?? []).filter((f) => factorLabel(f).startsWith(province)) : [],
    search,
    province,
  );
  const optionList = current && !list.some((f) => f.id === current.id) ? [current, ...list] : list;
  const error = rawErrors?.[0];
  const mark = (f: Factor) => (f.verification ? (marks[f.verification] ?? f.verification) : '');

  return (
    <Autocomplete
      id={id}
      options={optionList}
      value={current}
      loading={found.isFetching}
      {...AUTOCOMPLETE_TEXTS}
      disabled={disabled || readonly}
      filterOptions={(opts) => opts}
      getOptionLabel={(f) => (f.type ? factorLabel(f) : f.name)}
      getOptionKey={(f) => f.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, f) => {
        setPicked(f);
        context?.onFactorPick(name, f);
      }}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setInput(text);
        else if (reason === 'clear') setInput('');
      }}
      renderOption={(liProps, f) => {
        const { key, ...rest } = liProps as typeof liProps & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{factorLabel(f)}</Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {detailText(f, mark(f))}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!error}
          helperText={error ?? FACTOR_HINT}
          placeholder="输入名称、地区或能源搜索"
        />
      )}
    />
  );
}
