// The EPD's pre-flight report, before anything is saved: why it cannot be imported (red), what the files do not say
// (未读到), what the reading noted, the data read (EpdDataView, as the factor's page shows it later) and the
// library factor it becomes.
import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, Card, CardContent, Typography } from '@mui/material';
import { formatPrecise } from '../../../calc/format';
import { useDict } from '../../admin/useDicts';
import type { EpdFactor, EpdPreflight } from './epdApi';
import { EpdDataView, PairsTable } from './EpdDataView';
import { chinaDay } from '../../../calc/chinaTime';

/** A product-specific factor: what the library's 数据质量 calls an EPD's. */
const qualityText = (quality: string, labels: Record<string, string>) =>
  quality === 'epd' ? 'EPD（产品专用）' : (labels[quality] ?? quality);

const withUnit = (v: number | null | undefined, unit: string | null | undefined) =>
  v == null ? '' : `${formatPrecise(v, 4)}${unit ? ` ${unit}` : ''}`;

function factorRows(f: EpdFactor, labels: Record<string, string>): [string, ReactNode][] {
  const density = withUnit(f.density, f.densityUnit);
  return [
    ['名称', f.name],
    ['单位', f.unit],
    ['碳排放因子', withUnit(f.materialCo, f.coUnit)],
    ['密度', density && f.densitySource ? `${density}（${f.densitySource}）` : density],
    ['规格尺寸(mm)', f.pieceSize],
    ['数据质量', qualityText(f.quality, labels)],
    ['EPD编号', f.epdNo],
    ['数据来源', f.source],
    ['备注', f.remarks],
  ];
}

/** The factor row the import makes, one field per line. */
const FactorTable = ({ factor }: { factor: EpdFactor }) => (
  <PairsTable
    rows={factorRows(factor, useDict('dataQuality'))}
    label="导入后的因子"
    testId="epd-factor"
    cellTestId="epd-factor"
  />
);

const replacesText = (r: NonNullable<EpdPreflight['replaces']>) =>
  `因子库中已有这份 EPD 的因子${r.name ? `「${r.name}」` : ''}${r.version ? `（第 ${r.version} 版）` : ''}` +
  '：导入后成为它的新版本，原版本保留给已使用它的数据。';

const Lines = ({ lines }: { lines: readonly string[] }) => (
  <>
    {lines.map((l, i) => (
      <Typography key={i} variant="body2">
        {l}
      </Typography>
    ))}
  </>
);

export const EpdPreflightCard = ({ files, check }: { files: readonly File[]; check: EpdPreflight }) => {
  const { reading, factor, refusals, replaces } = check;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="epd-preflight">
      <CardContent>
        <Typography variant="h6" component="h2">
          预检报告
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all', mb: 1.5 }}>
          {files.map((f) => f.name).join('、')}（导入前检查，尚未保存任何数据）
        </Typography>
        {refusals.length > 0 && (
          <Alert severity="error" sx={{ mb: 1.5 }} data-testid="epd-refusals">
            <AlertTitle>无法导入</AlertTitle>
            <Lines lines={refusals} />
          </Alert>
        )}
        {reading.missing.length > 0 && (
          <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="epd-missing">
            未读到：{reading.missing.join('、')}
          </Alert>
        )}
        {reading.notes.length > 0 && (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="epd-notes">
            <AlertTitle>读取说明</AlertTitle>
            <Lines lines={reading.notes} />
          </Alert>
        )}
        {replaces && (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="epd-replaces">
            {replacesText(replaces)}
          </Alert>
        )}
        <EpdDataView epd={reading.data} today={chinaDay(new Date())} />
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">
            导入后的因子
          </Typography>
          {factor ? (
            <FactorTable factor={factor} />
          ) : (
            <Typography variant="body2" color="error" sx={{ py: 1 }}>
              不能成为因子：见上方的无法导入原因
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
};
