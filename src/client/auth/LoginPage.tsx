// /login — password login (spec 001 §2). The user name is trimmed and the password base64-encoded by the
// auth provider; the server's message is shown on failure; after login the user goes to ?redirect=.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Checkbox, CircularProgress, FormControlLabel, TextField, Typography } from '@mui/material';
import EnergySavingsLeafIcon from '@mui/icons-material/EnergySavingsLeaf';
import { useLogin } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { APP_TITLE } from '../constants';
import { getToken } from '../providers/tokenStorage';
import { takeLoginNotice } from './loginNotice';
import { redirectTarget } from './loginRedirect';

export const LoginPage = () => {
  const login = useLogin();
  const { search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | undefined>(() => takeLoginNotice());
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [loading, setLoading] = useState(false);

  if (getToken() && !loading) return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = { username: username.trim() ? undefined : '请输入账号', password: password ? undefined : '请输入密码' };
    setFieldErrors(errs);
    if (errs.username || errs.password) return;
    setLoading(true);
    setError(undefined);
    try {
      await login({ username: username.trim(), password, remember }, redirectTarget(search));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '登录失败，请重试');
      setLoading(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #1b5e20 0%, #2e7d32 45%, #00796b 100%)',
        p: 2,
      }}
    >
      <Card sx={{ width: 380, maxWidth: '100%' }} component="form" onSubmit={submit} noValidate aria-label="登录">
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mb: 1 }}>
            <EnergySavingsLeafIcon color="primary" fontSize="large" />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              {APP_TITLE}
            </Typography>
          </Box>
          <Typography align="center" color="text.secondary" sx={{ mb: 3 }}>
            建筑全生命周期碳排放计算
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label="账号"
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={!!fieldErrors.username}
            helperText={fieldErrors.username}
            disabled={loading}
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
            disabled={loading}
            inputProps={{ maxLength: 64 }}
          />
          <FormControlLabel
            control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} disabled={loading} />}
            label="记住我(7天)"
          />
          <Button type="submit" variant="contained" fullWidth size="large" disabled={loading} sx={{ mt: 2 }}>
            {loading ? <CircularProgress size={24} color="inherit" aria-label="登录中" /> : '登录'}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
