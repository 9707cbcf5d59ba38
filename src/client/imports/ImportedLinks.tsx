// After an import: the buttons to the stages that got rows and to the result — the building, recalculated by the
// import, becomes the session's current one, as the stage pages need — and the import's warnings.
import { Alert, Box, Button, Stack } from '@mui/material';
import { Link } from 'react-router-dom';
import type { BuildingRecord } from '../buildings/buildingApi';
import { stageRoute, stageTitle } from '../buildings/wizard';
import { setCurrentBuilding, type CurrentBuilding } from '../session/currentBuilding';

interface LinksProps {
  building: BuildingRecord;
  /** the building's fields as the import's recalculation left them */
  result?: Record<string, unknown> | null;
  /** the stages to open, by code */
  stages: readonly string[];
}

export const ImportedLinks = ({ building, result, stages }: LinksProps) => {
  const module = building.computeMethod;
  const select = () =>
    setCurrentBuilding({ ...building, ...(result ?? {}) } as CurrentBuilding & Record<string, unknown>);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
      {[...stages, 'result'].map((code) => (
        <Button
          key={code}
          variant="outlined"
          color="success"
          size="small"
          component={Link}
          to={stageRoute(module, code)}
          onClick={select}
        >
          {code === 'result' ? '查看计算结果' : `查看${stageTitle(module, code)}`}
        </Button>
      ))}
    </Stack>
  );
};

export const ImportWarnings = ({ warnings, testId }: { warnings: readonly string[]; testId?: string }) =>
  warnings.length > 0 ? (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid={testId}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {warnings.map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </Box>
    </Alert>
  ) : null;
