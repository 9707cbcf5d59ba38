// The small marks of a row's trace, shared by the result page's trace dialog and the stage table:
// the 默认值 the calculation filled in (title value unit — source), the save rules a stored row breaks (red),
// and a factor's verification mark (V/V2 verified; M/D/U shown as such, so a reviewer sees an unverified value).
import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { formatNumber } from '../../calc/format';
import type { DefaultUsed } from './traceApi';

export const DEFAULT_LABEL = '默认值';

/** The stage schema's properties, for the decimals a field is shown with. */
export type Props = Record<string, { 'x-decimals'?: number } | undefined>;

/**
 * Decimals of a traced value: the field's own x-decimals in the stage schema (a density's also for the mass per
 * unit it gives); else factors 4, densities 3 (contract rules), everything else 2.
 */
export function defaultDecimals(field: string, props: Props = {}): number {
  const own = props[field === 'massPerUnit' ? 'density' : field]?.['x-decimals'];
  if (typeof own === 'number') return own;
  return /factor/i.test(field) ? 4 : /density|massPerUnit/i.test(field) ? 3 : 2;
}

/** '运输距离(km) 40.00 km — 因子库材料的默认运输距离…' */
export const defaultText = (d: DefaultUsed, props?: Props) =>
  `${d.title} ${formatNumber(d.value, defaultDecimals(d.field, props))}${d.unit ? ` ${d.unit}` : ''} — ${d.source}`;

/** A 默认值 chip whose tooltip lists every default of the row (the stage table's emission cell). */
export const DefaultsChip = ({ defaults, props }: { defaults: DefaultUsed[]; props?: Props }) =>
  defaults.length ? (
    <Tooltip
      title={
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {defaults.map((d) => (
            <li key={d.field}>{defaultText(d, props)}</li>
          ))}
        </Box>
      }
    >
      <Chip
        size="small"
        color="info"
        variant="outlined"
        label={DEFAULT_LABEL}
        sx={{ ml: 1 }}
        data-testid="defaults-chip"
        aria-label={`${DEFAULT_LABEL}：${defaults.map((d) => defaultText(d, props)).join('；')}`}
        tabIndex={0}
      />
    </Tooltip>
  ) : null;

/** The mark of a value a stage cell shows for the row (what its calculation filled in): its name (电网排放因子,
 *  默认值) and, in the tooltip, the value and its source. */
export const FilledMark = ({ name, used, props }: { name: string; used: DefaultUsed; props?: Props }) => (
  <Tooltip title={defaultText(used, props)}>
    <Chip
      size="small"
      color="info"
      variant="outlined"
      label={name}
      sx={{ ml: 1 }}
      data-testid="filled-mark"
      aria-label={`${name}：${defaultText(used, props)}`}
      tabIndex={0}
    />
  </Tooltip>
);

/** Every default of a row as a line: a 默认值 chip, the value and its source (the trace dialog). */
export const DefaultsList = ({ defaults, props }: { defaults: DefaultUsed[]; props?: Props }) =>
  defaults.length ? (
    <Stack spacing={0.5} data-testid="trace-defaults">
      {defaults.map((d) => (
        <Stack key={d.field} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Chip size="small" color="info" variant="outlined" label={DEFAULT_LABEL} sx={{ flexShrink: 0 }} />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {d.title} {formatNumber(d.value, defaultDecimals(d.field, props))}
            {d.unit ? ` ${d.unit}` : ''}
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              — 来源：{d.source}
            </Typography>
          </Typography>
        </Stack>
      ))}
    </Stack>
  ) : null;

/** The save rules a stored row breaks (it counted 0), in red. */
export const Problems = ({ problems }: { problems: string[] }) =>
  problems.length ? (
    <Box data-testid="trace-problems">
      {problems.map((p) => (
        <Typography key={p} variant="body2" color="error">
          {p}
        </Typography>
      ))}
    </Box>
  ) : null;

/** What to check on a row that still counts (an EPD factor past its validity), in orange. */
export const Notices = ({ notices }: { notices: string[] }) =>
  notices.length ? (
    <Box data-testid="trace-notices">
      {notices.map((p) => (
        <Typography key={p} variant="body2" color="warning.main">
          {p}
        </Typography>
      ))}
    </Box>
  ) : null;

const UNVERIFIED = new Set(['M', 'D', 'U']);

/** 'M 回忆值（待核实）': the mark itself and its dictionary label; unverified marks in the warning colour. */
export const VerificationMark = ({
  mark,
  labels,
}: {
  mark: string | null | undefined;
  labels: Record<string, string>;
}) => {
  if (!mark) return null;
  const label = labels[mark];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={UNVERIFIED.has(mark) ? 'warning' : 'success'}
      label={label ? `${mark} ${label}` : mark}
      data-testid="verification-mark"
    />
  );
};
