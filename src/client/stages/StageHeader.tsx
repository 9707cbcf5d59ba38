import { Box, Typography } from '@mui/material';
import type { CurrentBuilding } from '../session/currentBuilding';
import { FactorUpdateChip } from '../factors/FactorUpdateChip';
import { ReviewNotice } from '../buildings/ReviewNotice';
import { useBuildingDetail } from './stageQueries';
import { StaleResultNotice } from '../buildings/StaleResult';

/**
 * The title of a stage (or result) page, the building it works on, whether it is frozen and whether its result is
 * stale.
 */
export const StageHeader = ({ title, building }: { title: string; building: CurrentBuilding }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
    <Typography variant="body2" color="text.secondary">
      单体建筑：{building.name}
    </Typography>
    <FactorUpdateChip buildingId={building.id} buildingName={building.name} />
    <Notices id={building.id} />
  </Box>
);

/** Whether the building is frozen (under review or signed) and whether its stored result is stale. */
const Notices = ({ id }: { id: number }) => {
  const detail = useBuildingDetail(id).data as (Record<string, unknown> & { id: number }) | undefined;
  return (
    <>
      <ReviewNotice building={detail} />
      <StaleResultNotice building={detail} />
    </>
  );
};
