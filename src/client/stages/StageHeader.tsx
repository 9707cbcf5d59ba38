import { Box, Typography } from '@mui/material';
import type { CurrentBuilding } from '../session/currentBuilding';
import { FactorUpdateChip } from '../factors/FactorUpdateChip';

/** The title of a stage (or result) page and the building it works on. */
export const StageHeader = ({ title, building }: { title: string; building: CurrentBuilding }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      单体建筑：{building.name}
    </Typography>
    <FactorUpdateChip buildingId={building.id} buildingName={building.name} />
  </Box>
);
