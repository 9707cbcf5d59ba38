// The figures of the uncertainty analysis: a band's 名义值 / 均值 / P10 / P50 / P90 / 标准差 as cards and
// the histogram of the total with P10, P50, P90 and the nominal value marked.
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { formatNumber, roundTo } from '../../calc/format';
import { NoData } from '../admin/NoData';
import { baseOptions, Chart } from '../results/Chart';
import type { Band, UncertaintyAnswer } from './decideApi';

const FIGURES: [keyof Band, string][] = [
  ['nominal', '名义值'],
  ['mean', '均值'],
  ['p10', 'P10'],
  ['p50', 'P50'],
  ['p90', 'P90'],
  ['sd', '标准差'],
];

export const BandCards = ({
  title,
  band,
  unit,
  testId,
}: {
  title: string;
  band: Band;
  unit: string;
  testId: string;
}) => (
  <Box sx={{ mb: 2 }} data-testid={testId}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
      {title}({unit})
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      P10–P90：{formatNumber(band.p10)}–{formatNumber(band.p90)} {unit}
    </Typography>
    <Grid container spacing={1}>
      {FIGURES.map(([key, label]) => (
        <Grid key={key} size={{ xs: 6, sm: 4, md: 2 }}>
          <Card variant="outlined">
            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="subtitle1" component="p" data-testid={`${testId}-${key}`}>
                {formatNumber(band[key])}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  </Box>
);

const mark = (x: number, text: string, color: string, row: number) => ({
  x: roundTo(x),
  borderColor: color,
  strokeDashArray: 4,
  label: {
    text: `${text} ${formatNumber(x)}`,
    offsetY: row * 22,
    borderColor: color,
    style: { color: '#fff', background: color, fontSize: '11px' },
  },
});

export const Histogram = ({ answer }: { answer: UncertaintyAnswer }) => {
  const bins = answer.histogram;
  if (!bins.length) return <NoData />;
  const t = answer.total;
  const mid = (b: { from: number; to: number }) => roundTo((b.from + b.to) / 2, 4);
  return (
    <Chart
      type="bar"
      testId="chart-histogram"
      height={300}
      series={[{ name: '抽样次数', data: bins.map((b) => ({ x: mid(b), y: b.count })) }]}
      options={baseOptions({
        xaxis: {
          type: 'numeric',
          min: bins[0].from,
          max: bins[bins.length - 1].to,
          tickAmount: 6,
          labels: { formatter: (v: string) => formatNumber(Number(v)) },
          title: { text: '碳排放总量(tCO2e)' },
        },
        yaxis: { title: { text: '次数' }, labels: { formatter: (v: number) => formatNumber(v, 0) } },
        plotOptions: { bar: { columnWidth: '95%' } },
        dataLabels: { enabled: false },
        tooltip: {
          x: {
            formatter: (_v: number, o?: { dataPointIndex: number }) =>
              o && bins[o.dataPointIndex]
                ? `${formatNumber(bins[o.dataPointIndex].from)}–${formatNumber(bins[o.dataPointIndex].to)} tCO2e`
                : '',
          },
          y: { formatter: (v: number) => `${formatNumber(v, 0)} 次` },
        },
        annotations: {
          xaxis: [
            mark(t.p10, 'P10', '#1e88e5', 0),
            mark(t.p50, 'P50', '#43a047', 1),
            mark(t.p90, 'P90', '#1e88e5', 2),
            mark(t.nominal, '名义值', '#e53935', 3),
          ],
        },
      })}
    />
  );
};
