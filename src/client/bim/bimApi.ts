// The BIM import calls (docs/bim.md; server src/server/bim/routes.ts), all below
// /api/tpf/v1/tpf/bim and through apiFetch (the envelope, the token, Chinese errors). Parsing and importing may
// answer `{ job }` (jobs/jobApi: jobOf, pollJob, jobOutcome); the ended job's result is the direct answer.
import { apiFetch, apiUrl } from '../providers/httpClient';
import type {
  CheckAnswer,
  ImportAnswer as BimImportAnswer,
  ImportRequest,
  PreflightAnswer,
} from '../../../schemas/bim';
import type { JobAnswer } from '../jobs/jobApi';
import type { BuildingRecord } from '../buildings/buildingApi';
import { uploadFile, type UploadAnswer } from '../imports/importApi';

const BASE = 'tpf/v1/tpf/bim';
const body = (b: unknown) => JSON.stringify(b);
const jobPath = (jobId: number, rest = '') => `${BASE}/${encodeURIComponent(String(jobId))}${rest}`;

// (the request and answer shapes are the server's: schemas/bim.ts)
export type {
  BimCounts,
  BimGroup,
  BimMaterial,
  BimSuggestion,
  CheckAnswer,
  DensityDefault,
  ImportMapping,
  ImportMode,
  ImportRequest,
  Preflight,
  PreflightAnswer,
} from '../../../schemas/bim';
export type ImportAnswer = BimImportAnswer<BuildingRecord>;

/** POST fileUpload (multipart projectId, file) → `{ jobId }` when parsed within the wait, else `{ job }`. */
export const uploadModel = (projectId: number, file: File): Promise<UploadAnswer> => uploadFile(BASE, projectId, file);

/** GET bim/{jobId}?pageNum=&pageSize= → the job and its pre-flight report (problems paged by the server). */
export const getPreflight = (jobId: number, pageNum: number, pageSize: number, signal?: AbortSignal) =>
  apiFetch<PreflightAnswer>(apiUrl(jobPath(jobId), { pageNum, pageSize }), { signal });

/** GET bim/{jobId}/excel → the download link of the report workbook (汇总, 构件分组, 问题清单, 材料). */
export const preflightExcelUrl = (jobId: number) => apiFetch<string>(apiUrl(jobPath(jobId, '/excel')));

/**
 * POST bim/{jobId}/check → the material's quantity in the factor's unit (with the density the user confirmed, when
 * given), the density it needs (`needsDensity`), or a 400 naming the material.
 */
export const checkMapping = (
  jobId: number,
  ifcMaterial: string,
  factorId: number,
  signal?: AbortSignal,
  density?: number,
) =>
  apiFetch<CheckAnswer>(apiUrl(jobPath(jobId, '/check')), {
    method: 'POST',
    body: body(density === undefined ? { ifcMaterial, factorId } : { ifcMaterial, factorId, density }),
    signal,
  });

/** POST bim/import → the rows made, or `{ job }` while the import runs. */
export const importModel = (request: ImportRequest) =>
  apiFetch<ImportAnswer | JobAnswer>(apiUrl(`${BASE}/import`), { method: 'POST', body: body(request) });

/** The number of rows an import answer reports (a count or the rows themselves). */
export const rowCount = (rows: number | unknown[] | null | undefined) =>
  Array.isArray(rows) ? rows.length : Number(rows ?? 0) || 0;

/** The success text, as the server's message says it: `导入成功，生成 N 条建材生产数据`. */
export function importMessage(answer: Pick<ImportAnswer, 'rows' | 'transRows'>): string {
  const trans = rowCount(answer.transRows);
  return `导入成功，生成 ${rowCount(answer.rows)} 条建材生产数据${trans ? `，${trans} 条建材运输数据` : ''}`;
}
