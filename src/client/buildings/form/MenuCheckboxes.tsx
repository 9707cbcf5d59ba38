// 计算阶段: one checkbox per stage menu the standard offers (disabled ones disabled). Every change goes through
// applyMenuRules so the ticks are what will be saved (estimate: build ticks produce; JS-STD: produce ticks trans
// and build; accounting GB: the stage decides produce/runtime).
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { applyMenuRules, choicesFor } from '../../../../schemas/standards';
import { tpf3Project } from '../../../../schemas/domain/tpf3Project';

export interface MenuCheckboxesProps {
  module: string;
  standard: string;
  stage: string;
  value: readonly string[];
  onChange: (menus: string[]) => void;
  error?: string;
  disabled?: boolean;
}

export function MenuCheckboxes({ module, standard, stage, value, onChange, error, disabled }: MenuCheckboxesProps) {
  const { menus } = choicesFor(module, standard);
  const toggle = (code: string, on: boolean) => {
    const next = on ? [...value, code] : value.filter((c) => c !== code);
    onChange(applyMenuRules(module, standard, stage, next));
  };
  const title = tpf3Project.properties.menus.title;
  return (
    <FormControl error={!!error} required component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{title}</FormLabel>
      <FormGroup row>
        {menus.map((m) => (
          <FormControlLabel
            key={m.code}
            label={m.title}
            disabled={disabled || m.disabled}
            control={
              <Checkbox
                size="small"
                checked={value.includes(m.code)}
                onChange={(e) => toggle(m.code, e.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
