// /register (public): 登录账号, 密码, 确认密码, 姓名, 手机号, 验证码 (获取验证码, purpose register), 单位名称,
// 用户类型 → sso/registerUser (the slider only for 获取验证码: the code stands for it on submit). Field rules are checked here
// first; the server's code-2 answers (登录账号已存在, 手机号已注册, 验证码错误或已失效…) land under their fields. Success goes to
// /login with 注册成功，请登录. A registered user is a trial account (the server decides).
import { Box, Button, CircularProgress, Link, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { registerUser } from './accountApi';
import { ACCOUNT_MSG, passwordErrors, phoneError, type Errors } from './rules';
import { PasswordField, PhoneCodeFields } from './AccountFields';
import { UserTypeSelect } from './UserTypeSelect';
import { useSmsForm } from './useSmsForm';

const EMPTY = {
  userName: '',
  password: '',
  confirm: '',
  name: '',
  phone: '',
  smsCode: '',
  companyName: '',
  userType: '',
};

export function registerErrors(v: typeof EMPTY): Errors {
  const e: Errors = {};
  if (!v.userName.trim()) e.userName = ACCOUNT_MSG.userNameRequired;
  Object.assign(e, passwordErrors(v, { password: 'password', confirm: 'confirm' }));
  if (!v.name.trim()) e.name = ACCOUNT_MSG.nameRequired;
  const phone = phoneError(v.phone, true);
  if (phone) e.phone = phone;
  if (!v.smsCode) e.smsCode = ACCOUNT_MSG.codeRequired;
  return e;
}

export const RegisterPage = () => {
  const form = useSmsForm({
    purpose: 'register',
    empty: EMPTY,
    validate: registerErrors,
    call: ({ confirm: _confirm, ...body }) =>
      registerUser({
        ...body,
        name: body.name.trim(),
        companyName: body.companyName.trim(),
        userType: body.userType || undefined,
      }),
    notice: ACCOUNT_MSG.registered,
    failed: '注册失败，请重试',
  });
  const { field, alert, busy, sliderDialog, submit } = form;

  return (
    <AuthCard label="注册账号" subtitle="注册账号" alert={alert} width={440}>
      <form onSubmit={submit} noValidate aria-label="注册">
        <TextField
          label="登录账号"
          autoComplete="username"
          autoFocus
          disabled={busy}
          inputProps={{ maxLength: 50 }}
          {...field('userName')}
        />
        <PasswordField label="密码" disabled={busy} {...field('password')} />
        <PasswordField label="确认密码" disabled={busy} {...field('confirm')} />
        <TextField label="姓名" autoComplete="name" disabled={busy} inputProps={{ maxLength: 20 }} {...field('name')} />
        <PhoneCodeFields form={form} />
        <TextField
          label="单位名称"
          autoComplete="organization"
          disabled={busy}
          inputProps={{ maxLength: 50 }}
          {...field('companyName')}
        />
        <UserTypeSelect disabled={busy} {...field('userType')} />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy} sx={{ mt: 2 }}>
          {busy ? <CircularProgress size={24} color="inherit" aria-label="正在注册" /> : '注册'}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" underline="hover">
            已有账号？去登录
          </Link>
        </Box>
      </form>
      {sliderDialog}
    </AuthCard>
  );
};

export default RegisterPage;
