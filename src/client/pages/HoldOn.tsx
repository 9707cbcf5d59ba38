import { Box, Typography } from '@mui/material';
import BuildCircleIcon from '@mui/icons-material/BuildCircle';
import { Title } from 'react-admin';

/** /hold-on/index (header layout): maintenance page. */
export const HoldOn = () => (
  <Box
    sx={{
      flex: 1,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 2,
      py: 10,
    }}
  >
    <Title title="系统维护中" />
    <BuildCircleIcon color="warning" sx={{ fontSize: 96 }} />
    <Typography variant="h4" component="h1">
      系统维护中
    </Typography>
    <Typography color="text.secondary">系统正在维护升级，请稍后再访问。</Typography>
  </Box>
);

export default HoldOn;
