// /login: two tabs, 账号登录 (user name + password) and 短信登录 (phone + SMS code), both with
// 记住我(7天); links to 注册账号 (/register) and 忘记密码 (/reset-password). The slider check opens when the
// server asks for it. After login the user goes to ?redirect=. A notice left by the session's end or by a
// public page (注册成功，请登录) is shown above the form.
import { useState } from 'react';
import { Box, Link, Tab, Tabs } from '@mui/material';
import { Navigate, Link as RouterLink, useLocation } from 'react-router-dom';
import { getToken } from '../providers/tokenStorage';
import { useSlider } from '../account/useSlider';
import { AuthCard, type AuthAlert } from '../account/AuthCard';
import { takeLoginNoticeEntry } from '../providers/loginNotice';
import { redirectTarget } from '../providers/loginRedirect';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

type Mode = 'password' | 'sms';

export const LoginPage = () => {
  const { search } = useLocation();
  const [mode, setMode] = useState<Mode>('password');
  const [alert, setAlert] = useState<AuthAlert | undefined>(() => takeLoginNoticeEntry());
  const [busy, setBusy] = useState(false);
  const slider = useSlider();

  if (getToken() && !busy) return <Navigate to="/" replace />;

  const props = { busy, setBusy, setAlert, run: slider.run, redirect: redirectTarget(search) };

  return (
    <AuthCard label="登录" subtitle="建筑全生命周期碳排放计算" alert={alert}>
      <Tabs
        value={mode}
        onChange={(_, m: Mode) => {
          setMode(m);
          setAlert(undefined);
        }}
        variant="fullWidth"
        aria-label="登录方式"
        sx={{ mb: 1 }}
      >
        <Tab value="password" label="账号登录" disabled={busy} />
        <Tab value="sms" label="短信登录" disabled={busy} />
      </Tabs>
      {mode === 'password' ? <PasswordLoginForm {...props} /> : <SmsLoginForm {...props} />}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
        <Link component={RouterLink} to="/register" underline="hover">
          注册账号
        </Link>
        <Link component={RouterLink} to="/reset-password" underline="hover">
          忘记密码
        </Link>
      </Box>
      {slider.dialog}
    </AuthCard>
  );
};
