import { Checkbox, type CheckboxProps } from '@mui/material';

/**
 * A "select all" checkbox that is partly checked when some of its rows are. MUI marks the mixed state with
 * aria-checked only; the native input's own `indeterminate` is set too, so the two agree for assistive technology.
 */
export const MixedCheckbox = ({ indeterminate = false, ...props }: CheckboxProps) => (
  <Checkbox
    {...props}
    indeterminate={indeterminate}
    inputRef={(el: HTMLInputElement | null) => {
      if (el) el.indeterminate = indeterminate;
    }}
  />
);
