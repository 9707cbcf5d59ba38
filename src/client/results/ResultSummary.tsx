// The folding 计算结果 panel of the result page: the donut of the stage shares (its centre says what it sums —
// 排放合计(不含碳汇)), the total and intensity indicators (碳排放总量 is the stored `total`, rounded
// once by src/calc/format.ts, the figure the reports print) and the 各阶段碳排放 table whose figures open the
// stage's trace. A stage outside the standard's boundary (waste under GB) says so next to its figure. Then
// 计算依据与说明 — the standard's formula basis and the intensities' definitions (ResultBasis.tsx).
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { NoData } from '../admin/NoData';
import { baseOptions, Chart } from './Chart';
import { ResultBasis } from './ResultBasis';
import {
  DONUT_TOTAL_LABEL,
  fixed2,
  indicators,
  sinkValue,
  SINK_LABEL,
  stageLabel,
  stageRowLabel,
  stageShares,
  stageValue,
  type BuildingResult,
} from './resultModel';

export const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

type FigureSpec = { label: string; unit: string; value: number };

const Figure = ({ label, unit, value }: FigureSpec) => (
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

/** Read by screen readers, not shown (MUI's visuallyHidden, without depending on @mui/utils). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** A stage figure that opens the stage's trace; its accessible name says so ('… 查看建材运输计算过程'). */
export const TraceButton = ({ label, value, onOpen }: { label: string; value: number; onOpen?: () => void }) =>
  onOpen ? (
    <Button
      size="small"
      onClick={onOpen}
      sx={{ minWidth: 0, p: 0, font: 'inherit', textDecoration: 'underline dotted' }}
      title="查看计算过程"
    >
      {fixed2(value)}
      <Box component="span" sx={visuallyHidden}>
        查看{label}计算过程
      </Box>
    </Button>
  ) : (
    <>{fixed2(value)}</>
  );

export interface ResultSummaryProps {
  module: string;
  data: BuildingResult;
  stages: string[];
  open: boolean;
  onFold: (open: boolean) => void;
  /** opens a stage's trace; undefined for a stage without one */
  traceOf: (code: string) => (() => void) | undefined;
}

export const ResultSummary = ({ module, data, stages, open, onFold, traceOf }: ResultSummaryProps) => {
  const ind = indicators(data);
  const shares = stageShares(data, module, stages);
  return (
    // (MUI wraps the summary in an h3; the page's h2 is inside it)
    <Accordion
      expanded={open}
      onChange={(_, v) => onFold(v)}
      disableGutters
      data-testid="result-panel"
      slotProps={{ heading: { component: 'div' } }}
    >
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
                    // each stage in its colour, the report's donut's too (schemas/stageColors.ts)
                    colors: shares.colors,
                    legend: { position: 'bottom' },
                    chart: {
                      events: {
                        dataPointSelection: (_e: unknown, _c: unknown, cfg: { dataPointIndex: number }) =>
                          traceOf(shares.codes[cfg.dataPointIndex])?.(),
                      },
                    },
                    dataLabels: { formatter: (v: number) => `${fixed2(v)}%` },
                    plotOptions: {
                      pie: {
                        donut: {
                          labels: {
                            show: true,
                            total: { show: true, label: DONUT_TOTAL_LABEL, formatter: () => fixed2(shares.total) },
                          },
                        },
                      },
                    },
                  })}
                />
              ) : (
                <NoData />
              )}
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="sink">
                {SINK_LABEL}：{fixed2(sinkValue(data))} tCO2e
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
                {stages.map((code) => (
                  <TableRow key={code} data-testid={`stage-figure-${code}`}>
                    <TableCell>{stageRowLabel(data, module, code)}</TableCell>
                    <TableCell align="right">
                      <TraceButton
                        label={stageLabel(module, code)}
                        value={stageValue(data, code, module)}
                        onOpen={traceOf(code)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Grid>
        </Grid>
        <ResultBasis module={module} data={data} />
      </AccordionDetails>
    </Accordion>
  );
};
