// The stage calls (server: src/server/stages/routes.ts). `path` is the stage's API path
// below /api (tpf/v1/tpf/stage/<code>), from the schema's x-resource.
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { ListAnswer } from '../providers/dataProvider';
import type { BuildingRecord } from '../buildings/buildingApi';
import type { JobAnswer } from '../jobs/jobApi';
import type { Factor } from '../../../schemas/answers/factor';
import type { BatchAnswer, CalculateAnswer, StageData, StageRow } from '../../../schemas/answers/stage';

// (the answers' shapes are the server's response schemas: schemas/answers/)
export type { Factor } from '../../../schemas/answers/factor';
export type { BatchAnswer, CalculateAnswer, StageAnswer, StageData, StageRow } from '../../../schemas/answers/stage';

const STAGE_DATA = 'tpf/v1/tpf/stage/data';
const BUILDING_STATUS = 'tpf/v1/tpf/tpf3Project/status';
const FACTORS = 'tpf/v1/tpf/tpf3BuildMaterial';
const LOOKUPS = 'tpf/v1/tpf/tpf3Lookup';

const body = (b: unknown) => JSON.stringify(b);

/** The rows of a form-mode stage (one record; the table-mode stages are paged by the list controller). */
export async function listStageRows(path: string, projectId: number, signal?: AbortSignal): Promise<StageRow[]> {
  const answer = await apiFetch<ListAnswer<StageRow>>(apiUrl(`${path}/`, { projectId, pageSize: 1 }), { signal });
  return Array.isArray(answer?.dataList) ? answer.dataList : [];
}

/** How many rows of the building the stage holds under `filter` (e.g. one 计算方式): the count of a one-row page. */
export async function countStageRows(
  path: string,
  projectId: number,
  filter: Record<string, string>,
  signal?: AbortSignal,
): Promise<number> {
  const answer = await apiFetch<ListAnswer<StageRow>>(apiUrl(`${path}/`, { projectId, ...filter, pageSize: 1 }), {
    signal,
  });
  return Number(answer?.total) || 0;
}

/** POST <path>/batch: saves the rows (with id: update) and calculates, in one transaction. */
export const saveStageRows = (path: string, rows: Record<string, unknown>[]) =>
  apiFetch<BatchAnswer>(apiUrl(`${path}/batch`), { method: 'POST', body: body(rows) });

/**
 * GET <path>/calculate?projectId= → the stage and the building result, or `{ job }` when the calculation goes on
 * in the server (jobs/jobApi: jobOf, and jobOutcome → the same CalculateAnswer once done).
 */
export const calculateStage = (path: string, projectId: number) =>
  apiFetch<CalculateAnswer | JobAnswer>(apiUrl(`${path}/calculate`, { projectId }));

/** PUT <path>/method → the building, recalculated with the stage's method. */
export const putStageMethod = (path: string, projectId: number, method: string) =>
  apiFetch<BuildingRecord>(apiUrl(`${path}/method`), { method: 'PUT', body: body({ projectId, method }) });

export const deleteStageRow = (path: string, id: number) =>
  apiFetch(apiUrl(`${path}/${encodeURIComponent(String(id))}`), { method: 'DELETE' });

export const deleteStageRows = (path: string, ids: readonly number[]) =>
  apiFetch(apiUrl(`${path}/`, { ids: [...ids] }), { method: 'DELETE' });

/** DELETE <path>/deleteBatch?projectId= — every row of the building for the stage (of one 计算方式 with `filter`). */
export const clearStageRows = (path: string, projectId: number, filter: Record<string, string> = {}) =>
  apiFetch(apiUrl(`${path}/deleteBatch`, { projectId, ...filter }), { method: 'DELETE' });

/** Form-mode stages: one record; PUT when it has an id, else POST. */
export const saveStageRecord = (path: string, record: Record<string, unknown>) =>
  apiFetch<StageRow>(apiUrl(`${path}/`), { method: record.id != null ? 'PUT' : 'POST', body: body(record) });

/** GET stage/data?tpf3ProjectId= → { <code>: { title, total (tCO2e), rows, method, notes } }. */
export const getStageData = (projectId: number, signal?: AbortSignal) =>
  apiFetch<StageData>(apiUrl(STAGE_DATA, { tpf3ProjectId: projectId }), { signal });

/** PUT tpf3Project/status { id, status: '1' } — the building is complete. */
export const completeBuilding = (id: number) =>
  apiFetch<BuildingRecord>(apiUrl(BUILDING_STATUS), { method: 'PUT', body: body({ id, status: '1' }) });

/**
 * Factors of a type (and small type) whose search label contains `text` (电 / 电力 / 天然气 / a region / a name),
 * 50 at most, newest first.
 */
export async function searchFactors(
  type: string,
  smallType: string | undefined,
  text: string,
  signal?: AbortSignal,
): Promise<Factor[]> {
  const query = { type, smallType, label: text.trim(), pageSize: 50, sortField: 'id', sortOrder: 'descend' };
  const answer = await apiFetch<ListAnswer<Factor>>(apiUrl(`${FACTORS}/`, query), { signal });
  return Array.isArray(answer?.dataList) ? answer.dataList : [];
}

export const getFactor = (id: number, signal?: AbortSignal) =>
  apiFetch<Factor>(apiUrl(`${FACTORS}/${encodeURIComponent(String(id))}`), { signal });

/** Every row of one lookup table of 参数表管理 (tpf3Lookup). */
export async function listLookups<T>(table: string, signal?: AbortSignal): Promise<T[]> {
  const answer = await apiFetch<ListAnswer<T>>(
    apiUrl(`${LOOKUPS}/`, { table, pageSize: -1, sortField: 'id', sortOrder: 'ascend' }),
    { signal },
  );
  return Array.isArray(answer?.dataList) ? answer.dataList : [];
}
