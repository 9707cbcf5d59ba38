// The frame of the public pages (/register, /reset-password, the report verify page), which live outside <Admin> so
// they work without a token: the app's MUI theme (react-admin's theme options) and the page itself.
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { theme } from '../theme';

const muiTheme = createTheme(theme);

export const PublicPage = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={muiTheme}>
    <CssBaseline />
    {children}
  </ThemeProvider>
);

/** A lazily loaded public page in that frame. */
export const publicPage = (el: ReactElement) => (
  <PublicPage>
    <Suspense fallback={null}>{el}</Suspense>
  </PublicPage>
);
