// The stage screens' server state (react-query): the stage's rows, the stage/data map (totals, methods,
// notes) and the building detail (stageMethods; the result page reads the same key). After rows change
// elsewhere than the batch save (delete, clear, import), the stage is calculated again so the row emissions and
// the totals shown stay true. A long calculation answers `{ job }` (issue 10 §3): the rows are read at once, the
// job is followed (its progress shown by the table) and everything is read again when it is done.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getBuildingDetail } from '../buildings/buildingApi';
import { jobOf } from '../jobs/jobApi';
import { useJob } from '../jobs/useJob';
import { calculateStage, getStageData, listStageRows, type StageRow } from './stageApi';
import type { StageDef } from './stageDefs';

export const stageKeys = {
  rows: (code: string, projectId: number) => ['stageRows', code, projectId] as const,
  data: (projectId: number) => ['stageData', projectId] as const,
  building: (projectId: number) => ['tpf3ProjectV', projectId] as const,
};

export function useStageRows(def: StageDef, projectId: number) {
  return useQuery({
    queryKey: stageKeys.rows(def.code, projectId),
    queryFn: ({ signal }) => listStageRows(def.path, projectId, signal),
    retry: false,
  });
}

export function useStageData(projectId: number) {
  return useQuery({
    queryKey: stageKeys.data(projectId),
    queryFn: ({ signal }) => getStageData(projectId, signal),
    retry: false,
  });
}

export function useBuildingDetail(projectId: number, enabled = true) {
  return useQuery({
    queryKey: stageKeys.building(projectId),
    queryFn: ({ signal }) => getBuildingDetail(projectId, signal),
    enabled,
    retry: false,
  });
}

export function useStageRefresh(def: StageDef, projectId: number) {
  const client = useQueryClient();
  /** Re-read rows, totals and the building. */
  const reload = async (rows?: StageRow[]) => {
    if (rows) client.setQueryData(stageKeys.rows(def.code, projectId), rows);
    await Promise.all([
      rows ? undefined : client.invalidateQueries({ queryKey: stageKeys.rows(def.code, projectId) }),
      client.invalidateQueries({ queryKey: stageKeys.data(projectId) }),
      client.invalidateQueries({ queryKey: stageKeys.building(projectId) }),
    ]);
  };
  const { job, follow } = useJob();
  /**
   * Rows changed without a calculation: calculate (quietly — a failure only leaves the old totals), then re-read.
   * A calculation that goes on as a job is not waited for: the rows are re-read now, and again once it is done.
   */
  const recalculate = async () => {
    try {
      const started = jobOf(await calculateStage(def.path, projectId));
      if (started)
        void follow(started)
          .then((ended) => (ended?.state === 'done' ? reload() : undefined))
          .catch(() => undefined);
    } catch {
      // the rows are re-read anyway; 下一步 / 计算 report a failing calculation
    }
    await reload();
  };
  /** The calculation being followed after a change, if any (for <JobProgress>). */
  return { reload, recalculate, calculation: job };
}
