// The budget-file import calls (server src/server/budget/routes.ts, docs/budget.md), all below
// /api/tpf/v1/tpf/budgetBill and through apiFetch (the envelope, the token, Chinese errors). Reading and importing
// may answer `{ job }` (jobs/jobApi: jobOf, jobOutcome); the ended job's result is the direct answer.
import { apiFetch, apiUrl } from '../providers/httpClient';
import type {
  BudgetImportAnswer,
  BudgetImportRequest,
  BudgetPreflightAnswer,
  BudgetSuggestionAnswer,
} from '../../../schemas/budget';
import type { JobAnswer } from '../jobs/jobApi';
import type { BuildingRecord } from '../buildings/buildingApi';
import { uploadFile, type UploadAnswer } from '../imports/importApi';

const BASE = 'tpf/v1/tpf/budgetBill';
const jobPath = (jobId: number, rest = '') => `${BASE}/${encodeURIComponent(String(jobId))}${rest}`;

// (the request and answer shapes are the server's: schemas/budget.ts)
export type {
  BudgetBuildMethod,
  BudgetClass,
  BudgetItemAnswer,
  BudgetMachineAnswer,
  BudgetMapping,
  BudgetSource,
  BudgetSuggestionAnswer,
} from '../../../schemas/budget';
export type Bill = NonNullable<BudgetPreflightAnswer['bill']>;
export type BillImportAnswer = BudgetImportAnswer<BuildingRecord>;
export type BillImportMode = BudgetImportRequest['mode'];

/** POST fileUpload (multipart projectId, file) → `{ jobId }` when read within the wait, else `{ job }`. */
export const uploadBill = (projectId: number, file: File): Promise<UploadAnswer> => uploadFile(BASE, projectId, file);

/** GET budgetBill/{jobId} → the job and, once read, the pre-flight with each item's proposals. */
export const getBill = (jobId: number, signal?: AbortSignal) =>
  apiFetch<BudgetPreflightAnswer>(apiUrl(jobPath(jobId)), { signal });

/** GET budgetBill/{jobId}/excel → the download link of the pre-flight workbook. */
export const billExcelUrl = (jobId: number) => apiFetch<string>(apiUrl(jobPath(jobId, '/excel')));

/**
 * POST budgetBill/{jobId}/check → a material item on a library factor picked by hand, or a 400 naming the item and why
 * not.
 */
export const checkBillItem = (jobId: number, key: string, factorId: number, signal?: AbortSignal) =>
  apiFetch<BudgetSuggestionAnswer>(apiUrl(jobPath(jobId, '/check')), {
    method: 'POST',
    body: JSON.stringify({ key, factorId }),
    signal,
  });

/** POST budgetBill/import → the rows made per stage, or `{ job }` while the import runs. */
export const importBill = (request: BudgetImportRequest) =>
  apiFetch<BillImportAnswer | JobAnswer>(apiUrl(`${BASE}/import`), { method: 'POST', body: JSON.stringify(request) });

/** All rows an import made: the server's `导入成功，生成 N 条数据`. */
export const importedRows = (a: Pick<BillImportAnswer, 'rows'>) =>
  a.rows.materials + a.rows.transport + a.rows.construction;
