import { Box, Typography } from '@mui/material';
import type { CurrentBuilding } from '../session/currentBuilding';
import { FactorUpdateChip } from '../factors/FactorUpdateChip';
import { ReviewNotice } from '../buildings/ReviewNotice';
import { useBuildingDetail } from './stageQueries';

/** The title of a stage (or result) page, the building it works on, and whether it is frozen (under review or signed). */
export const StageHeader = ({ title, building }: { title: string; building: CurrentBuilding }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      单体建筑：{building.name}
    </Typography>
    <FactorUpdateChip buildingId={building.id} buildingName={building.name} />
    <Frozen id={building.id} />
  </Box>
);

const Frozen = ({ id }: { id: number }) => <ReviewNotice building={useBuildingDetail(id).data as Record<string, unknown> | undefined} />;
