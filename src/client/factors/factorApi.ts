// src/client/factors/ owns the client side of factor versions: the `因子已更新` chip of a building
// (StageHeader, building list rows), the recalculation dialog with its before/after table, the page a
// notification opens (select the building, go to its result) and a factor's version history. This file: the
// calls (src/server/factors/routes.ts) and the job handling of the two recalculations.
import type { FactorRecord, FactorUpdates, RecalcAnswer } from '../../../schemas/answers/factor';
import type { Job, JobAnswer } from '../jobs/jobApi';
import { jobOf, jobOutcome } from '../jobs/jobApi';
import { apiFetch, apiUrl } from '../providers/httpClient';

const TPF = 'tpf/v1/tpf';

// (the answers' shapes are the server's response schemas: schemas/answers/factor.ts)
export type { Change, FactorChange, FactorVersion, RecalcAnswer } from '../../../schemas/answers/factor';

const id = (n: number) => encodeURIComponent(String(n));

/** GET factorUpdates/buildings → ids of the buildings (the caller may read) that use a superseded factor. */
export const outdatedBuildings = (signal?: AbortSignal) =>
  apiFetch<number[]>(apiUrl(`${TPF}/factorUpdates/buildings`), { signal });

/** GET tpf3Project/{id}/factorUpdates → the building's superseded factors. */
export const factorUpdates = (buildingId: number, signal?: AbortSignal) =>
  apiFetch<FactorUpdates>(apiUrl(`${TPF}/tpf3Project/${id(buildingId)}/factorUpdates`), {
    signal,
  });

/** GET tpf3BuildMaterial/{id}/versions → every version of the factor, newest first. */
export const factorVersions = (factorId: number, signal?: AbortSignal) =>
  apiFetch<FactorRecord[]>(apiUrl(`${TPF}/tpf3BuildMaterial/${id(factorId)}/versions`), { signal });

/** POST tpf3Project/{id}/recalculate/preview|apply → the answer, or `{ job }` while the server works on. */
const startRecalc = (buildingId: number, apply: boolean) =>
  apiFetch<RecalcAnswer | JobAnswer>(
    apiUrl(`${TPF}/tpf3Project/${id(buildingId)}/recalculate/${apply ? 'apply' : 'preview'}`),
    { method: 'POST' },
  );

/**
 * Runs a recalculation to its end: a job answer is followed with `follow` (useJob, for the progress bar);
 * null when the user stopped following (后台运行).
 */
export async function recalc(
  buildingId: number,
  apply: boolean,
  follow: (job: Job) => Promise<Job | null>,
): Promise<RecalcAnswer | null> {
  const answer = await startRecalc(buildingId, apply);
  const job = jobOf(answer);
  if (!job) return answer as RecalcAnswer;
  const ended = await follow(job);
  return ended ? jobOutcome<RecalcAnswer>(ended) : null;
}

/** Query keys: the flagged buildings, one building's updates. */
export const factorKeys = {
  outdated: ['factorUpdates', 'buildings'] as const,
  building: (buildingId: number) => ['factorUpdates', 'building', buildingId] as const,
};
