// The fields the account pages share: a password (new or current), and a phone number with its SMS code, wired to
// the form state of useSmsForm.
import { TextField, type TextFieldProps } from '@mui/material';
import { SmsCodeInput } from './SmsCodeInput';
import type { Errors } from './rules';

type PasswordProps = Omit<TextFieldProps, 'type' | 'autoComplete'> & { current?: boolean };

export const PasswordField = ({ current, ...props }: PasswordProps) => (
  <TextField
    type="password"
    autoComplete={current ? 'current-password' : 'new-password'}
    inputProps={{ maxLength: 64 }}
    {...props}
  />
);

/** What the phone fields need of useSmsForm's state. */
interface SmsForm {
  values: { smsCode: string };
  errors: Errors;
  change: (field: 'smsCode', value: string) => void;
  field: (name: 'phone') => Pick<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'helperText'>;
  busy: boolean;
  sms: { label: string; busy: boolean };
  sendCode: () => Promise<unknown>;
}

/** 手机号 and its 验证码 (获取验证码 asks the slider first). */
export const PhoneCodeFields = ({ form, autoFocus }: { form: SmsForm; autoFocus?: boolean }) => (
  <>
    <TextField
      label="手机号"
      type="tel"
      autoComplete="tel"
      autoFocus={autoFocus}
      disabled={form.busy}
      inputProps={{ maxLength: 11, inputMode: 'numeric' }}
      {...form.field('phone')}
    />
    <SmsCodeInput
      value={form.values.smsCode}
      onChange={(v) => form.change('smsCode', v)}
      onSend={() => void form.sendCode()}
      label={form.sms.label}
      disabled={form.busy}
      sendDisabled={form.sms.busy}
      error={form.errors.smsCode}
    />
  </>
);
