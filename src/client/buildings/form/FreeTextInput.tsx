// A text field with suggestions that also takes any typed text (MUI Autocomplete freeSolo): 结构类型 from the
// structureType dictionary with custom entries, 设计使用年限 from 5/25/50/100 or any number typed.
import { Autocomplete, TextField } from '@mui/material';

export interface FreeTextInputProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (text: string) => void;
  /** Applied to what the user types (e.g. digits only). */
  normalize?: (text: string) => string;
  maxLength?: number;
  required?: boolean;
  error?: string;
  disabled?: boolean;
}

export function FreeTextInput({
  label,
  value,
  options,
  onChange,
  normalize = (s) => s,
  maxLength,
  required,
  error,
  disabled,
}: FreeTextInputProps) {
  return (
    <Autocomplete
      freeSolo
      options={[...options]}
      value={value}
      inputValue={value}
      onInputChange={(_e, text, reason) => {
        if (reason !== 'reset' || text) onChange(normalize(text));
      }}
      onChange={(_e, v) => onChange(normalize(v ?? ''))}
      filterOptions={(opts) => opts}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!error}
          helperText={error}
          inputProps={{ ...params.inputProps, maxLength }}
        />
      )}
    />
  );
}
