// /{module}/result for now: the stored totals of the selected building (GET tpf3ProjectV/{id}), 2 decimals —
// 碳排放总量, 碳排放强度 and each of its stages' figures; 暂无数据 when the building has no result yet.
// TODO(result page): the donut of stage shares, the per-stage bar chart, the fold state and 导出报告
// (spec 000 §2 screen 6) replace this summary.
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ModuleCode } from '../../../schemas/standards';
import { DEFAULT_DECIMALS } from '../constants';
import { formatNumber } from '../admin/schemaFields';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { getBuildingDetail } from '../buildings/buildingApi';
import type { CurrentBuilding } from '../session/currentBuilding';
import { StageHeader } from './StageHeader';
import { infoRoute, moduleStages, stageRoute, stageTitle } from './wizard';

/** The stored figure of each stage that has one (tpf3Project's result fields). */
const STAGE_FIGURES: Record<string, string> = {
  produce: 'produce',
  trans: 'trans',
  build: 'build',
  remove: 'remove',
  runtime: 'runtimeTotal',
  runtimeChange: 'runtimeChange',
  waste: 'waste',
  green: 'green',
};

export const fixed2 = (v: unknown) => formatNumber(v === null || v === undefined || v === '' ? 0 : v, DEFAULT_DECIMALS);

const hasResult = (r: Record<string, unknown>) => r.status === '1' || (r.total !== null && r.total !== undefined);

const Figure = ({ label, value }: { label: string; value: unknown }) => (
  <Card variant="outlined">
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" data-testid={`figure-${label}`}>
        {fixed2(value)}
      </Typography>
    </CardContent>
  </Card>
);

export const ResultPage = ({ module, building, stages }: { module: ModuleCode; building: CurrentBuilding; stages: string[] }) => {
  const navigate = useNavigate();
  const { data, isPending, error } = useQuery({
    queryKey: ['tpf3ProjectV', building.id],
    queryFn: ({ signal }) => getBuildingDetail(building.id, signal),
    retry: false,
  });
  const withFigure = (stages.length ? stages : moduleStages(module)).filter((c) => STAGE_FIGURES[c]);

  let body;
  if (isPending) body = <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  else if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (!data || !hasResult(data)) body = <NoData />;
  else
    body = (
      <>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Figure label="碳排放总量(tCO2e)" value={data.total} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Figure label="碳排放强度(kgCO2e/(m²·a))" value={data.streng3} />
          </Grid>
        </Grid>
        <Table size="small" aria-label="各阶段碳排放">
          <TableHead>
            <TableRow>
              <TableCell>计算阶段</TableCell>
              <TableCell align="right">碳排放(tCO2e)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {withFigure.map((code) => (
              <TableRow key={code}>
                <TableCell>{stageTitle(module, code)}</TableCell>
                <TableCell align="right">{fixed2(data[STAGE_FIGURES[code]])}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </>
    );

  const last = stages[stages.length - 1];
  return (
    <Box sx={{ p: 2, minWidth: 0 }} data-testid="result-page">
      <StageHeader title="计算结果" building={building} />
      {body}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate(last ? stageRoute(module, last) : infoRoute(module, building.id))}>
          上一步
        </Button>
        <Button variant="outlined" startIcon={<CompareArrowsIcon />} onClick={() => navigate(stageRoute(module, 'compare'))}>
          建筑对比
        </Button>
      </Stack>
    </Box>
  );
};
