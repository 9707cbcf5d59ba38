// /{module}/result (spec 000 §2 screen 6): the selected building's result — a donut of the stage shares (the
// carbon sink apart, as 减碳), total indicators (碳排放总量, 年均碳排放) and intensity indicators (单位面积碳排放,
// 单位面积年均碳排放 = streng3), a per-stage bar chart chosen by radio buttons (建筑运行 shows its parts), and
// 上一步 / 建筑对比 / 导出报告. The 计算结果 panel folds; its state is kept in local storage.
import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Grid,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ModuleCode } from '../../../schemas/standards';
import { NoData } from '../admin/NoData';
import { useDict } from '../admin/useDicts';
import { errorMessage } from '../admin/useConfirmedAction';
import type { CurrentBuilding } from '../session/currentBuilding';
import { StageHeader } from '../stages/StageHeader';
import { infoRoute, moduleStages, stageRoute } from '../stages/wizard';
import { baseOptions, Chart } from './Chart';
import { ExportDialog } from './ExportDialog';
import { getBuildingResult } from './resultApi';
import { figureStages, fixed2, hasResult, indicators, SINK_LABEL, sinkValue, stageBars, stageLabel, stageShares, stageValue, type BuildingResult } from './resultModel';

export const FOLD_KEY = 'tansuan.resultPanelExpanded';

function readFold(): boolean {
  try {
    return localStorage.getItem(FOLD_KEY) !== '0';
  } catch {
    return true;
  }
}

/** The fold state of the 计算结果 panel, persisted locally ('1' open, '0' folded). */
export function usePersistedFold(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(readFold);
  return [
    open,
    (next: boolean) => {
      setOpen(next);
      try {
        localStorage.setItem(FOLD_KEY, next ? '1' : '0');
      } catch {
        /* storage unavailable: the state lives for this page only */
      }
    },
  ];
}

const Figure = ({ label, unit, value }: { label: string; unit: string; value: number }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}({unit})
      </Typography>
      <Typography variant="h5" component="p" data-testid={`figure-${label}(${unit})`}>
        {fixed2(value)}
      </Typography>
    </CardContent>
  </Card>
);

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

type FigureSpec = { label: string; unit: string; value: number };

/** A titled group of indicator figures, two per row. */
const Figures = ({ title, figures }: { title: string; figures: FigureSpec[] }) => (
  <Section title={title}>
    <Grid container spacing={2}>
      {figures.map((f) => (
        <Grid key={f.label} size={{ xs: 12, sm: 6 }}>
          <Figure {...f} />
        </Grid>
      ))}
    </Grid>
  </Section>
);

const ResultBody = ({ module, data, stages }: { module: string; data: BuildingResult; stages: string[] }) => {
  const [open, setOpen] = usePersistedFold();
  const partLabels = useDict('runtimePart');
  const withFigure = figureStages(stages.length ? stages : moduleStages(module));
  const [barStage, setBarStage] = useState<string>(withFigure[0] ?? 'produce');
  const ind = indicators(data);
  const shares = stageShares(data, module, withFigure);
  const bars = stageBars(data, module, barStage, partLabels);
  const sink = sinkValue(data);

  return (
    <>
      <Accordion expanded={open} onChange={(_, v) => setOpen(v)} disableGutters data-testid="result-panel">
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="result-panel-content" id="result-panel-header">
          <Typography variant="h6" component="h2">
            计算结果
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="result-panel-content">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 5 }}>
              <Section title="各阶段碳排放占比">
                {shares.series.length ? (
                  <Chart
                    type="donut"
                    testId="chart-shares"
                    series={shares.series}
                    options={baseOptions({
                      labels: shares.labels,
                      legend: { position: 'bottom' },
                      dataLabels: { formatter: (v: number) => `${fixed2(v)}%` },
                      plotOptions: { pie: { donut: { labels: { show: true, total: { show: true, label: '合计', formatter: () => fixed2(shares.total) } } } } },
                    })}
                  />
                ) : (
                  <NoData />
                )}
                <Typography variant="body2" sx={{ mt: 1 }} data-testid="sink">
                  {SINK_LABEL}：{fixed2(sink)} tCO2e
                </Typography>
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <Figures
                title="总量指标"
                figures={[
                  { label: '碳排放总量', unit: 'tCO2e', value: ind.total },
                  { label: '年均碳排放', unit: 'kgCO2e/a', value: ind.perYear },
                ]}
              />
              <Figures
                title="强度指标"
                figures={[
                  { label: '单位面积碳排放', unit: 'kgCO2e/m²', value: ind.perArea },
                  { label: '单位面积年均碳排放', unit: 'kgCO2e/(m²·a)', value: ind.perAreaYear },
                ]}
              />
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
                      <TableCell>{code === 'green' ? `${stageLabel(module, code)}（${SINK_LABEL}）` : stageLabel(module, code)}</TableCell>
                      <TableCell align="right">{fixed2(code === 'green' ? sinkValue(data) : stageValue(data, code))}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Grid>
          </Grid>
        </AccordionDetails>
      </Accordion>
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            各阶段碳排放
          </Typography>
          <RadioGroup row aria-label="计算阶段" value={barStage} onChange={(e) => setBarStage(e.target.value)}>
            {withFigure.map((code) => (
              <FormControlLabel key={code} value={code} control={<Radio />} label={stageLabel(module, code)} />
            ))}
          </RadioGroup>
          <Chart
            type="bar"
            testId="chart-stage"
            series={[{ name: '碳排放(tCO2e)', data: bars.data }]}
            options={baseOptions({
              xaxis: { categories: bars.categories },
              yaxis: { labels: { formatter: (v: number) => fixed2(v) }, title: { text: 'tCO2e' } },
              plotOptions: { bar: { distributed: true, columnWidth: '45%' } },
              legend: { show: false },
            })}
          />
        </CardContent>
      </Card>
    </>
  );
};

export const ResultPage = ({ module, building, stages }: { module: ModuleCode; building: CurrentBuilding; stages: string[] }) => {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const { data, isPending, error } = useQuery({
    queryKey: ['tpf3ProjectV', building.id],
    queryFn: ({ signal }) => getBuildingResult(building.id, signal),
    retry: false,
  });

  let body;
  if (isPending) body = <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  else if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (!data || !hasResult(data)) body = <NoData />;
  else body = <ResultBody module={module} data={data} stages={stages} />;

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
        <Button variant="contained" startIcon={<FileDownloadIcon />} onClick={() => setExporting(true)}>
          导出报告
        </Button>
      </Stack>
      <ExportDialog open={exporting} onClose={() => setExporting(false)} module={module} projectId={building.id} status={data?.status ?? building.status} />
    </Box>
  );
};

export default ResultPage;
