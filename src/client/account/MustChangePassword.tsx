// First login: a user whose password was generated or set by an administrator must set their own
// before anything else. While currentUser.mustChangePassword is true the layout renders only this dialog —
// no page behind it, so nothing calls the API the server would refuse (请先修改初始密码). It cannot be
// dismissed; 退出登录 is the only other way out. A successful change reloads the user and the dialog goes.
import { Box, Button, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useLogout } from 'react-admin';
import { ChangePasswordForm } from './ChangePasswordForm';

export const MustChangePassword = () => {
  const logout = useLogout();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Dialog
        open
        disableEscapeKeyDown
        aria-labelledby="must-change-title"
        aria-describedby="must-change-text"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="must-change-title">修改初始密码</DialogTitle>
        <DialogContent>
          <Typography id="must-change-text" color="text.secondary" sx={{ mb: 1 }}>
            首次登录请先修改初始密码
          </Typography>
          <ChangePasswordForm
            autoFocus
            extraAction={<Button onClick={() => void logout(undefined, '/login', false)}>退出登录</Button>}
          />
        </DialogContent>
      </Dialog>
    </Box>
  );
};
