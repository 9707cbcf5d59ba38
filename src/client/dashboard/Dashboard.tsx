// Home (/dashboard, header layout). 项目管理 opens /project/manage; 统计分析 opens /project/compare.
import { Box, Button, Card, CardContent, Container, Typography } from '@mui/material';
import FolderSpecialIcon from '@mui/icons-material/FolderSpecial';
import BarChartIcon from '@mui/icons-material/BarChart';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../session/useCurrentUser';

const BIG = { minWidth: 180, py: 2, fontSize: 18 };

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
            <Button
              component={RouterLink}
              to="/project/manage"
              variant="contained"
              size="large"
              startIcon={<FolderSpecialIcon />}
              sx={BIG}
            >
              项目管理
            </Button>
            <Button
              component={RouterLink}
              to="/project/compare"
              variant="contained"
              size="large"
              startIcon={<BarChartIcon />}
              sx={BIG}
            >
              统计分析
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
};

export default Dashboard;
