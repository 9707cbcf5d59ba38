// The 参考线 tab of /decide: the GB 55015-2021 strip with the reference figure's input, the building's
// own intensities, the published lines by metric (table and chart) and the percentile among the tenant's peers.
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { formatNumber } from '../../calc/format';
import { errorMessage } from '../admin/useConfirmedAction';
import type { BuildingFigures, PercentileAnswer } from './decideApi';
import { ReferenceLines } from './ReferenceLines';
import { useReference, valueText } from '../results/referenceParts';
import { Block } from './panelParts';
import { ReferenceStrip } from '../results/ReferenceStrip';

export const PercentileBlock = ({ percentile }: { percentile: PercentileAnswer }) => {
  if (percentile.percentile == null)
    return (
      <Alert severity="info" data-testid="percentile-text">
        {percentile.text}
      </Alert>
    );
  const p = Math.min(100, Math.max(0, percentile.percentile));
  return (
    <Box data-testid="percentile">
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="percentile-text">
        {percentile.text}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: 480 }}>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          低
        </Typography>
        <LinearProgress
          variant="determinate"
          value={p}
          aria-label={`百分位 ${formatNumber(p)}%`}
          sx={{ flex: 1, height: 10, borderRadius: 1 }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          高
        </Typography>
        <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
          {formatNumber(p)}%
        </Typography>
      </Stack>
      {percentile.median != null && (
        <Typography variant="caption" color="text.secondary">
          同类中位数 {formatNumber(percentile.median)} kgCO2e/(m²·a)，共 {percentile.peers} 个单体
        </Typography>
      )}
    </Box>
  );
};

const BuildingLine = ({ b }: { b: BuildingFigures }) => (
  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="building-figures">
    {b.name}（{b.buildType || '—'}）：隐含碳排放强度 {valueText(b.embodied)} kgCO2e/m²，运行碳排放强度（含碳汇）
    {valueText(b.operation)} kgCO2/(m²·a)，全生命周期碳排放强度 {valueText(b.lifecycle)} kgCO2e/(m²·a)
    {(b.notes ?? []).map((n) => (
      <Typography key={n} variant="caption" component="span" sx={{ display: 'block' }}>
        {n}
      </Typography>
    ))}
  </Typography>
);

export const ReferencePanel = ({ projectId }: { projectId: number }) => {
  const { data, isPending, error } = useReference(projectId);
  if (isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <Box data-testid="reference-panel" sx={{ minWidth: 0 }}>
      <BuildingLine b={data.building} />
      <Block title="节能标准降碳要求">
        <ReferenceStrip key={String(data.gb55015.refOperation)} projectId={projectId} data={data} />
      </Block>
      <Block title="公开参考值">
        <ReferenceLines lines={data.published} />
      </Block>
      <Block title="同类单体百分位">
        <PercentileBlock percentile={data.percentile} />
      </Block>
    </Box>
  );
};
