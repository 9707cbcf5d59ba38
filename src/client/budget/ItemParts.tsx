// The parts of a bill item the mapping table and the phone cards both show: its class (why it was so classed as a
// tooltip; an energy's kind under it), and its name with the pricing code (a machine's
// GB/T 51366 附录C row is its own select, MachinePick).
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import type { BudgetItemAnswer } from './budgetApi';
import { CLASS_LABELS, energyLabel } from './texts';

const CLASS_COLORS = {
  labour: 'default',
  material: 'primary',
  equipment: 'secondary',
  energy: 'warning',
  machine: 'info',
} as const;

export const ClassChip = ({ item }: { item: BudgetItemAnswer }) => (
  <Box sx={{ flexShrink: 0 }}>
    <Tooltip title={item.reason ? `归类依据：${item.reason}` : ''}>
      <Chip size="small" variant="outlined" color={CLASS_COLORS[item.cls]} label={CLASS_LABELS[item.cls]} />
    </Tooltip>
    {item.cls === 'energy' && item.energy && (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25, textAlign: 'center' }}>
        {energyLabel(item.energy)}
      </Typography>
    )}
  </Box>
);

export const ItemName = ({ item }: { item: BudgetItemAnswer }) => (
  <Box sx={{ minWidth: 0, wordBreak: 'break-word' }}>
    <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
      {item.name}
    </Typography>
    {item.code && (
      <Typography variant="caption" color="text.secondary" component="div">
        编码 {item.code}
      </Typography>
    )}
  </Box>
);
