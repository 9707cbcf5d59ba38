import { Box, Typography } from '@mui/material';
import EnergySavingsLeafIcon from '@mui/icons-material/EnergySavingsLeaf';
import { Link } from 'react-router-dom';
import { APP_TITLE } from '../constants';

/** Logo + product title (the title from 600 px up: phones keep the navbar's room for the user menu); links home. */
export const Brand = () => (
  <Box
    component={Link}
    to="/dashboard"
    sx={{
      display: 'flex',
      alignItems: 'center',
      gap: 1,
      color: 'inherit',
      textDecoration: 'none',
      mr: { xs: 1, sm: 2 },
      whiteSpace: 'nowrap',
    }}
    aria-label={APP_TITLE}
  >
    <EnergySavingsLeafIcon aria-hidden />
    <Typography variant="h6" component="span" sx={{ fontWeight: 600, display: { xs: 'none', sm: 'inline' } }}>
      {APP_TITLE}
    </Typography>
  </Box>
);
