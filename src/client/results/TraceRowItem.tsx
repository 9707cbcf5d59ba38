// One row of a stage's trace (issue 11 §4): its name (and part, energy, data-quality class), the working
// quantity unit × factor (4 decimals, unit, source, verification mark) = emission (kgCO2e, 2 decimals), the
// formula in words and with the row's numbers, the inputs the formula read, the 默认值 and the row's problems.
// A card per row rather than a wide table, so the working reads the same at 390 px as at 1366 px.
import { Box, Chip, Stack, Typography } from '@mui/material';
import { formatNumber } from '../../calc/format';
import type { DictMaps } from '../admin/useDicts';
import { defaultsOf, problemsOf, type TraceInput, type TraceRow } from './traceApi';
import { defaultDecimals, DefaultsList, Problems, VerificationMark } from './TraceMarks';

const FACTOR_DECIMALS = 4;

const inputText = (i: TraceInput) =>
  `${i.title} = ${typeof i.value === 'number' ? formatNumber(i.value, defaultDecimals(i.field)) : i.value}${i.unit ? ` ${i.unit}` : ''}${i.note ? `（${i.note}）` : ''}`;

/** '120.00 m³ × 0.0780 kgCO2e/(t·km) = 8,985.60 kgCO2e' — the row's own figures, as stored. */
export function workingLine(row: TraceRow): string {
  const qty = row.quantity === null || row.quantity === undefined || row.quantity === '' ? '—' : `${formatNumber(row.quantity)}${row.quantityUnit ? ` ${row.quantityUnit}` : ''}`;
  const factor = row.factorValue === null || row.factorValue === undefined || row.factorValue === '' ? '—' : `${formatNumber(row.factorValue, FACTOR_DECIMALS)}${row.factorUnit ? ` ${row.factorUnit}` : ''}`;
  const emission = row.emission === null || row.emission === undefined || row.emission === '' ? '—' : `${formatNumber(row.emission)} kgCO2e`;
  return `${qty} × ${factor} = ${emission}`;
}

const Line = ({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) => (
  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
    <Typography component="span" variant="body2" color="text.secondary">
      {label}：
    </Typography>
    {children}
  </Typography>
);

export const TraceRowItem = ({ row, index, dicts }: { row: TraceRow; index: number; dicts: DictMaps }) => {
  const t = row.trace;
  const defaults = defaultsOf(row);
  const problems = problemsOf(row);
  const part = row.part ? (dicts.runtimePart?.[row.part] ?? row.part) : null;
  const energy = row.energy ? (dicts.energyKind?.[row.energy] ?? row.energy) : null;
  const quality = row.quality ? (dicts.dataQuality?.[row.quality] ?? row.quality) : null;
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="trace-row">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3">
          {index}. {row.name ?? '（未命名）'}
        </Typography>
        {part && <Chip size="small" label={part} />}
        {energy && <Chip size="small" variant="outlined" label={energy} />}
        {quality && <Chip size="small" variant="outlined" color="primary" label={`数据质量：${quality}${row.qualityRef ? `（${row.qualityRef}）` : ''}`} />}
      </Stack>
      <Stack spacing={0.5}>
        <Line label="用量 × 因子 = 碳排放" testId="trace-working">
          {workingLine(row)}
        </Line>
        {(row.factorSource || row.verification) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Line label="因子来源">{row.factorSource || '—'}</Line>
            <VerificationMark mark={row.verification} labels={dicts.verification ?? {}} />
          </Stack>
        )}
        {t?.formula && <Line label="计算公式">{t.formula}</Line>}
        {t?.numbers && (
          <Line label="代入数值">
            {t.numbers}
            {row.emission !== null && row.emission !== undefined ? ` = ${formatNumber(row.emission)} kgCO2e` : ''}
          </Line>
        )}
        {t?.inputs?.length ? <Line label="输入">{t.inputs.map(inputText).join('；')}</Line> : null}
        <DefaultsList defaults={defaults} />
        <Problems problems={problems} />
      </Stack>
    </Box>
  );
};
