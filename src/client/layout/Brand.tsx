import { Box, Typography } from '@mui/material';
import EnergySavingsLeafIcon from '@mui/icons-material/EnergySavingsLeaf';
import { Link } from 'react-router-dom';
import { APP_TITLE } from '../constants';

/** Logo + product title; links home. */
export const Brand = () => (
  <Box
    component={Link}
    to="/dashboard"
    sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 2, whiteSpace: 'nowrap' }}
  >
    <EnergySavingsLeafIcon aria-hidden />
    <Typography variant="h6" component="span" sx={{ fontWeight: 600 }}>
      {APP_TITLE}
    </Typography>
  </Box>
);
