// 头像: the current avatar and 上传头像 (PNG / JPEG / WebP, at most 2 MB — checked here, the server checks the
// bytes and re-encodes). POST oss/filerecord/folderFile (multipart `file`); the server makes it the caller's
// avatar, and the identity is read again so the navbar and the user menu show it.
import { Avatar, Box, Button, CircularProgress, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useNotify } from 'react-admin';
import type { CurrentUser } from '../session/roles';
import { useImageUpload } from '../admin/useImageUpload';
import { uploadAvatar } from './accountApi';
import { ACCOUNT_MSG, AVATAR_TYPES, avatarError } from './rules';
import { useReloadUser } from './useReloadUser';

export const AvatarUpload = ({ user }: { user: CurrentUser }) => {
  const notify = useNotify();
  const reloadUser = useReloadUser();
  const { input, busy, error, picked, open } = useImageUpload({
    check: avatarError,
    upload: uploadAvatar,
    done: async () => {
      notify(ACCOUNT_MSG.avatarSaved, { type: 'success' });
      await reloadUser();
    },
    failed: (message) => notify(message, { type: 'error' }),
  });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        src={user.avatar || undefined}
        alt={user.name}
        sx={{ width: 72, height: 72, fontSize: 28 }}
        data-testid="account-avatar"
      >
        {user.name?.slice(0, 1)}
      </Avatar>
      <Box>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          onChange={(e) => void picked(e)}
          data-testid="avatar-input"
        />
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />}
          disabled={busy}
          onClick={open}
        >
          上传头像
        </Button>
        <Typography
          variant="caption"
          color={error ? 'error' : 'text.secondary'}
          component="p"
          sx={{ mt: 0.5 }}
          role={error ? 'alert' : undefined}
        >
          {error ?? '支持 PNG、JPEG、WebP 图片，不超过 2M'}
        </Typography>
      </Box>
    </Box>
  );
};
