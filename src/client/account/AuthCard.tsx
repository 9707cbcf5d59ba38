// The frame of the pages met before logging in (login, registration, password reset): the brand gradient, one
// card with the product name and an optional message (error or success) above its content.
import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import EnergySavingsLeafIcon from '@mui/icons-material/EnergySavingsLeaf';
import { APP_TITLE } from '../constants';

export interface AuthAlert {
  message: string;
  severity: 'error' | 'success' | 'info';
}

/** The page's message for a failed call: the server's message, else the fallback. */
export const failureText = (err: unknown, fallback = '登录失败，请重试') =>
  err instanceof Error && err.message ? err.message : fallback;

export interface AuthCardProps {
  /** aria-label of the card. */
  label: string;
  subtitle: string;
  alert?: AuthAlert;
  width?: number;
  children: ReactNode;
}

export const AuthCard = ({ label, subtitle, alert, width = 400, children }: AuthCardProps) => (
  <Box
    component="main"
    sx={{
      minHeight: '100vh',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      background: 'linear-gradient(135deg, #1b5e20 0%, #2e7d32 45%, #00796b 100%)',
      p: 2,
    }}
  >
    <Card sx={{ width, maxWidth: '100%' }} component="section" aria-label={label}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mb: 1 }}>
          <EnergySavingsLeafIcon color="primary" fontSize="large" />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {APP_TITLE}
          </Typography>
        </Box>
        <Typography align="center" color="text.secondary" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
        {alert && (
          <Alert severity={alert.severity} sx={{ mb: 2 }} role={alert.severity === 'error' ? 'alert' : 'status'}>
            {alert.message}
          </Alert>
        )}
        {children}
      </CardContent>
    </Card>
  </Box>
);
