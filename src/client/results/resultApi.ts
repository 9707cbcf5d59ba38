// Calls of the result and compare pages: building detail, the completed buildings a user may see, the
// engineering projects with their counts, and the report export (spec 000 §7).
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { BuildingResult } from './resultModel';

interface Page<T> {
  dataList: T[];
  total: number;
}

const list = <T,>(p: Page<T> | T[] | null | undefined): T[] => (Array.isArray(p) ? p : (p?.dataList ?? []));

export const getBuildingResult = (id: number | string, signal?: AbortSignal) =>
  apiFetch<BuildingResult>(apiUrl(`tpf/v1/tpf/tpf3ProjectV/${encodeURIComponent(String(id))}`), { signal });

/** GET tpf3ProjectV/?pageSize=-1&status=1[&computeMethod=] → the completed buildings the user may see. */
export const listCompletedBuildings = async (computeMethod?: string, signal?: AbortSignal) =>
  list(await apiFetch<Page<BuildingResult>>(apiUrl('tpf/v1/tpf/tpf3ProjectV/', { pageSize: -1, status: 1, computeMethod }), { signal }));

export type EngineeringRow = Record<string, unknown> & { id: number; name: string; projectCount?: number; endCount?: number; total?: number };

/** GET tpf3Engineering/?pageSize=-1 → every engineering project with its building counts and carbon total. */
export const listEngineerings = async (signal?: AbortSignal) =>
  list(await apiFetch<Page<EngineeringRow>>(apiUrl('tpf/v1/tpf/tpf3Engineering/', { pageSize: -1 }), { signal }));

export type ReportType = 'pdf' | 'word';

/** The report's download URL: accounting → tpfJs/exportWord (type=PDF), others → tpf3Project/exportPdf. */
export const exportReport = (module: string, projectId: number | string, type: ReportType) =>
  module === 'accounting'
    ? apiFetch<string>(apiUrl('js/v1/js/tpfJs/exportWord', { projectId, type: 'PDF' }))
    : apiFetch<string>(apiUrl('tpf/v1/tpf/tpf3Project/exportPdf', { projectId, type }));
