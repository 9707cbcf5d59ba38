// /reset-password (public, 忘记密码): 手机号, 验证码 (获取验证码, purpose reset), 新密码, 确认密码 →
// sso/resetPassword. The server revokes every session of the user; the page goes to /login with
// 密码已重置，请重新登录.
import { Box, Button, CircularProgress, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { resetPassword } from './accountApi';
import { ACCOUNT_MSG, passwordErrors, phoneError, type Errors } from './rules';
import { PasswordField, PhoneCodeFields } from './AccountFields';
import { useSmsForm } from './useSmsForm';

const EMPTY = { phone: '', smsCode: '', password: '', confirm: '' };

export function resetErrors(v: typeof EMPTY): Errors {
  const e: Errors = {};
  const phone = phoneError(v.phone, true);
  if (phone) e.phone = phone;
  if (!v.smsCode) e.smsCode = ACCOUNT_MSG.codeRequired;
  return { ...e, ...passwordErrors(v, { password: 'password', confirm: 'confirm' }) };
}

export const ResetPasswordPage = () => {
  const form = useSmsForm({
    purpose: 'reset',
    empty: EMPTY,
    validate: resetErrors,
    call: (v) => resetPassword(v.phone.trim(), v.smsCode, v.password),
    notice: ACCOUNT_MSG.reset,
    failed: '密码重置失败，请重试',
  });
  const { field, alert, busy, sliderDialog, submit } = form;

  return (
    <AuthCard label="忘记密码" subtitle="通过手机验证码重置密码" alert={alert}>
      <form onSubmit={submit} noValidate aria-label="重置密码">
        <PhoneCodeFields form={form} autoFocus />
        <PasswordField label="新密码" disabled={busy} {...field('password')} />
        <PasswordField label="确认密码" disabled={busy} {...field('confirm')} />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy} sx={{ mt: 2 }}>
          {busy ? <CircularProgress size={24} color="inherit" aria-label="正在提交" /> : '重置密码'}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" underline="hover">
            返回登录
          </Link>
        </Box>
      </form>
      {sliderDialog}
    </AuthCard>
  );
};

export default ResetPasswordPage;
