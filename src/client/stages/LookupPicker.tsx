// 从参数表取值: in the row dialog of an operation row calculated system by system, one picker per
// lookup table of 参数表管理 that feeds the chosen part's inputs (lookupFill.ts: elevator class and usage, heater
// type, PV module, heating/cooling source …). Each option shows its value and its verification mark; a value
// marked U or without a number is listed disabled as 来源未知, never offered as a default. Picking fills the
// inputs (in their units: h/d × 365, % ÷ 100) and says what was filled, from which row, with its mark; a table
// the form has no input for (shading, heat recovery, PV orientation) is shown for reference only.
import { useState } from 'react';
import { Alert, Autocomplete, Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDict } from '../admin/useDicts';
import { formatNumber } from '../../calc/format';
import {
  applyLookup,
  optionsOf,
  picksFor,
  specText,
  UNKNOWN_TEXT,
  usable,
  type LookupPick,
  type LookupRow,
} from './lookupFill';
import { isPartMethod, METHOD_FIELD, type StageDef } from './stageDefs';
import { listLookups } from './stageApi';
import type { FormValues } from './StageSchemaForm';
import { AUTOCOMPLETE_TEXTS } from '../i18n/autocomplete';

export const LOOKUP_TITLE = '从参数表取值';

const num = (v: number | null | undefined) => (typeof v === 'number' ? formatNumber(v, 2) : '');

/** '0.56 mWh/(kg·m)；50.00 W' */
export function lookupValueText(r: LookupRow): string {
  const parts = [r.value, r.value2]
    .map((v, i) => (typeof v === 'number' ? `${num(v)} ${(i ? r.unit2 : r.unit) ?? ''}`.trim() : ''))
    .filter(Boolean);
  return parts.length ? parts.join('；') : '无数值';
}

/** 'VDI 4707 A 级', '使用类别 3（中） · 日运行 1–2 h…' (a spec the name already says is left out). */
const optionTitle = (r: LookupRow) => {
  const spec = specText(r);
  return spec && !r.name.includes(spec) ? `${r.name} · ${spec}` : r.name;
};

function MarkChip({ row, marks }: { row: LookupRow; marks: Record<string, string> }) {
  const v = row.verification ?? 'U';
  const label = v === 'U' ? UNKNOWN_TEXT : (marks[v] ?? v);
  const color = v === 'V' || v === 'V2' ? 'success' : v === 'U' ? 'default' : 'warning';
  return <Chip size="small" variant="outlined" color={color} label={label} sx={{ ml: 1 }} />;
}

function LookupSelect({
  pick,
  def,
  formData,
  onChange,
  disabled,
}: {
  pick: LookupPick;
  def: StageDef;
  formData: FormValues;
  onChange: (d: FormValues) => void;
  disabled?: boolean;
}) {
  const marks = useDict('verification');
  const [chosen, setChosen] = useState<LookupRow | null>(null);
  const { data = [], isPending } = useQuery({
    queryKey: ['tpf3Lookup', pick.table],
    queryFn: ({ signal }) => listLookups<LookupRow>(pick.table, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const options = optionsOf(pick, data);
  const filled = chosen && pick.fill && usable(pick, chosen) ? pick.fill(chosen) : {};
  const title = (f: string) => def.schema.properties[f]?.title ?? f;
  return (
    <Box data-testid={`lookup-${pick.key}`}>
      <Autocomplete
        options={options}
        value={chosen}
        loading={isPending}
        disabled={disabled}
        {...AUTOCOMPLETE_TEXTS}
        groupBy={options.length > 20 ? (r) => r.name : undefined}
        getOptionLabel={optionTitle}
        getOptionKey={(r) => r.id}
        getOptionDisabled={(r) => !usable(pick, r)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, r) => {
          setChosen(r);
          if (r) onChange(applyLookup(formData, pick, r));
        }}
        renderOption={(liProps, r) => {
          const { key, ...rest } = liProps as typeof liProps & { key: string };
          return (
            <li key={key} {...rest}>
              <Box>
                <Typography variant="body2">{options.length > 20 ? specText(r) || r.name : optionTitle(r)}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {usable(pick, r) ? lookupValueText(r) : `${lookupValueText(r)} · ${UNKNOWN_TEXT}，不作为默认值`}
                  <MarkChip row={r} marks={marks} />
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(params) => <TextField {...params} label={pick.title} size="small" helperText={pick.note} />}
      />
      {chosen && (
        <Typography variant="caption" component="div" sx={{ mt: 0.5 }} data-testid={`lookup-${pick.key}-result`}>
          {Object.keys(filled).length
            ? `已填入：${Object.entries(filled)
                .map(([f, v]) => `${title(f)} ${formatNumber(v, 4).replace(/\.?0+$/, '')}`)
                .join('，')}`
            : `参考值：${lookupValueText(chosen)}${pick.fill ? '' : '（表单无对应输入项）'}`}
          <MarkChip row={chosen} marks={marks} />
          {chosen.source ? (
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              来源：{chosen.source}
            </Box>
          ) : null}
        </Typography>
      )}
    </Box>
  );
}

/** The pickers of the row's part, when its method calculates part by part; nothing otherwise. */
export function LookupPickers({
  def,
  formData,
  onChange,
  disabled,
}: {
  def: StageDef;
  formData: FormValues;
  onChange: (d: FormValues) => void;
  disabled?: boolean;
}) {
  const partField = def.meta.partField;
  const part = partField ? String(formData[partField] ?? '') : '';
  if (!isPartMethod(def, formData[METHOD_FIELD])) return null;
  const picks = picksFor(part, def.schema.properties);
  if (!picks.length) return null;
  return (
    <Box sx={{ mt: 1, mb: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="lookup-pickers">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography variant="subtitle2">{LOOKUP_TITLE}</Typography>
        <Typography variant="caption" color="text.secondary">
          参数表管理中的取值，标记“{UNKNOWN_TEXT}”或无数值的不作为默认值
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {picks.map((p) => (
          <LookupSelect
            key={`${part}:${p.key}`}
            pick={p}
            def={def}
            formData={formData}
            onChange={onChange}
            disabled={disabled}
          />
        ))}
      </Box>
      {picks.some((p) => !p.fill) && (
        <Alert severity="info" sx={{ mt: 1 }}>
          标注“仅供参考”的参数表在本表单中没有对应输入项，请将其影响计入相应输入（如年累计冷/热负荷）。
        </Alert>
      )}
    </Box>
  );
}
