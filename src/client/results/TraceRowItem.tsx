// One row of a stage's trace: its name (and part, energy, data-quality class), the working
// quantity unit × factor (4 decimals, unit, source, verification mark) = emission (kgCO2e, 2 decimals), the
// formula in words and with the row's numbers, the inputs the formula read, the 默认值, the row's problems and notices.
// A card per row rather than a wide table, so the working reads the same at 390 px as at 1366 px.
import { Box, Chip, Stack, Typography } from '@mui/material';
import { formatNumber } from '../../calc/format';
import type { DictMaps } from '../admin/useDicts';
import { defaultsOf, noticesOf, problemsOf, type TraceInput, type TraceRow } from '../stages/traceApi';
import { defaultDecimals, DefaultsList, Notices, Problems, VerificationMark, type Props } from '../stages/TraceMarks';

const FACTOR_DECIMALS = 4;

const inputText = (i: TraceInput, props: Props) =>
  `${i.title} = ${typeof i.value === 'number' ? formatNumber(i.value, defaultDecimals(i.field, props)) : i.value}${i.note ? `（${i.note}）` : ''}`;

const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/** What a formula of 用量 × 因子 reads: a row whose formula reads more (a distance, a density) is not one. */
const QUANTITY_TIMES_FACTOR = new Set(['quantity', 'unit', 'factorValue', 'factorUnit']);

/** The formula reads more than the quantity and the factor: its working is the formula itself, every term of it. */
export const fullWorking = (row: TraceRow) =>
  !!row.trace?.numbers && !!row.trace.inputs?.some((i) => !QUANTITY_TIMES_FACTOR.has(i.field));

/**
 * The row's own figures, as stored: '500.00 t × 2.1000 kgCO2e/t = 1,050.00 kgCO2e' (label 用量 × 因子 = 碳排放); a row
 * whose formula has more terms (transport: 用量 × 单位质量 × 运输距离 × 因子) shows them all, with the formula in words
 * as the label; a row without a quantity (an operation system) shows its emission with the factor — the grid's,
 * marked 默认值, when the row had none.
 */
export function workingLine(row: TraceRow, stageFormula?: string): [label: string, text: string] {
  const grid = defaultsOf(row).find((d) => d.field === 'factorValue');
  const factor = given(row.factorValue)
    ? `${formatNumber(row.factorValue, FACTOR_DECIMALS)}${row.factorUnit ? ` ${row.factorUnit}` : ''}`
    : grid
      ? `${formatNumber(grid.value, FACTOR_DECIMALS)}${grid.unit ? ` ${grid.unit}` : ''}（默认值）`
      : null;
  const emission = given(row.emission) ? `${formatNumber(row.emission)} kgCO2e` : '—';
  if (fullWorking(row)) return [row.trace!.formula || stageFormula || '计算', `${row.trace!.numbers} = ${emission}`];
  if (given(row.quantity) && factor)
    return [
      '用量 × 因子 = 碳排放',
      `${formatNumber(row.quantity)}${row.quantityUnit ? ` ${row.quantityUnit}` : ''} × ${factor} = ${emission}`,
    ];
  return ['碳排放', `${emission}${factor ? `；因子 ${factor}` : ''}`];
}

const Line = ({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) => (
  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
    <Typography component="span" variant="body2" color="text.secondary">
      {label}：
    </Typography>
    {children}
  </Typography>
);

export interface TraceRowItemProps {
  row: TraceRow;
  index: number;
  dicts: DictMaps;
  /** the stage schema's properties (decimals of inputs and defaults) */
  props?: Props;
  /** the stage formula shown above the rows: a row with the same one does not repeat it */
  stageFormula?: string;
}

export const TraceRowItem = ({ row, index, dicts, props = {}, stageFormula }: TraceRowItemProps) => {
  const t = row.trace;
  const [workingLabel, working] = workingLine(row, stageFormula);
  const defaults = defaultsOf(row);
  const problems = problemsOf(row);
  const part = row.part ? (dicts.runtimePart?.[row.part] ?? row.part) : null;
  const energy = row.energy ? (dicts.energyKind?.[row.energy] ?? row.energy) : null;
  const quality = row.quality ? (dicts.dataQuality?.[row.quality] ?? row.quality) : null;
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      data-testid="trace-row"
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3">
          {index}. {row.name ?? '（未命名）'}
        </Typography>
        {part && <Chip size="small" label={part} />}
        {energy && <Chip size="small" variant="outlined" label={energy} />}
        {quality && (
          <Chip
            size="small"
            variant="outlined"
            color="primary"
            label={`数据质量：${quality}${row.qualityRef ? `（${row.qualityRef}）` : ''}`}
          />
        )}
      </Stack>
      <Stack spacing={0.5}>
        <Line label={workingLabel} testId="trace-working">
          {working}
        </Line>
        {row.source && (
          <Line label="数据来源" testId="trace-source">
            {row.source}
          </Line>
        )}
        {(row.factorSource || row.verification) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Line label="因子来源">{row.factorSource || '—'}</Line>
            <VerificationMark mark={row.verification} labels={dicts.verification ?? {}} />
          </Stack>
        )}
        {t?.formula && t.formula !== stageFormula && !fullWorking(row) && <Line label="计算公式">{t.formula}</Line>}
        {t?.numbers && !fullWorking(row) && (
          <Line label="代入数值">
            {t.numbers}
            {row.emission !== null && row.emission !== undefined ? ` = ${formatNumber(row.emission)} kgCO2e` : ''}
          </Line>
        )}
        {t?.inputs?.length ? <Line label="输入">{t.inputs.map((i) => inputText(i, props)).join('；')}</Line> : null}
        {t?.conversions?.length ? (
          <Line label="单位换算" testId="trace-conversions">
            {t.conversions.join('；')}
          </Line>
        ) : null}
        <DefaultsList defaults={defaults} props={props} />
        <Problems problems={problems} />
        <Notices notices={noticesOf(row)} />
      </Stack>
    </Box>
  );
};
