// Under a stage's data: the stage total as last calculated (tCO2e, 2 decimals), the calculation's notes and the
// limit warnings between stages (transport against production, spec 000 §8) — all from stage/data.
import { Alert, Stack, Typography } from '@mui/material';
import { fixed2 } from './ResultPage';
import { limitWarnings, stageItem, type StageDef } from './stageDefs';
import { useStageData } from './stageQueries';

export const STAGE_TOTAL_LABEL = '本阶段碳排放量';

export const StageSummary = ({ def, projectId }: { def: StageDef; projectId: number }) => {
  const { data } = useStageData(projectId);
  const item = stageItem(data, def.code);
  const notes = Array.isArray(item?.notes) ? item.notes : [];
  const warnings = limitWarnings(def.code, data);
  if (!def.meta.result && !notes.length && !warnings.length) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="stage-summary">
      {def.meta.result && (
        <Typography>
          {STAGE_TOTAL_LABEL}：
          <Typography component="strong" sx={{ fontWeight: 600 }} data-testid="stage-total">
            {fixed2(item?.total)}
          </Typography>{' '}
          tCO2e
        </Typography>
      )}
      {warnings.map((w) => (
        <Alert key={w} severity="warning">
          {w}
        </Alert>
      ))}
      {notes.map((n) => (
        <Alert key={n} severity="info">
          {n}
        </Alert>
      ))}
    </Stack>
  );
};
