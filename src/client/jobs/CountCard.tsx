// A pre-flight's counted figure (the BIM model's and the budget file's): its label, the count, an optional line
// under it, and — for a figure that is a problem — highlighted when it is above 0.
import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { formatCount } from './JobProgress';

export interface CountCardProps {
  testId: string;
  label: string;
  value: number;
  /** under the value (合并为 N 项) */
  note?: string;
  /** a problem: highlighted when > 0 */
  severity?: 'error' | 'warning';
}

export const CountCard = ({ testId, label, value, note, severity }: CountCardProps) => {
  const alert = !!severity && value > 0;
  return (
    <Box
      data-testid={testId}
      data-alert={alert || undefined}
      sx={{
        border: 1,
        borderColor: alert ? `${severity}.main` : 'divider',
        bgcolor: (t) => (alert ? alpha(t.palette[severity!].main, 0.08) : t.palette.background.paper),
        color: alert ? `${severity}.dark` : 'text.primary',
        borderRadius: 1,
        p: 1.5,
        minWidth: 0,
      }}
    >
      <Typography variant="body2" color={alert ? undefined : 'text.secondary'}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {formatCount(value)}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Box>
  );
};
