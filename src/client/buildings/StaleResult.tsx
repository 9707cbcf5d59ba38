// 结果已过期: the building's stored result was calculated before its rows or formula fields last changed (a row
// saved, imported or deleted alone; the server compares the audit trail with the result, buildings/stale.ts). Said
// wherever a result is shown — the stage and result pages' header, the building list, the compare page — with
// 重新计算: the whole building calculated again (any stage's calculate route calculates every stage).
import { useState } from 'react';
import { Alert, Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import { JobProgress, CALCULATING } from '../jobs/JobProgress';
import { jobOf, jobOutcome } from '../jobs/jobApi';
import { useJob } from '../jobs/useJob';
import { calculateBuilding } from './buildingApi';
import { useBuildingDetail } from './useBuildingDetail';

export const STALE = '结果已过期';
export const STALE_HINT = '单体数据在上次计算后已修改，当前显示的结果不是按现有数据计算的。';
export const RECALCULATED = '已按现有数据重新计算';

interface StaleBuilding {
  id: number;
  computeMethod?: unknown;
  menus?: unknown;
  resultStale?: unknown;
}

/**
 * 重新计算 of a whole building: runs to its end (a long one as a job, its progress in `job`), then every cached read of
 * buildings is refreshed.
 */
function useRecalculate(building: StaleBuilding) {
  const client = useQueryClient();
  const notify = useNotify();
  const { job, follow } = useJob();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await calculateBuilding(building);
      const started = jobOf(answer);
      if (started) {
        const ended = await follow(started);
        if (ended) jobOutcome(ended);
      }
      notify(RECALCULATED, { type: 'success' });
      // the building's detail, the lists and the stage data all show the new figures
      await client.invalidateQueries();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, job };
}

/** The notice for a building known by its id (the review page, which reads its sign-off, not the building). */
export const StaleResultOf = ({ id }: { id: number }) => (
  <StaleResultNotice building={useBuildingDetail(id).data as StaleBuilding | undefined} />
);

/** The notice above a stage or result page of a building whose result is stale. */
export const StaleResultNotice = ({ building }: { building: StaleBuilding | undefined }) => {
  if (!building?.resultStale) return null;
  return <StaleAlert building={building} />;
};

const StaleAlert = ({ building }: { building: StaleBuilding }) => {
  const { run, busy, job } = useRecalculate(building);
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="result-stale"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={busy}
          onClick={run}
          startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          重新计算
        </Button>
      }
    >
      <strong>{STALE}</strong>：{STALE_HINT}
      {busy && job && <JobProgress job={job} prefix={CALCULATING} />}
    </Alert>
  );
};

/** In a list or a comparison: a warning mark beside the figures that recalculates on a click. */
export const StaleMark = ({ building }: { building: StaleBuilding }) => {
  const { run, busy } = useRecalculate(building);
  if (!building.resultStale) return null;
  return (
    <Tooltip title={`${STALE}：${STALE_HINT}点击重新计算。`}>
      <span>
        <IconButton
          size="small"
          color="warning"
          aria-label={`${STALE}，重新计算`}
          data-testid="result-stale-mark"
          disabled={busy}
          onClick={run}
          sx={{ p: 0.25, ml: 0.25 }}
        >
          {busy ? <CircularProgress size={14} color="inherit" /> : <SyncProblemIcon fontSize="inherit" />}
        </IconButton>
      </span>
    </Tooltip>
  );
};
