// The 对应因子库材料 picker of one mapping row: the server's suggestions first (匹配度 chip, 已保存 for a saved
// mapping, the reasons as a tooltip), then the factor library of type 建材 searched by its Chinese label the way
// the stage dialog's FactorWidget does (searchFactors + factorOptions, labels by factorLabel), only while open.
import { useState } from 'react';
import { Autocomplete, Box, Chip, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { factorOptions } from '../stages/FactorWidget';
import { factorCategory } from '../stages/factor';
import { useFactorSearch } from '../stages/useFactorSearch';
import type { BimSuggestion } from './bimApi';
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import { confidenceText, factorChoice, suggestionChoice, type MapChoice } from './mapping';
import { AUTOCOMPLETE_TEXTS } from '../i18n/autocomplete';

const FACTOR_TYPE = '建材';

/** 匹配度 and 已保存 of a suggestion; the reasons in a tooltip. */
export const SuggestionMarks = ({ s }: { s: BimSuggestion }) => (
  <Tooltip title={s.reasons.length ? s.reasons.join('；') : ''} placement="top">
    <Stack direction="row" spacing={0.5} component="span" sx={{ display: 'inline-flex' }}>
      <Chip
        size="small"
        label={confidenceText(s.confidence)}
        color={s.confidence >= CONFIRM_AT ? 'success' : s.confidence >= 0.5 ? 'warning' : 'default'}
        variant="outlined"
      />
      {s.saved && <Chip size="small" label="已保存" color="primary" variant="outlined" />}
    </Stack>
  </Tooltip>
);

/** The option's second line: category (library factors) and unit; the value is in the label already. */
function detail(c: MapChoice): string {
  return [c.factor ? factorCategory(c.factor) : '', c.unit ? `单位 ${c.unit}` : ''].filter(Boolean).join(' · ');
}

export interface FactorChoiceProps {
  material: string;
  suggestions: BimSuggestion[];
  value: MapChoice | null;
  disabled?: boolean;
  onChange: (choice: MapChoice | null) => void;
}

export const FactorChoice = ({ material, suggestions, value, disabled, onChange }: FactorChoiceProps) => {
  const [open, setOpen] = useState(false);
  const { setInput, search, found } = useFactorSearch(FACTOR_TYPE, undefined, open);
  const suggested = suggestions.map(suggestionChoice);
  const ids = new Set(suggested.map((c) => c.factorId));
  const library = factorOptions(found.data ?? [], [], search, undefined)
    .filter((f) => !ids.has(f.id))
    .map(factorChoice);
  const text = search.trim().toLowerCase();
  const shownSuggestions = text ? suggested.filter((c) => c.label.toLowerCase().includes(text)) : suggested;
  const options = [...shownSuggestions, ...library];
  if (value && !options.some((o) => o.factorId === value.factorId)) options.unshift(value);

  return (
    <Autocomplete
      size="small"
      options={options}
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={found.isFetching}
      {...AUTOCOMPLETE_TEXTS}
      disabled={disabled}
      filterOptions={(opts) => opts}
      groupBy={(c) => (c.suggestion ? '推荐匹配' : '因子库')}
      getOptionLabel={(c) => c.label}
      getOptionKey={(c) => c.factorId}
      isOptionEqualToValue={(a, b) => a.factorId === b.factorId}
      onChange={(_e, c) => onChange(c)}
      onInputChange={(_e, t, reason) => {
        if (reason === 'input') setInput(t);
        else if (reason === 'clear' || reason === 'reset') setInput('');
      }}
      renderOption={(liProps, c) => {
        const { key, ...rest } = liProps as typeof liProps & { key: string };
        return (
          <li key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{c.label}</Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="caption" color="text.secondary">
                  {detail(c)}
                </Typography>
                {c.suggestion && <SuggestionMarks s={c.suggestion} />}
              </Stack>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="输入名称搜索因子库"
          inputProps={{ ...params.inputProps, 'aria-label': `${material} 对应因子库材料` }}
        />
      )}
      sx={{ minWidth: 260 }}
    />
  );
};
