// 头像: the current avatar and 上传头像 (PNG / JPEG / WebP, at most 2 MB — checked here, the server checks the
// bytes and re-encodes). POST oss/filerecord/folderFile (multipart `file`); the server makes it the caller's
// avatar, and the identity is read again so the navbar and the user menu show it.
import { useRef, useState, type ChangeEvent } from 'react';
import { Avatar, Box, Button, CircularProgress, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useNotify } from 'react-admin';
import type { CurrentUser } from '../auth/roles';
import { errorMessage } from '../admin/useConfirmedAction';
import { uploadAvatar } from './accountApi';
import { ACCOUNT_MSG, AVATAR_TYPES, avatarError } from './rules';
import { useReloadUser } from './useReloadUser';

export const AvatarUpload = ({ user }: { user: CurrentUser }) => {
  const notify = useNotify();
  const reloadUser = useReloadUser();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const picked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be picked again
    if (!file) return;
    const bad = avatarError(file);
    setError(bad ?? undefined);
    if (bad) {
      notify(bad, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await uploadAvatar(file);
      notify(ACCOUNT_MSG.avatarSaved, { type: 'success' });
      await reloadUser();
    } catch (err) {
      setError(errorMessage(err));
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar src={user.avatar || undefined} alt={user.name} sx={{ width: 72, height: 72, fontSize: 28 }} data-testid="account-avatar">
        {user.name?.slice(0, 1)}
      </Avatar>
      <Box>
        <input ref={input} type="file" accept={AVATAR_TYPES.join(',')} hidden onChange={(e) => void picked(e)} data-testid="avatar-input" />
        <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
          上传头像
        </Button>
        <Typography variant="caption" color={error ? 'error' : 'text.secondary'} component="p" sx={{ mt: 0.5 }} role={error ? 'alert' : undefined}>
          {error ?? '支持 PNG、JPEG、WebP 图片，不超过 2M'}
        </Typography>
      </Box>
    </Box>
  );
};
