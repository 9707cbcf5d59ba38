// The 热点与替代 tab of /decide: the Pareto chart of the ten largest emitting rows (bars in tCO2e, the
// cumulative share as a line), their table with the lower-carbon substitutes, and 生成方案 — a variant with one
// row's factor swapped (POST decide/:id/substitute), announced with a link to 方案比选.
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { roundTo } from '../../calc/format';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { baseOptions, Chart } from '../results/Chart';
import { fixed2 } from '../results/resultModel';
import { applySubstitute, getHotspots, type Hotspot, type Substitute, type Variant } from './decideApi';
import { HotspotTable } from './HotspotTable';
import { decideRoute } from '../buildings/buildingPages';

export const createdText = (name: string) => `已生成方案「${name}」，可在方案比选中对比`;

const ParetoChart = ({ rows }: { rows: Hotspot[] }) => (
  <Chart
    type="bar"
    testId="chart-pareto"
    height={340}
    series={[
      { name: '碳排放(tCO2e)', type: 'column', data: rows.map((r) => roundTo(r.emission / 1000)) },
      { name: '累计占比(%)', type: 'line', data: rows.map((r) => roundTo(r.cumulative)) },
    ]}
    options={baseOptions({
      xaxis: {
        categories: rows.map((r, i) => `${i + 1}. ${r.label}`),
        labels: { rotate: -45, trim: true, hideOverlappingLabels: false },
      },
      yaxis: [
        { title: { text: 'tCO2e' }, labels: { formatter: (v: number) => fixed2(v) } },
        {
          opposite: true,
          min: 0,
          max: 100,
          tickAmount: 5,
          title: { text: '累计占比(%)' },
          labels: { formatter: (v: number) => fixed2(v) },
        },
      ],
      plotOptions: { bar: { columnWidth: `${Math.min(60, 12 * rows.length)}%` } },
      stroke: { width: [0, 3] },
      markers: { size: 4 },
      dataLabels: { enabled: false },
      legend: { position: 'top' },
    })}
  />
);

export const HotspotPanel = ({
  projectId,
  onVariantCreated,
}: {
  projectId: number;
  onVariantCreated?: (v: Variant) => void;
}) => {
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery({
    queryKey: ['decide', 'hotspots', projectId],
    queryFn: ({ signal }) => getHotspots(projectId, signal),
    retry: false,
  });
  const apply = useMutation({
    mutationFn: ({ row, sub }: { row: Hotspot; sub: Substitute }) =>
      applySubstitute(projectId, { stage: row.stage, rowId: row.rowId, factorId: sub.factorId }),
    onSuccess: (variant) => {
      void queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'decide' && q.queryKey.some((k) => typeof k === 'string' && /variant/i.test(k)),
      });
      onVariantCreated?.(variant);
    },
  });

  if (isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <Box data-testid="hotspot-panel" sx={{ minWidth: 0 }}>
      {apply.isSuccess && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          data-testid="substitute-created"
          action={
            <Button
              component={RouterLink}
              to={decideRoute(projectId, 'variants')}
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
            >
              查看方案比选
            </Button>
          }
        >
          {createdText(apply.data.name)}
        </Alert>
      )}
      {apply.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(apply.error)}
        </Alert>
      )}
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            碳排放热点
          </Typography>
          {data.rows.length ? (
            <>
              <ParetoChart rows={data.rows} />
              <HotspotTable
                rows={data.rows}
                busy={apply.isPending ? apply.variables.sub.factorId : null}
                onApply={(row, sub) => apply.mutate({ row, sub })}
              />
            </>
          ) : (
            <NoData />
          )}
          {data.notes.map((n) => (
            <Typography key={n} variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {n}
            </Typography>
          ))}
        </CardContent>
      </Card>
    </Box>
  );
};
