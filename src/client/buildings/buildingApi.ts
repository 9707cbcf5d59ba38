// Building calls beyond the generic data provider: copy, delete by tpf3ProjectIds,
// the building's workbook (getExcelByID) and the building detail with its stored totals (tpf3ProjectV/{id}).
import type { BuildingRecord } from '../../../schemas/records';
import { splitMenus, wizardStages } from '../../../schemas/standards';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { clientResources } from '../registry';

const BASE = 'tpf/v1/tpf/tpf3Project';

// (a stored building as the API answers it, typed from its schema)
export type { BuildingRecord } from '../../../schemas/records';

/** GET tpf3Project/copy?projectId= → the new building. */
export const copyBuilding = (id: number | string) =>
  apiFetch<BuildingRecord>(apiUrl(`${BASE}/copy`, { projectId: id }));

/** GET tpf3Project/getExcelByID?projectID= → the download link of the building's workbook. */
export const buildingWorkbookUrl = (id: number | string) =>
  apiFetch<string>(apiUrl(`${BASE}/getExcelByID`, { projectID: id }));

/** DELETE tpf3Project/?tpf3ProjectIds=1&tpf3ProjectIds=2 */
export const deleteBuildings = (ids: readonly (number | string)[]) =>
  apiFetch(apiUrl(`${BASE}/`, { tpf3ProjectIds: [...ids] }), { method: 'DELETE' });

/** GET tpf3ProjectV/{id} → the building with engineering name and stored totals. */
export const getBuildingDetail = (id: number | string, signal?: AbortSignal) =>
  apiFetch<BuildingRecord>(apiUrl(`tpf/v1/tpf/tpf3ProjectV/${encodeURIComponent(String(id))}`), { signal });

/** The query key of a building's detail, shared by every page that reads it. */
export const buildingKey = (id: number) => ['tpf3ProjectV', id] as const;

/**
 * 重新计算 of a whole building: GET stage/<code>/calculate?projectId= of its first wizard stage (any stage's route
 * calculates every stage) → the answer, or `{ job }` when the calculation goes on in the server.
 */
export function calculateBuilding(b: { id: number; computeMethod?: unknown; menus?: unknown }): Promise<unknown> {
  const stages = clientResources.filter((r) => r.schema['x-stage']);
  const code = wizardStages(String(b.computeMethod), splitMenus(String(b.menus ?? ''))).find((c) =>
    stages.some((r) => r.schema['x-stage']!.code === c),
  );
  const stage = stages.find((r) => r.schema['x-stage']!.code === code);
  if (!stage) return Promise.reject(new Error('该单体没有可计算的阶段'));
  return apiFetch(apiUrl(`${stage.path}/calculate`, { projectId: b.id }));
}
