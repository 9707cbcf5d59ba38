// 基本资料: 姓名, 手机号 (1[3-9] + 9 digits when filled), 邮箱, 单位名称, 用户类型 → PUT sysUser/ with the
// caller's own id. Only these fields are sent; the server refuses changes to anything else. Code-2 answers land
// under their fields; success says 保存成功！ and the identity (navbar name) is read again.
import type { FormEvent } from 'react';
import { Box, Button, CircularProgress, Grid, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import type { CurrentUser } from '../session/roles';
import { useFormSubmit } from '../admin/form/useFormSubmit';
import { updateProfile, type ProfileValues } from './accountApi';
import { ACCOUNT_MSG, profileErrors } from './rules';
import { UserTypeSelect } from './UserTypeSelect';
import { useFields } from './useFields';
import { useReloadUser } from './useReloadUser';

const valuesOf = (u: CurrentUser): ProfileValues => ({
  name: u.name ?? '',
  phone: u.phone ?? '',
  email: u.email ?? '',
  companyName: u.companyName ?? '',
  userType: u.userType ?? '',
});

const trimmed = (v: ProfileValues): ProfileValues => ({
  name: v.name.trim(),
  phone: v.phone.trim(),
  email: v.email.trim(),
  companyName: v.companyName.trim(),
  userType: v.userType,
});

export const ProfileForm = ({ user }: { user: CurrentUser }) => {
  const notify = useNotify();
  const reloadUser = useReloadUser();
  const { values, setErrors, field } = useFields<ProfileValues>(valuesOf(user));
  const { busy, submit: send } = useFormSubmit(setErrors);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await send(profileErrors(values), async () => {
      await updateProfile(user.userId, trimmed(values));
      notify(ACCOUNT_MSG.saved, { type: 'success' });
      await reloadUser();
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="基本资料">
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="登录账号" value={user.userName ?? ''} disabled />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="姓名"
            required
            autoComplete="name"
            disabled={busy}
            inputProps={{ maxLength: 20 }}
            {...field('name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="手机号"
            type="tel"
            autoComplete="tel"
            disabled={busy}
            inputProps={{ maxLength: 11, inputMode: 'numeric' }}
            {...field('phone')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="邮箱"
            type="email"
            autoComplete="email"
            disabled={busy}
            inputProps={{ maxLength: 50 }}
            {...field('email')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="单位名称"
            autoComplete="organization"
            disabled={busy}
            inputProps={{ maxLength: 50 }}
            {...field('companyName')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <UserTypeSelect disabled={busy} {...field('userType')} />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          保存
        </Button>
      </Box>
    </form>
  );
};
