// A machine item's GB/T 51366 附录C row (表C.0.1): a select of the rows the server offers (the machine's own, or the
// whole table when its name is not in it), showing the matched one with its 匹配度 and why; the user's pick is the
// row the import takes (its energy per shift, and the factors of its energy).
import type { HTMLAttributes } from 'react';
import { Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import type { BudgetItemAnswer, BudgetMachineAnswer } from './budgetApi';
import { confidenceText, machineLabel, PICKED_BY_HAND } from './selection';

const NONE = '';

export interface MachinePickProps {
  item: BudgetItemAnswer;
  /** the bill's 表C.0.1 rows by id */
  machines: ReadonlyMap<number, BudgetMachineAnswer>;
  disabled?: boolean;
  onPick: (row: BudgetMachineAnswer) => void;
}

export const MachinePick = ({ item, machines, disabled, onPick }: MachinePickProps) => {
  const options = (item.machineOptions ?? []).flatMap((id) => machines.get(id) ?? []);
  if (!options.length) return null;
  const m = item.machine;
  return (
    <Box sx={{ mb: 1, minWidth: 0 }}>
      <TextField
        select
        hiddenLabel
        size="small"
        fullWidth
        value={m ? String(m.lookupId) : NONE}
        disabled={disabled}
        onChange={(e) => {
          const row = machines.get(Number(e.target.value));
          if (row) onPick(row);
        }}
        slotProps={{
          select: {
            displayEmpty: true,
            renderValue: (v) =>
              v === NONE ? '请选择附录C 中的施工机械' : `附录C：${machineLabel(machines.get(Number(v))!)}`,
            // the whole row shown, wrapped: its size and energy are what the user checks
            SelectDisplayProps: {
              'aria-label': `${item.name} 附录C 施工机械`,
              style: { whiteSpace: 'normal', wordBreak: 'break-word' },
            } as HTMLAttributes<HTMLDivElement>,
            MenuProps: { slotProps: { paper: { sx: { maxWidth: 'min(640px, calc(100vw - 32px))', maxHeight: 360 } } } },
          },
        }}
      >
        {options.map((o) => (
          <MenuItem key={o.lookupId} value={String(o.lookupId)} sx={{ whiteSpace: 'normal' }}>
            {machineLabel(o)}
          </MenuItem>
        ))}
      </TextField>
      {m && (
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}
          data-testid="bill-machine-match"
        >
          {m.reasons[0] === PICKED_BY_HAND ? (
            <Chip size="small" variant="outlined" label={PICKED_BY_HAND} color="primary" />
          ) : (
            <>
              <Chip
                size="small"
                variant="outlined"
                label={confidenceText(m.confidence)}
                color={m.confidence >= CONFIRM_AT ? 'success' : 'warning'}
              />
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {m.confidence >= CONFIRM_AT ? '' : '规格未能确认，请核对后选择；'}依据：{m.reasons.join('；')}
              </Typography>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
};
