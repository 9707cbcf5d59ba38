// The header layout for the home, maintenance and not-found pages: a top bar (one line, as the
// sidebar layout's), no sidebar, the footer at the bottom.
import { Suspense, type ReactNode } from 'react';
import { AppBar, Box, Toolbar } from '@mui/material';
import { Loading } from 'react-admin';
import { AppFooter } from '../help/AppFooter';
import { NotifyBell } from '../notify/NotifyBell';
import { Brand } from './Brand';
import { AppUserMenu } from './AppUserMenu';
import { ONE_LINE_TOOLBAR } from './AppBar';
import { TrialChip } from './TrialChip';

export const HeaderLayout = ({ children }: { children: ReactNode }) => (
  <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
    <AppBar position="static" color="primary">
      <Toolbar variant="dense" sx={ONE_LINE_TOOLBAR}>
        <Brand />
        <TrialChip />
        <Box sx={{ flex: 1 }} />
        <NotifyBell />
        <AppUserMenu />
      </Toolbar>
    </AppBar>
    <Box component="main" id="main-content" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Box>
    <AppFooter />
  </Box>
);
