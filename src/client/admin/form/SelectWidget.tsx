// rjsf's select widget for every enum field of the app's forms (the generic SchemaForm and the stage forms).
// rjsf-mui's own puts a blank first option in every single select without a default, required or not (e.g.
// 用能系统 offered one). Here a required choice offers only its values; an optional one offers first a choice
// labelled 未选择 (or the field's placeholder) that clears it.
import type { ChangeEvent, FocusEvent } from 'react';
import { MenuItem, TextField } from '@mui/material';
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  labelValue,
  type WidgetProps,
} from '@rjsf/utils';

/** The label of an optional select's empty choice. */
export const NO_CHOICE = '未选择';

export function SelectWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    options,
    label,
    hideLabel,
    required,
    disabled,
    readonly,
    placeholder,
    value,
    multiple,
    autofocus,
    onChange,
    onBlur,
    onFocus,
    rawErrors = [],
  } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const many = !!multiple;
  const empty = many ? [] : '';
  const isEmpty = value === undefined || value === null || (many ? (value as unknown[]).length < 1 : value === '');
  const decode = (v: unknown) => enumOptionValueDecoder(v as string, enumOptions, format, emptyValue);

  return (
    <TextField
      id={id}
      name={htmlName || id}
      label={labelValue(label || undefined, hideLabel, undefined)}
      value={enumOptionSelectedValue(value, enumOptions, many, format, empty)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={rawErrors.length > 0}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(decode(e.target.value))}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, decode(e.target?.value))}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, decode(e.target?.value))}
      select
      slotProps={{ inputLabel: { shrink: !isEmpty }, select: { multiple: many } }}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {!many && !required && <MenuItem value="">{placeholder || NO_CHOICE}</MenuItem>}
      {enumOptions.map(({ value: v, label: text }, i) => (
        <MenuItem
          key={String(v)}
          value={enumOptionValueEncoder(v, i, format)}
          disabled={Array.isArray(enumDisabled) && enumDisabled.includes(v)}
        >
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
