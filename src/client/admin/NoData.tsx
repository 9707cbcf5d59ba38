import { Box, Typography } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { MSG } from '../constants';

/** Empty list: 暂无数据. */
export const NoData = () => (
  <Box sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', color: 'text.secondary' }}>
    <InboxOutlinedIcon sx={{ fontSize: 48, mb: 1 }} />
    <Typography>{MSG.noData}</Typography>
  </Box>
);
