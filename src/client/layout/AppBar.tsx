// Navbar of the sidebar layout: brand, the current module's name, the trial mark and the user menu.
import { Box, Typography } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { Brand } from './Brand';
import { AppUserMenu } from './AppUserMenu';
import { TrialChip } from './TrialChip';
import { moduleOf } from './routeMeta';

export const AppBar = () => {
  const { pathname } = useLocation();
  const module = moduleOf(pathname);
  return (
    <RaAppBar color="primary" userMenu={<AppUserMenu />} toolbar={<LoadingIndicator />}>
      <Brand />
      {module && (
        <Typography variant="subtitle1" component="span" data-testid="module-name" sx={{ opacity: 0.9, whiteSpace: 'nowrap' }}>
          {module.name}
        </Typography>
      )}
      <TrialChip />
      <Box sx={{ flex: 1 }} />
    </RaAppBar>
  );
};
