import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * A table wider than the screen scrolls sideways inside this box. The box takes the keyboard focus (arrow keys
 * scroll it) and is named, so a keyboard or screen-reader user reaches the columns off to the right too.
 */
export const ScrollX = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box
    role="region"
    aria-label={label}
    tabIndex={0}
    sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
  >
    {children}
  </Box>
);
