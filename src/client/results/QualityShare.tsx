// 数据质量: the share of the positive emissions (no sink) by data-quality class — 实测, EPD,
// 标准默认值, 数据库, 估算 (dictionary dataQuality) — as bars with percentages (2 decimals) and tonnes, and the
// grade A–D with its rule (src/calc/quality.ts QUALITY_GRADE_RULE, the same text as docs/calculation.md and the
// report).
import { Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { DATA_QUALITY } from '../../../schemas/factors/kinds';
import { formatNumber } from '../../calc/format';
import { QUALITY_GRADE_RULE } from '../../calc/quality';
import { NoData } from '../admin/NoData';
import { useDict } from '../admin/useDicts';
import { num } from './resultModel';

export interface QualityDetail {
  quality?: Record<string, number> | null;
  qualityShares?: Record<string, number> | null;
  grade?: string | null;
}

export const QUALITY_TITLE = '数据质量';
export const GRADE_LABEL = '数据质量等级';

/** The classes in order with their share (%) and tonnes; empty when the result has no quality figures. */
export function qualityRows(d: QualityDetail | null | undefined, labels: Record<string, string>) {
  const shares = d?.qualityShares;
  if (!shares || !Object.values(shares).some((v) => num(v) > 0)) return [];
  return DATA_QUALITY.map(([code, fallback]) => ({
    code,
    label: labels[code] ?? fallback,
    share: num(shares[code]),
    tonnes: num(d?.quality?.[code]),
  }));
}

export const QualityShare = ({ detail }: { detail: QualityDetail | null | undefined }) => {
  const labels = useDict('dataQuality');
  const rows = qualityRows(detail, labels);
  return (
    <Box component="section" aria-labelledby="quality-title" data-testid="quality-section">
      <Typography id="quality-title" variant="h6" component="h2" gutterBottom>
        {QUALITY_TITLE}
      </Typography>
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography>{GRADE_LABEL}：</Typography>
            <Chip
              color={detail?.grade === 'A' || detail?.grade === 'B' ? 'success' : 'warning'}
              label={detail?.grade ?? '—'}
              data-testid="quality-grade"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="quality-rule">
            {QUALITY_GRADE_RULE}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            各类数据占碳排放（不含碳汇）的比例：
          </Typography>
          <Stack spacing={1} component="ul" sx={{ m: 0, p: 0 }} aria-label="数据质量占比">
            {rows.map((r) => (
              <Box component="li" key={r.code} sx={{ listStyle: 'none' }} data-testid={`quality-${r.code}`}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2">{r.label}</Typography>
                  <Typography variant="body2">
                    {formatNumber(r.share)}%（{formatNumber(r.tonnes)} tCO2e）
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, Math.max(0, r.share))}
                  aria-label={`${r.label} ${formatNumber(r.share)}%`}
                  sx={{ height: 8, borderRadius: 1 }}
                />
              </Box>
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
};
