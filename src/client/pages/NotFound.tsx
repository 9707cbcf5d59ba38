import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';

/** /404 (header layout): every unknown path is redirected here. */
export const NotFound = () => (
  <Box
    sx={{
      flex: 1,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 3,
      py: 10,
    }}
  >
    <Title title="页面未找到" />
    <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 700 }}>
      404
    </Typography>
    <Typography variant="h5" component="h1">
      很抱歉，页面未找到
    </Typography>
    <Button variant="contained" component={Link} to="/dashboard">
      返回首页
    </Button>
  </Box>
);

export default NotFound;
