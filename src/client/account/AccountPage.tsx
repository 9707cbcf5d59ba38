// /userinfo 账号设置 (route title 账号管理, spec 001 §2): 头像, 基本资料 and 修改密码 for every role.
import { Card, CardContent, CardHeader, Container, Stack } from '@mui/material';
import { Loading, Title } from 'react-admin';
import { useCurrentUser } from '../session/useCurrentUser';
import { AvatarUpload } from './AvatarUpload';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';

export const AccountPage = () => {
  const user = useCurrentUser();
  if (!user) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  return (
    <Container maxWidth="md" disableGutters sx={{ py: 2 }}>
      <Title title="账号设置" />
      <Stack spacing={2}>
        <Card>
          <CardHeader title="账号设置" subheader="头像与基本资料" titleTypographyProps={{ component: 'h1', variant: 'h6' }} />
          <CardContent sx={{ pt: 0 }}>
            <AvatarUpload user={user} />
            {/* keyed by user: a reloaded user starts the form from the saved values */}
            <ProfileForm key={String(user.userId)} user={user} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="修改密码" subheader="密码至少 8 位，须同时包含字母和数字；修改后其他设备上的登录将失效" titleTypographyProps={{ component: 'h2', variant: 'h6' }} />
          <CardContent sx={{ pt: 0, maxWidth: 480 }}>
            <ChangePasswordForm />
          </CardContent>
        </Card>
      </Stack>
    </Container>
  );
};

export default AccountPage;
