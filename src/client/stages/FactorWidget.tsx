// The rjsf widget of an `x-factor` property (factorId): a search over the factor library of the keyword's type
// (GET tpf3BuildMaterial/?type=&name=&pageSize=50, debounced 200 ms) showing name, spec, value, unit and the
// verification mark. Picking a factor hands it to the form (formContext.onFactorPick), which fills the row's
// factor value, unit and source so the user sees them; clearing it leaves them editable for a custom factor.
import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { useDict } from '../admin/useDicts';
import { formatNumber } from '../../calc/format';
import type { FactorKeyword } from './stageDefs';
import { factorLabel, isBaseline, normalizedFactor } from './factor';
import { getFactor, searchFactors, type Factor } from './stageApi';

export interface StageFormContext {
  /** A factor was picked (or the pick cleared) for the x-factor property `field`. */
  onFactorPick: (field: string, factor: Factor | null) => void;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** `2,050.0000 kgCO2e/t` — the value as the row will keep it. */
export function factorValueText(f: Factor): string {
  const { value, unit } = normalizedFactor(f);
  return value === null ? '无因子值' : `${formatNumber(value, 4)} ${unit}`.trim();
}

export const FACTOR_HINT = '从因子库选择；不选时可自行填写因子值、单位和来源';

export function FactorWidget(props: WidgetProps) {
  const { id, name, value, label, required, disabled, readonly, rawErrors, registry, options } = props;
  const context = registry.formContext as StageFormContext | undefined;
  const keyword = options.factor as FactorKeyword;
  const marks = useDict('verification');
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<Factor | null>(null);
  const search = useDebounced(input, 200);
  const id_ = typeof value === 'number' ? value : null;

  const found = useQuery({
    queryKey: ['factorSearch', keyword.type, keyword.smallType ?? '', search],
    queryFn: ({ signal }) => searchFactors(keyword.type, keyword.smallType, search, signal),
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
  const current: Factor | null = id_ === null ? null : picked?.id === id_ ? picked : (stored.data ?? { id: id_, name: `#${id_}` });
  const list = (found.data ?? []).filter((f) => !isBaseline(f));
  const optionList = current && !list.some((f) => f.id === current.id) ? [current, ...list] : list;
  const error = rawErrors?.[0];
  const mark = (f: Factor) => (f.verification ? (marks[f.verification] ?? f.verification) : '');

  return (
    <Autocomplete
      id={id}
      options={optionList}
      value={current}
      loading={found.isFetching}
      loadingText="正在加载, 请稍候..."
      noOptionsText="暂无数据"
      clearText="清除"
      openText="打开"
      closeText="关闭"
      disabled={disabled || readonly}
      filterOptions={(opts) => opts}
      getOptionLabel={(f) => factorLabel(f)}
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
                {factorValueText(f)}
                {f.unit ? ` · 单位 ${f.unit}` : ''}
                {mark(f) ? ` · ${mark(f)}` : ''}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={!!error} helperText={error ?? FACTOR_HINT} placeholder="输入名称搜索" />}
    />
  );
}
