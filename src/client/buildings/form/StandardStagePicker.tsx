// 计算标准 (the module's standards, in schemas/standards.ts order) and 项目阶段 (that standard's stages; the ones
// the standard disables are shown disabled).
import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { choicesFor, moduleDef, STANDARD_NAMES, type StandardCode } from '../../../../schemas/standards';
import { tpf3Project } from '../../../../schemas/domain/tpf3Project';

export interface StandardStagePickerProps {
  module: string;
  standard: string;
  stage: string;
  onStandardChange: (standard: string) => void;
  onStageChange: (stage: string) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}

export function StandardStagePicker({
  module,
  standard,
  stage,
  onStandardChange,
  onStageChange,
  errors,
  disabled,
}: StandardStagePickerProps) {
  const standards = moduleDef(module)?.standards ?? [];
  const { stages } = choicesFor(module, standard);
  const { title: standardTitle } = tpf3Project.properties.standard;
  const { title: stageTitle } = tpf3Project.properties.stage;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
      <TextField
        select
        required
        label={standardTitle}
        value={standard}
        onChange={(e) => onStandardChange(e.target.value)}
        error={!!errors.standard}
        helperText={errors.standard}
        disabled={disabled}
        sx={{ minWidth: 260 }}
        slotProps={{ select: { inputProps: { 'aria-label': standardTitle } } }}
      >
        {standards.map((s) => (
          <MenuItem key={s.code} value={s.code}>
            {STANDARD_NAMES[s.code as StandardCode]}
          </MenuItem>
        ))}
      </TextField>
      <FormControl error={!!errors.stage} required disabled={disabled}>
        <FormLabel id="building-stage-label">{stageTitle}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="building-stage-label"
          value={stage}
          onChange={(e) => onStageChange(e.target.value)}
        >
          {stages.map((s) => (
            <FormControlLabel
              key={s.name}
              value={s.name}
              control={<Radio size="small" />}
              label={s.name}
              disabled={disabled || s.disabled}
            />
          ))}
        </RadioGroup>
        {errors.stage && <FormHelperText>{errors.stage}</FormHelperText>}
      </FormControl>
    </Stack>
  );
}
