// Building calls beyond the generic data provider (spec 000 §7, DESIGN §5): copy, delete by tpf3ProjectIds,
// the building's workbook (getExcelByID) and the building detail with its stored totals (tpf3ProjectV/{id}).
import type { Building } from '../../../schemas/index';
import { apiFetch, apiUrl } from '../providers/httpClient';

const BASE = 'tpf/v1/tpf/tpf3Project';

/** A stored building as the API answers it: the schema's fields (FromSchema), its id, and the rest loose (system fields, results). */
export type BuildingRecord = Building & { id: number } & Record<string, unknown>;

/** GET tpf3Project/copy?projectId= → the new building. */
export const copyBuilding = (id: number | string) => apiFetch<BuildingRecord>(apiUrl(`${BASE}/copy`, { projectId: id }));

/** GET tpf3Project/getExcelByID?projectID= → the download link of the building's workbook. */
export const buildingWorkbookUrl = (id: number | string) => apiFetch<string>(apiUrl(`${BASE}/getExcelByID`, { projectID: id }));

/** DELETE tpf3Project/?tpf3ProjectIds=1&tpf3ProjectIds=2 */
export const deleteBuildings = (ids: readonly (number | string)[]) => apiFetch(apiUrl(`${BASE}/`, { tpf3ProjectIds: [...ids] }), { method: 'DELETE' });

/** GET tpf3ProjectV/{id} → the building with engineering name and stored totals. */
export const getBuildingDetail = (id: number | string, signal?: AbortSignal) =>
  apiFetch<BuildingRecord>(apiUrl(`tpf/v1/tpf/tpf3ProjectV/${encodeURIComponent(String(id))}`), { signal });
