// 账号登录: user name (trimmed) and password (base64-encoded by the auth provider). When the server wants the
// slider the call goes through it (useSlider); a failure is shown with the server's message.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, CircularProgress, FormControlLabel, TextField } from '@mui/material';
import { useLogin } from 'react-admin';
import { attemptLogin, type LoginFormProps } from './loginForms';

export const PasswordLoginForm = (props: LoginFormProps) => {
  const { busy, run, redirect } = props;
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = {
      username: username.trim() ? undefined : '请输入账号',
      password: password ? undefined : '请输入密码',
    };
    setFieldErrors(errs);
    if (errs.username || errs.password) return;
    await attemptLogin(props, () =>
      run((sliderToken) => login({ username: username.trim(), password, remember, sliderToken }, redirect)),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="账号"
        name="username"
        autoComplete="username"
        autoFocus
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={!!fieldErrors.username}
        helperText={fieldErrors.username}
        disabled={busy}
        inputProps={{ maxLength: 50 }}
      />
      <TextField
        label="密码"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!fieldErrors.password}
        helperText={fieldErrors.password}
        disabled={busy}
        inputProps={{ maxLength: 64 }}
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
