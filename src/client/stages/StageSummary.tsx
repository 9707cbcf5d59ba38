// Under a stage's data: the stage total as last calculated (tCO2e, 2 decimals), the calculation's notes and the
// limit warnings between stages (transport against production) — from stage/data — and, from the
// building's result detail, the stage's own warnings (rows counted 0, a needed stage empty),
// how many rows took a 默认值, and a stage outside the standard's boundary (waste under GB).
import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { formatNumber } from '../../calc/format';
import { limitWarnings, stageItem, type StageDef } from './stageDefs';
import { useBuildingDetail, useStageData } from './stageQueries';

export const STAGE_TOTAL_LABEL = '本阶段碳排放量';

export const StageSummary = ({ def, projectId }: { def: StageDef; projectId: number }) => {
  const { data, isPending } = useStageData(projectId);
  const detail = useBuildingDetail(projectId).data?.resultDetail as
    { stages?: Record<string, unknown> } | null | undefined;
  const stage = detail?.stages?.[def.code] as
    { warnings?: string[]; defaults?: number; outsideBoundary?: string } | undefined;
  const item = stageItem(data, def.code);
  const notes = Array.isArray(item?.notes) ? item.notes : [];
  const warnings = [...limitWarnings(def.code, data), ...(Array.isArray(stage?.warnings) ? stage.warnings : [])];
  const defaults = Number(stage?.defaults) || 0;
  const outside = stage?.outsideBoundary;
  if (!def.meta.result && !notes.length && !warnings.length && !outside) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="stage-summary">
      {def.meta.result && (
        <Typography>
          {STAGE_TOTAL_LABEL}：
          {isPending ? (
            // (not 0.00 while the figures load: a large stage takes a moment)
            <CircularProgress size={14} aria-label="正在加载本阶段碳排放量" data-testid="stage-total-loading" />
          ) : (
            <>
              <Typography component="strong" sx={{ fontWeight: 600 }} data-testid="stage-total">
                {formatNumber(item?.total ?? 0)}
              </Typography>{' '}
              tCO2e
            </>
          )}
          {defaults > 0 && (
            <Typography component="span" color="text.secondary" data-testid="stage-defaults">
              （其中 {defaults} 行使用了默认值，见各行的「默认值」标记）
            </Typography>
          )}
        </Typography>
      )}
      {outside && <Alert severity="warning">{`${def.title}${outside}`}</Alert>}
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
