// Calls of the result and compare pages: building detail, a search among the completed buildings a user may see,
// the figures the server summed for 统计分析, a page of engineering projects with their counts, and the report export.
// None asks for every building: a tenant of thousands gets the same few kilobytes.
import type { ResourceRecord } from '../../../schemas/records';
import type { Statistics } from '../../../schemas/statistics';
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { BuildingResult } from './resultModel';

interface Page<T> {
  dataList: T[];
  total: number;
}

export const getBuildingResult = (id: number | string, signal?: AbortSignal) =>
  apiFetch<BuildingResult>(apiUrl(`tpf/v1/tpf/tpf3ProjectV/${encodeURIComponent(String(id))}`), { signal });

/** The completed buildings a compare picker offers at most: the rest are found by typing their name. */
export const PICK_PAGE = 20;

/**
 * GET tpf3ProjectV/?status=1&name=…[&computeMethod=] → the latest changed completed buildings matching `name`, and how
 * many match.
 */
export const searchCompletedBuildings = (name: string, computeMethod: string | undefined, signal?: AbortSignal) =>
  apiFetch<Page<BuildingResult>>(
    apiUrl('tpf/v1/tpf/tpf3ProjectV/', {
      status: 1,
      name: name.trim(),
      computeMethod,
      pageSize: PICK_PAGE,
      sortField: 'updateDate',
      sortOrder: 'descend',
    }),
    { signal },
  );

/** GET tpf3ProjectV/statistics → the sums by compute method and the engineering projects' totals. */
export const getStatistics = (signal?: AbortSignal) =>
  apiFetch<Statistics>(apiUrl('tpf/v1/tpf/tpf3ProjectV/statistics'), { signal });

/** An engineering project as its list answers it, with the figures counted over its buildings. */
export type EngineeringRow = ResourceRecord<'tpf3Engineering'>;

/**
 * GET tpf3Engineering/?pageNum&pageSize → a page of engineering projects with their building counts and carbon total.
 */
export const engineeringPage = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  apiFetch<Page<EngineeringRow>>(
    apiUrl('tpf/v1/tpf/tpf3Engineering/', { pageNum, pageSize, sortField: 'createDate', sortOrder: 'descend' }),
    { signal },
  );

export type ReportType = 'pdf' | 'word';

/** The report's download URL: accounting → tpfJs/exportWord (type=PDF), others → tpf3Project/exportPdf. */
export const exportReport = (module: string, projectId: number | string, type: ReportType) =>
  module === 'accounting'
    ? apiFetch<string>(apiUrl('js/v1/js/tpfJs/exportWord', { projectId, type: 'PDF' }))
    : apiFetch<string>(apiUrl('tpf/v1/tpf/tpf3Project/exportPdf', { projectId, type }));

/** The download URL of the building's EN 15978 module result as a JSON file. */
export const exportModules = (projectId: number | string) =>
  apiFetch<string>(apiUrl(`tpf/v1/tpf/tpf3Project/${projectId}/modules/export`));
