// The frame of the public account pages (/register, /reset-password), which live outside <Admin> so they work
// without a token: the app's MUI theme (react-admin's theme options) and the page itself.
import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { theme } from '../theme';

const muiTheme = createTheme(theme);

export const PublicPage = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={muiTheme}>
    <CssBaseline />
    {children}
  </ThemeProvider>
);
