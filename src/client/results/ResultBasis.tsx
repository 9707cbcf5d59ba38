// The 计算依据与说明 block of the result page: the formula basis of the building's standard (one text for
// the page and the reports: src/calc/formulaBasis.ts) and what its intensities divide by (src/calc/intensity.ts —
// in 核算 the 竣工建筑面积 and the operating years).
import { Box, Typography } from '@mui/material';
import { formulaBasis } from '../../calc/formulaBasis';
import { basisOf, intensityNotes } from '../../calc/intensity';
import type { BuildingResult } from './resultModel';

export const BASIS_TITLE = '计算依据与说明';

export const ResultBasis = ({ module, data }: { module: string; data: BuildingResult }) => {
  const lines = [...formulaBasis(data.standard as string | undefined).lines, ...intensityNotes(basisOf(data), module)];
  return (
    <Box sx={{ mt: 2 }} data-testid="result-basis">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {BASIS_TITLE}
      </Typography>
      {lines.map((l) => (
        <Typography key={l} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {l}
        </Typography>
      ))}
    </Box>
  );
};
