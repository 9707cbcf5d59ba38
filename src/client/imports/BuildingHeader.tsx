// The head of a building's import page (/bim, /bill): the page's title, the building's name (under the page's test id),
// module and project, and links back to its stage pages (the building becomes the session's current one) and its list.
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import { stageOfRole } from '../../../schemas/stageMeta';
import { moduleDef } from '../../../schemas/standards';
import type { BuildingRecord } from '../buildings/buildingApi';
import { setCurrentBuilding, type CurrentBuilding } from '../session/currentBuilding';
import { buildingStages, listRoute, stageRoute } from '../buildings/wizard';

/**
 * The stage page the header links back to: the bill of materials (建材生产) when the building uses it, else its first
 * stage.
 */
function backStage(b: BuildingRecord): string {
  const stages = buildingStages(b.computeMethod, b.menus);
  const materials = stageOfRole('materials');
  return materials && stages.includes(materials) ? materials : (stages[0] ?? '');
}

export const BuildingHeader = ({
  building,
  title,
  testId,
}: {
  building: BuildingRecord;
  title: string;
  testId: string;
}) => {
  const module = moduleDef(building.computeMethod);
  const select = () => setCurrentBuilding(building as CurrentBuilding & Record<string, unknown>);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Typography variant="body1" data-testid={testId}>
            单体建筑：{building.name}
          </Typography>
          {module && <Chip size="small" color="primary" variant="outlined" label={module.label} />}
          {building.engineeringName ? (
            <Typography variant="body2" color="text.secondary">
              所属项目：{String(building.engineeringName)}
            </Typography>
          ) : null}
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button
          size="small"
          startIcon={<ArrowBackIcon />}
          component={Link}
          to={stageRoute(building.computeMethod, backStage(building))}
          onClick={select}
        >
          返回计算阶段
        </Button>
        <Button size="small" component={Link} to={listRoute(building.computeMethod)}>
          单体建筑列表
        </Button>
      </Stack>
    </Stack>
  );
};
