// 修改密码: 原密码, 新密码, 确认新密码 → sysUser/updatePassword (both base64). Checked here first (at least 8
// characters with letters and digits, not the old one, confirmation matching); the server's code-2 answers
// (原密码不正确…) land under their fields. On success: 密码修改成功, the user is read again (the first-login
// flag goes), the fields are cleared. The server keeps this session and revokes the user's others.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import { PasswordField } from './AccountFields';
import { useNotify } from 'react-admin';
import { serverFieldErrors } from '../admin/form/serverFieldErrors';
import { errorMessage } from '../admin/useConfirmedAction';
import { updatePassword } from './accountApi';
import { ACCOUNT_MSG, passwordErrors } from './rules';
import { useFields } from './useFields';
import { useReloadUser } from './useReloadUser';

const EMPTY = { oldPassword: '', newPassword: '', confirm: '' };

export const changePasswordErrors = (v: typeof EMPTY) =>
  passwordErrors(
    { oldPassword: v.oldPassword, password: v.newPassword, confirm: v.confirm },
    { oldPassword: 'oldPassword', password: 'newPassword', confirm: 'confirm' },
  );

export interface ChangePasswordFormProps {
  /** Shown beside the submit button (the first-login dialog's 退出登录). */
  extraAction?: ReactNode;
  autoFocus?: boolean;
}

export const ChangePasswordForm = ({ extraAction, autoFocus }: ChangePasswordFormProps) => {
  const notify = useNotify();
  const reloadUser = useReloadUser();
  const { values, setValues, setErrors, field } = useFields(EMPTY);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = changePasswordErrors(values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await updatePassword(values.oldPassword, values.newPassword);
      notify(ACCOUNT_MSG.passwordChanged, { type: 'success' });
      setValues(EMPTY);
      await reloadUser();
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="修改密码">
      <PasswordField label="原密码" current autoFocus={autoFocus} disabled={busy} {...field('oldPassword')} />
      <PasswordField label="新密码" disabled={busy} {...field('newPassword')} />
      <PasswordField label="确认新密码" disabled={busy} {...field('confirm')} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        {extraAction}
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          修改密码
        </Button>
      </Box>
    </form>
  );
};
