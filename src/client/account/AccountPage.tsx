// /userinfo 账号设置 (route title 账号管理): 头像, 基本资料 and 修改密码 for every role.
import { CardContent, Container, Stack } from '@mui/material';
import { Loading } from 'react-admin';
import { PageCard } from '../admin/PageCard';
import { useCurrentUser } from '../session/useCurrentUser';
import { AvatarUpload } from './AvatarUpload';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';

export const AccountPage = () => {
  const user = useCurrentUser();
  if (!user) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  return (
    <Container maxWidth="md" disableGutters sx={{ py: 2 }}>
      <Stack spacing={2}>
        <PageCard page title="账号设置" subheader="头像与基本资料">
          <CardContent sx={{ pt: 0 }}>
            <AvatarUpload user={user} />
            {/* keyed by user: a reloaded user starts the form from the saved values */}
            <ProfileForm key={String(user.userId)} user={user} />
          </CardContent>
        </PageCard>
        <PageCard title="修改密码" subheader="密码至少 8 位，须同时包含字母和数字；修改后其他设备上的登录将失效">
          <CardContent sx={{ pt: 0, maxWidth: 480 }}>
            <ChangePasswordForm />
          </CardContent>
        </PageCard>
      </Stack>
    </Container>
  );
};

export default AccountPage;
