// The tornado chart of the uncertainty analysis: one horizontal bar per input from the total at the
// input's P10 to the total at its P90 (the others nominal), the largest swing on top, around a line at the
// nominal total. Drawn with boxes so it needs no chart library and reads the same on a phone.
import { Box, Stack, Typography } from '@mui/material';
import { formatNumber } from '../../calc/format';
import { NoData } from '../admin/NoData';
import type { TornadoBar } from './decideApi';

const LOW_COLOR = '#1e88e5';
const HIGH_COLOR = '#fb8c00';

/** The bars by swing, largest first, and the scale (min, max) covering every bar and the nominal value. */
export function tornadoScale(bars: TornadoBar[], nominal: number) {
  const sorted = [...bars].sort((a, b) => b.swing - a.swing);
  const values = [nominal, ...sorted.flatMap((b) => [b.low, b.high])];
  let min = Math.min(...values);
  let max = Math.max(...values);
  const pad = (max - min) * 0.05 || Math.abs(nominal) * 0.05 || 1;
  min -= pad;
  max += pad;
  const pos = (v: number) => ((v - min) / (max - min)) * 100;
  return { sorted, min, max, pos };
}

const Segment = ({ from, to, color }: { from: number; to: number; color: string }) =>
  to > from ? (
    <Box
      sx={{
        position: 'absolute',
        top: 3,
        bottom: 3,
        left: `${from}%`,
        width: `${to - from}%`,
        bgcolor: color,
        borderRadius: 0.5,
      }}
    />
  ) : null;

export const Tornado = ({ bars, nominal, unit = 'tCO2e' }: { bars: TornadoBar[]; nominal: number; unit?: string }) => {
  if (!bars.length) return <NoData />;
  const { sorted, min, max, pos } = tornadoScale(bars, nominal);
  const n = pos(nominal);
  return (
    <Box data-testid="tornado" role="group" aria-label="龙卷风图">
      <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="span" sx={{ width: 12, height: 12, bgcolor: LOW_COLOR, display: 'inline-block' }} />
          低于名义值
        </Typography>
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="span" sx={{ width: 12, height: 12, bgcolor: HIGH_COLOR, display: 'inline-block' }} />
          高于名义值
        </Typography>
        <Typography variant="caption" color="text.secondary">
          名义值 {formatNumber(nominal)} {unit}
        </Typography>
      </Stack>
      {sorted.map((b) => {
        const lo = pos(Math.min(b.low, b.high));
        const hi = pos(Math.max(b.low, b.high));
        return (
          <Box
            key={`${b.kind}-${b.label}`}
            data-testid="tornado-bar"
            aria-label={`${b.label}：${formatNumber(b.low)} – ${formatNumber(b.high)} ${unit}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 30%) 1fr' },
              columnGap: 2,
              alignItems: 'center',
              mb: 1,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {b.label}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatNumber(b.low)} – {formatNumber(b.high)}（波动 {formatNumber(b.swing)}）
              </Typography>
            </Box>
            <Box sx={{ position: 'relative', height: 24, bgcolor: 'action.hover', borderRadius: 0.5 }}>
              <Segment from={lo} to={Math.min(hi, n)} color={LOW_COLOR} />
              <Segment from={Math.max(lo, n)} to={hi} color={HIGH_COLOR} />
              <Box
                sx={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: `${n}%`,
                  borderLeft: '2px solid',
                  borderColor: 'text.primary',
                }}
              />
            </Box>
          </Box>
        );
      })}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 30%) 1fr' }, columnGap: 2 }}>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="caption" color="text.secondary">
            {formatNumber(min)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {unit}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatNumber(max)}
          </Typography>
        </Stack>
      </Box>
    </Box>
  );
};
