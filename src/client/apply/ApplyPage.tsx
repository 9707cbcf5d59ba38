// src/client/apply/ owns /apply/project 应用拓展: the landing page of the application
// extensions — one card per tool with what it does; a tool that is not there yet shows 即将上线 and is disabled.
import type { ReactElement } from 'react';
import { Box, Button, Card, CardActions, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ScienceIcon from '@mui/icons-material/Science';
import DifferenceIcon from '@mui/icons-material/Difference';
import TimelineIcon from '@mui/icons-material/Timeline';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import StraightenIcon from '@mui/icons-material/Straighten';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

export const APPLY_ROUTE = '/apply/project';

interface Tool {
  title: string;
  description: string;
  icon: ReactElement;
  /** Absent: not available yet (即将上线). */
  to?: string;
}

export const TOOLS: Tool[] = [
  {
    title: 'BIM模型导入',
    description:
      '导入 IFC 格式的 BIM 模型，预检构件的材料与工程量，将模型材料对应到因子库，为概预算、核算模块的单体建筑生成建材生产数据。',
    icon: <ViewInArIcon fontSize="large" />,
    to: '/bim',
  },
  {
    title: '预算文件导入',
    description:
      '导入计价软件导出的人材机汇总表、材料汇总表或主要材料表（.xlsx/.xls），预检后把材料、能源和机械台班对应到因子库，为概预算、核算模块的单体生成建材生产、建材运输和建筑建造数据。',
    icon: <RequestQuoteIcon fontSize="large" />,
    to: '/bill',
  },
  {
    title: '方案比选',
    description:
      '将单体的当前数据另存为方案，修改材料或做法并计算后与基准方案逐阶段对比，用瀑布图和数据变化表说明碳排放增减的来源。',
    icon: <DifferenceIcon fontSize="large" />,
    to: '/decide?tab=variants',
  },
  {
    title: '阶段偏差分析',
    description:
      '关联同一建筑在估算、概预算、核算模块中的单体，查看各阶段之间碳排放总量和各环节的变化，并列出变化最大的项目。',
    icon: <TimelineIcon fontSize="large" />,
    to: '/decide?tab=phases',
  },
  {
    title: '热点与低碳替代',
    description:
      '找出单体中碳排放最大的十项数据及其占比，为建材生产推荐同类型、同等级的低碳替代材料，并可一键生成替代方案。',
    icon: <WhatshotIcon fontSize="large" />,
    to: '/decide?tab=hotspots',
  },
  {
    title: '不确定性分析',
    description:
      '对估算、概预算单体按电网排放因子、设计使用年限、运输距离和因子数据质量做蒙特卡洛模拟，给出碳排放的 P10–P90 区间和敏感性排序。',
    icon: <QueryStatsIcon fontSize="large" />,
    to: '/decide?tab=uncertainty',
  },
  {
    title: '参考线',
    description:
      '对照 GB 55015-2021 的运行碳排放降低要求、已发布的典型碳排放强度和本集团同类单体的百分位，判断单体的碳排放水平。',
    icon: <StraightenIcon fontSize="large" />,
    to: '/decide?tab=reference',
  },
  {
    title: '待我校审',
    description:
      '单体建筑的计算书按 计算、校对、审核、审定 逐级签署：查看等待您签署的单体，签署或退回并提出意见；已审定的修订版锁定，修改需新建修订版。',
    icon: <FactCheckIcon fontSize="large" />,
    to: '/review',
  },
  {
    title: '单体建筑对比',
    description: '选择多个已完成计算的单体建筑，按阶段对比碳排放总量，并统计各模块的碳排放构成。',
    icon: <CompareArrowsIcon fontSize="large" />,
    to: '/project/compare',
  },
  {
    title: '因子库管理',
    description: '查看国标附录与地方标准的碳排放因子，维护本集团的自定义因子与参数表。',
    icon: <ScienceIcon fontSize="large" />,
    to: '/divisor',
  },
];

const ToolCard = ({ tool }: { tool: Tool }) => (
  <Card
    sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: tool.to ? 1 : 0.75 }}
    data-testid="apply-tool"
    aria-disabled={!tool.to || undefined}
  >
    <CardContent sx={{ flex: 1 }}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', mb: 1.5, color: tool.to ? 'primary.main' : 'text.disabled' }}
      >
        {tool.icon}
        <Typography variant="h6" component="h2" color="text.primary">
          {tool.title}
        </Typography>
        {!tool.to && <Chip size="small" label="即将上线" />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {tool.description}
      </Typography>
    </CardContent>
    <CardActions sx={{ px: 2, pb: 2 }}>
      {tool.to ? (
        <Button variant="contained" component={Link} to={tool.to}>
          进入
        </Button>
      ) : (
        <Button variant="contained" disabled>
          即将上线
        </Button>
      )}
    </CardActions>
  </Card>
);

export const ApplyPage = () => (
  <Container maxWidth="lg" disableGutters sx={{ py: 2 }}>
    <Title title="应用拓展" />
    <Typography variant="h5" component="h1" gutterBottom>
      应用拓展
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      在碳排放计算之外提供的辅助工具，更多工具陆续上线。
    </Typography>
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
    >
      {TOOLS.map((t) => (
        <ToolCard key={t.title} tool={t} />
      ))}
    </Box>
  </Container>
);

export default ApplyPage;
