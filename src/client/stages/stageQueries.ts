// The stage screens' server state (react-query): the stage's rows (a table's pages are react-admin list queries of
// the stage resource; a form-mode stage's one record), the count of rows kept under another 计算方式, the
// stage/data map (totals, methods, notes) and the building detail (stageMethods; the result page reads the same
// key). After rows change
// elsewhere than the batch save (a row saved in its dialog, delete, clear, import), the stage is calculated again so
// the row emissions and the totals shown stay true. A long calculation answers `{ job }`: the rows are read at once,
// the job is followed (its progress shown by the table) and everything is read again when it is done.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buildingKey } from '../buildings/buildingApi';
import { useBuildingDetail } from '../buildings/useBuildingDetail';
import { jobOf } from '../jobs/jobApi';
import { useJob } from '../jobs/useJob';
import { calculateStage, countStageRows, getStageData, listStageRows } from './stageApi';
import { METHOD_FIELD, type StageDef } from './stageDefs';

export const stageKeys = {
  /** Every query of the stage's rows: react-admin keys its list queries by the resource name first. */
  rows: (def: StageDef) => [def.name] as const,
  record: (def: StageDef, projectId: number) => [def.name, 'stageRecord', projectId] as const,
  otherMethods: (def: StageDef, projectId: number, method: string) =>
    [def.name, 'otherMethods', projectId, method] as const,
  data: (projectId: number) => ['stageData', projectId] as const,
  building: buildingKey,
};

/** A form-mode stage's rows (its one record). */
export function useStageRecord(def: StageDef, projectId: number) {
  return useQuery({
    queryKey: stageKeys.record(def, projectId),
    queryFn: ({ signal }) => listStageRows(def.path, projectId, signal),
    retry: false,
  });
}

/** Rows kept under the stage's other 计算方式 (not counted): how many of each, those with rows only. */
export function useOtherMethodRows(def: StageDef, projectId: number, method: string | undefined) {
  const others = (def.meta.methods ?? []).map((m) => m.value).filter((m) => m !== method);
  return useQuery({
    queryKey: stageKeys.otherMethods(def, projectId, method ?? ''),
    queryFn: async ({ signal }) => {
      const counts = await Promise.all(
        others.map(async (m) => [m, await countStageRows(def.path, projectId, { [METHOD_FIELD]: m }, signal)] as const),
      );
      return counts.filter(([, n]) => n > 0);
    },
    enabled: !!method && others.length > 0,
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

export { useBuildingDetail };

/** A building under review or signed: its stage pages read, never write (the server refuses, 403). */
export function useFrozen(projectId: number): boolean {
  const state = (useBuildingDetail(projectId).data as { reviewState?: string } | undefined)?.reviewState;
  return !!state && state !== 'draft';
}

export function useStageRefresh(def: StageDef, projectId: number) {
  const client = useQueryClient();
  /** Re-read rows, totals and the building. */
  const reload = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: stageKeys.rows(def) }),
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
