// Home (/dashboard, header layout). 项目管理 opens /project/manage; 统计分析 (/project/compare) comes with the
// comparison page: until then its button is visibly disabled with a tooltip instead of linking nowhere.
import type { ReactElement } from 'react';
import { Box, Button, Card, CardContent, Container, Tooltip, Typography } from '@mui/material';
import FolderSpecialIcon from '@mui/icons-material/FolderSpecial';
import BarChartIcon from '@mui/icons-material/BarChart';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '../constants';
import { useCurrentUser } from '../layout/useCurrentUser';

const BIG = { minWidth: 180, py: 2, fontSize: 18 };

const ComingSoonButton = ({ label, icon }: { label: string; icon: ReactElement }) => (
  <Tooltip title={MSG.comingSoon} arrow>
    {/* a disabled button fires no events: the span carries the tooltip */}
    <span>
      <Button variant="contained" size="large" startIcon={icon} disabled sx={BIG}>
        {label}
      </Button>
    </span>
  </Tooltip>
);

export const Dashboard = () => {
  const user = useCurrentUser();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Title title="首页" />
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h4" component="h1" gutterBottom>
            欢迎使用碳算{user?.name ? `，${user.name}` : ''}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 5 }}>
            建筑全生命周期碳排放计算（GB/T 51366-2019）
          </Typography>
          <Box sx={{ display: 'flex', gap: 4, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/project/manage" variant="contained" size="large" startIcon={<FolderSpecialIcon />} sx={BIG}>
              项目管理
            </Button>
            <ComingSoonButton label="统计分析" icon={<BarChartIcon />} />
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
};
