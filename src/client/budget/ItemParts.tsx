// The parts of a bill item the mapping table and the phone cards both show: its class (why it was so classed as a
// tooltip; an energy's kind under it), its name with the pricing code, and for a machine shift the GB/T 51366 附录C row it was matched to.
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import type { BudgetItemAnswer } from './budgetApi';
import { num } from './selection';
import { CLASS_LABELS, energyLabel } from './texts';

const CLASS_COLORS = { labour: 'default', material: 'primary', equipment: 'secondary', energy: 'warning', machine: 'info' } as const;

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

/** A machine's 附录C row: `附录C：载重汽车 装载质量 6 t，33.24 kg柴油/台班`. */
export const MachineRow = ({ item }: { item: BudgetItemAnswer }) => {
  const m = item.machine;
  if (!m) return null;
  return (
    <Typography variant="caption" color="info.dark" component="div" data-testid="bill-machine" sx={{ wordBreak: 'break-word' }}>
      附录C：{m.name} {m.spec}，{num(m.energyPerShift)} {m.energyUnit}
      {energyLabel(m.energy)}/台班
    </Typography>
  );
};

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
    <MachineRow item={item} />
  </Box>
);
