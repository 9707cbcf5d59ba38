// 短信登录: phone + the code sent by 获取验证码 (purpose login, through the slider helper, 60 s countdown);
// the auth provider calls sso/smsLogin and keeps the token like a password login.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, CircularProgress, FormControlLabel, TextField } from '@mui/material';
import { useLogin } from 'react-admin';
import { SmsCodeInput } from '../account/SmsCodeInput';
import { useSmsCode } from '../account/useSmsCode';
import { ACCOUNT_MSG, phoneError, type Errors } from '../account/rules';
import { attemptLogin, type LoginFormProps } from './loginForms';

export const SmsLoginForm = (props: LoginFormProps) => {
  const { busy, setAlert, run, redirect } = props;
  const login = useLogin();
  const sms = useSmsCode('login', run);
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const sendCode = async () => {
    setAlert(undefined);
    const r = await sms.send(phone);
    setAlert(r.alert);
    setErrors(r.fields ?? {});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Errors = {};
    const p = phoneError(phone, true);
    if (p) errs.phone = p;
    if (!smsCode) errs.smsCode = ACCOUNT_MSG.codeRequired;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    await attemptLogin(props, () => login({ phone: phone.trim(), smsCode, remember }, redirect));
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="手机号"
        name="phone"
        type="tel"
        autoComplete="tel"
        autoFocus
        value={phone}
        onChange={(e) => setPhone(e.target.value.trim())}
        error={!!errors.phone}
        helperText={errors.phone}
        disabled={busy}
        inputProps={{ maxLength: 11, inputMode: 'numeric' }}
      />
      <SmsCodeInput
        value={smsCode}
        onChange={setSmsCode}
        onSend={() => void sendCode()}
        label={sms.label}
        disabled={busy}
        sendDisabled={sms.busy}
        error={errors.smsCode}
      />
      <FormControlLabel
        control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} disabled={busy} />}
        label="记住我(7天)"
      />
      <Button type="submit" variant="contained" fullWidth size="large" disabled={busy} sx={{ mt: 2 }}>
        {busy ? <CircularProgress size={24} color="inherit" aria-label="登录中" /> : '登录'}
      </Button>
    </form>
  );
};
