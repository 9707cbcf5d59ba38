// 验证码 field with its 获取验证码 button (label and countdown from useSmsCode).
import { Box, Button, TextField } from '@mui/material';

export interface SmsCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  label: string;
  disabled?: boolean;
  sendDisabled?: boolean;
  error?: string;
}

export const SmsCodeInput = ({ value, onChange, onSend, label, disabled, sendDisabled, error }: SmsCodeInputProps) => (
  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
    <TextField
      label="验证码"
      name="smsCode"
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      error={!!error}
      helperText={error}
      disabled={disabled}
      inputProps={{ inputMode: 'numeric', maxLength: 6 }}
      sx={{ flex: 1, minWidth: 0 }}
    />
    <Button
      variant="outlined"
      onClick={onSend}
      disabled={disabled || sendDisabled}
      sx={{ mt: '8px', height: 48, whiteSpace: 'nowrap', flexShrink: 0, minWidth: 124 }}
    >
      {label}
    </Button>
  </Box>
);
