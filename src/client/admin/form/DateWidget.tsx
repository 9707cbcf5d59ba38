// rjsf's date widget for every date field of the app's forms (format 'date', x-widget 'date'): a text input that
// shows and stores 'YYYY-MM-DD' whatever the browser's locale — a native <input type=date> shows 08/30/2025 in an
// English-locale browser — with a calendar button opening the browser's own picker on a hidden native
// date input (showPicker), whose value is 'YYYY-MM-DD' in every locale. A day typed as 2025/8/30 is written back
// as 2025-08-30 on leaving the field; anything else stays as typed, for the
// schema's Chinese message naming the field (schemas/validation.ts).
import { useRef, type ChangeEvent } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { toYmd } from './ymd';

export const DATE_PLACEHOLDER = 'yyyy-MM-dd';

/** Rendered (a picker opens only on a rendered input) yet neither seen nor reached by the keyboard. */
const HIDDEN = {
  position: 'absolute',
  right: 0,
  bottom: 0,
  width: 1,
  height: 1,
  padding: 0,
  border: 0,
  opacity: 0,
  pointerEvents: 'none',
} as const;

export function DateWidget(props: WidgetProps) {
  const { id, value, label, onChange, onBlur, options, registry, disabled, readonly } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const native = useRef<HTMLInputElement>(null);
  const set = (v: string | undefined) => onChange(v || options.emptyValue);

  const openPicker = () => {
    const input = native.current;
    if (!input) return;
    input.value = toYmd(value) ?? '';
    try {
      input.showPicker();
    } catch {
      // a browser without showPicker (or refusing it): the native input itself
      input.focus();
      input.click();
    }
  };

  const calendar = (
    <InputAdornment position="end" sx={{ position: 'relative' }}>
      <IconButton
        size="small"
        edge="end"
        aria-label={`选择${label || '日期'}`}
        onClick={openPicker}
        disabled={disabled || readonly}
      >
        <EventIcon fontSize="small" />
      </IconButton>
      <input
        ref={native}
        type="date"
        tabIndex={-1}
        aria-hidden
        style={HIDDEN}
        data-testid={`${id}-picker`}
        onChange={(e: ChangeEvent<HTMLInputElement>) => set(e.target.value)}
      />
    </InputAdornment>
  );

  return (
    // eslint-disable-next-line react-hooks/static-components -- rjsf's registry hands out the same template each render
    <BaseInputTemplate
      {...props}
      type="text"
      placeholder={props.placeholder || DATE_PLACEHOLDER}
      onChange={(v: string | undefined) => set(v)}
      onBlur={(field: string, v: string) => {
        const day = toYmd(v);
        if (day && day !== v) set(day);
        onBlur(field, day ?? v);
      }}
      slotProps={{
        htmlInput: { autoComplete: 'off', maxLength: 11 },
        inputLabel: { shrink: true },
        input: { endAdornment: calendar },
      }}
    />
  );
}
