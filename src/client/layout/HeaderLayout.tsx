// The header layout (spec 001 §2) for the home, maintenance and not-found pages: a top bar, no sidebar.
import { Suspense, type ReactNode } from 'react';
import { AppBar, Box, Toolbar } from '@mui/material';
import { Loading } from 'react-admin';
import { Brand } from './Brand';
import { AppUserMenu } from './AppUserMenu';
import { TrialChip } from './TrialChip';

export const HeaderLayout = ({ children }: { children: ReactNode }) => (
  <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
    <AppBar position="static" color="primary">
      <Toolbar variant="dense">
        <Brand />
        <TrialChip />
        <Box sx={{ flex: 1 }} />
        <AppUserMenu />
      </Toolbar>
    </AppBar>
    <Box component="main" id="main-content" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Box>
  </Box>
);
