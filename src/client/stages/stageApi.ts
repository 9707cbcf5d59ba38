// The stage calls (DESIGN §5, spec 000 §7; server: src/server/stages/routes.ts). `path` is the stage's API path
// below /api (tpf/v1/tpf/stage/<code>), from the schema's x-resource.
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { ListAnswer } from '../providers/dataProvider';
import type { BuildingRecord } from '../buildings/buildingApi';
import type { JobAnswer } from '../jobs/jobApi';

export type StageRow = Record<string, unknown> & { id: number };

const STAGE_DATA = 'tpf/v1/tpf/stage/data';
const BUILDING_STATUS = 'tpf/v1/tpf/tpf3Project/status';
const FACTORS = 'tpf/v1/tpf/tpf3BuildMaterial';

const body = (b: unknown) => JSON.stringify(b);

/** Every row of the building for the stage (pageSize -1). */
export async function listStageRows(path: string, projectId: number, signal?: AbortSignal): Promise<StageRow[]> {
  const answer = await apiFetch<ListAnswer<StageRow>>(apiUrl(`${path}/`, { projectId, pageSize: -1 }), { signal });
  return Array.isArray(answer?.dataList) ? answer.dataList : [];
}

/** A stage as the batch and calculate routes answer it: its totals and notes, not its rows (there may be 100 000). */
export interface StageAnswer {
  code: string;
  /** kgCO2e */
  total: number;
  /** how many rows were calculated */
  rowCount: number;
  notes: string[];
  method?: string;
}

export interface BatchAnswer {
  rows: StageRow[];
  result: BuildingRecord;
  stage: StageAnswer | null;
}

/** POST <path>/batch: saves the rows (with id: update) and calculates, in one transaction. */
export const saveStageRows = (path: string, rows: Record<string, unknown>[]) =>
  apiFetch<BatchAnswer>(apiUrl(`${path}/batch`), { method: 'POST', body: body(rows) });

export interface CalculateAnswer {
  stage: StageAnswer | null;
  result: BuildingRecord;
}

/**
 * GET <path>/calculate?projectId= → the stage and the building result, or `{ job }` when the calculation goes on
 * in the server (issue 10 §3; jobs/jobApi: jobOf, and jobOutcome → the same CalculateAnswer once done).
 */
export const calculateStage = (path: string, projectId: number) =>
  apiFetch<CalculateAnswer | JobAnswer>(apiUrl(`${path}/calculate`, { projectId }));

/** PUT <path>/method → the building, recalculated with the stage's method. */
export const putStageMethod = (path: string, projectId: number, method: string) =>
  apiFetch<BuildingRecord>(apiUrl(`${path}/method`), { method: 'PUT', body: body({ projectId, method }) });

export const deleteStageRow = (path: string, id: number) => apiFetch(apiUrl(`${path}/${encodeURIComponent(String(id))}`), { method: 'DELETE' });

export const deleteStageRows = (path: string, ids: readonly number[]) => apiFetch(apiUrl(`${path}/`, { ids: [...ids] }), { method: 'DELETE' });

/** DELETE <path>/deleteBatch?projectId= — every row of the building for the stage. */
export const clearStageRows = (path: string, projectId: number) => apiFetch(apiUrl(`${path}/deleteBatch`, { projectId }), { method: 'DELETE' });

/** Form-mode stages: one record; PUT when it has an id, else POST. */
export const saveStageRecord = (path: string, record: Record<string, unknown>) =>
  apiFetch<StageRow>(apiUrl(`${path}/`), { method: record.id != null ? 'PUT' : 'POST', body: body(record) });

/** GET stage/data?tpf3ProjectId= → { <code>: { title, total (tCO2e), rows, method, notes } }. */
export const getStageData = (projectId: number, signal?: AbortSignal) => apiFetch<unknown>(apiUrl(STAGE_DATA, { tpf3ProjectId: projectId }), { signal });

/** PUT tpf3Project/status { id, status: '1' } — the building is complete (spec 000 §4). */
export const completeBuilding = (id: number) => apiFetch<BuildingRecord>(apiUrl(BUILDING_STATUS), { method: 'PUT', body: body({ id, status: '1' }) });

export interface Factor {
  id: number;
  name: string;
  spec?: string | null;
  unit?: string | null;
  materialCo?: number | null;
  coUnit?: string | null;
  source?: string | null;
  verification?: string | null;
  type?: string;
  smallType?: string | null;
}

/** Factors of a type (and small type) whose name contains `name`, 50 at most. */
export async function searchFactors(type: string, smallType: string | undefined, name: string, signal?: AbortSignal): Promise<Factor[]> {
  const answer = await apiFetch<ListAnswer<Factor>>(apiUrl(`${FACTORS}/`, { type, smallType, name: name.trim(), pageSize: 50 }), { signal });
  return Array.isArray(answer?.dataList) ? answer.dataList : [];
}

export const getFactor = (id: number, signal?: AbortSignal) => apiFetch<Factor>(apiUrl(`${FACTORS}/${encodeURIComponent(String(id))}`), { signal });
