// The BIM import calls (issue 12; contract .tmp/bim-contract.md; server src/server/bim/routes.ts), all below
// /api/tpf/v1/tpf/bim and through apiFetch (the envelope, the token, Chinese errors). Parsing and importing may
// answer `{ job }` (jobs/jobApi: jobOf, pollJob, jobOutcome); the ended job's result is the direct answer.
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { Job, JobAnswer } from '../jobs/jobApi';
import type { BuildingRecord } from '../buildings/buildingApi';

const BASE = 'tpf/v1/tpf/bim';
const body = (b: unknown) => JSON.stringify(b);
const jobPath = (jobId: number, rest = '') => `${BASE}/${encodeURIComponent(String(jobId))}${rest}`;

export interface BimSuggestion {
  factorId: number;
  name: string;
  /** the factor's Chinese label (as the factor pickers show it) */
  label: string;
  /** the factor's unit, e.g. m3, t */
  unit: string;
  factorValue: number | null;
  coUnit: string | null;
  /** 0..1 */
  confidence: number;
  reasons: string[];
  /** a confirmed mapping of this tenant */
  saved: boolean;
  /** the material's quantity in the factor's unit, null with `error` */
  quantity: number | null;
  /** 体积, 面积, 质量, 体积×密度, 构件数量 */
  basis: string | null;
  /** why the factor cannot take the material's quantity */
  error: string | null;
}

export interface BimMaterial {
  name: string;
  elements: number;
  /** m³ */
  volume: number;
  /** m² */
  area: number;
  /** kg */
  weight: number;
  /** elements whose volume came from the geometry */
  fromGeometry: number;
  /** t/m³ declared by the model */
  density: number | null;
  /** problems of the plausibility review touching it: importing it asks for confirmation */
  review?: number;
  /** its material family (Chinese), null when not known */
  family?: string | null;
  /** why no suggestion comes for a known family (因子库暂无「…」类材料的因子) */
  matchNote?: string | null;
  /** best first */
  suggestions: BimSuggestion[];
}

export interface BimGroup {
  storey: string;
  ifcType: string;
  typeTitle: string;
  count: number;
  volume: number;
  area: number;
  weight: number;
}

export interface BimProblem {
  globalId: string;
  name: string;
  ifcType: string;
  typeTitle: string;
  storey: string;
  kind: string;
  message: string;
  /** the IFC materials it touches */
  materials?: string[];
}

export interface BimCounts {
  elements: number;
  withoutMaterial: number;
  withoutQuantity: number;
  unknownUnits: number;
  duplicateGlobalIds: number;
  fromGeometry: number;
  materials: number;
  /** problems of the plausibility review: an import of their materials asks for confirmation */
  review: number;
}

/** A model-wide note: which of repeated quantities was taken and why, a unit conversion. */
export interface BimNote {
  text: string;
  elements: number;
}

export interface Preflight {
  modelId: number;
  jobId: number;
  projectId: number;
  fileName: string;
  schema: 'IFC2X3' | 'IFC4' | string;
  /** in words, e.g. 毫米(mm) */
  units: { length: string; area: string; volume: string; mass: string };
  counts: BimCounts;
  groups: BimGroup[];
  problems: { total: number; pageNum: number; pageSize: number; list: BimProblem[] };
  materials: BimMaterial[];
  notes: BimNote[];
  /** m², with where it came from; null when the model has neither spaces nor floor slabs */
  floorArea: { value: number; basis: string } | null;
}

export interface PreflightAnswer {
  job: Job;
  /** null while the model is parsed, or when the parse failed (job.message says why) */
  model: Preflight | null;
}

export type UploadAnswer = { jobId: number } | JobAnswer;

export interface CheckAnswer {
  quantity: number;
  unit: string;
  basis: string;
}

export type ImportMode = 'append' | 'replace';

export interface ImportMapping {
  ifcMaterial: string;
  factorId: number;
}

export interface ImportRequest {
  jobId: number;
  projectId: number;
  mode: ImportMode;
  mappings: ImportMapping[];
  /** the user confirmed importing materials with open review problems */
  confirmProblems?: boolean;
}

export interface ImportAnswer {
  /** 建材生产 rows created (a count, or the rows) */
  rows: number | unknown[];
  /** 建材运输 rows created */
  transRows: number | unknown[];
  /** IFC materials left unmapped */
  skipped: string[];
  /** the building, recalculated */
  result: BuildingRecord;
  warnings: string[];
}

/** POST fileUpload (multipart projectId, file) → `{ jobId }` when parsed within the wait, else `{ job }`. */
export function uploadModel(projectId: number, file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('projectId', String(projectId));
  form.append('file', file, file.name);
  return apiFetch<UploadAnswer>(apiUrl(`${BASE}/fileUpload`), { method: 'POST', body: form });
}

/** GET bim/{jobId}?pageNum=&pageSize= → the job and its pre-flight report (problems paged by the server). */
export const getPreflight = (jobId: number, pageNum: number, pageSize: number, signal?: AbortSignal) =>
  apiFetch<PreflightAnswer>(apiUrl(jobPath(jobId), { pageNum, pageSize }), { signal });

/** GET bim/{jobId}/excel → the download link of the report workbook (汇总, 构件分组, 问题清单, 材料). */
export const preflightExcelUrl = (jobId: number) => apiFetch<string>(apiUrl(jobPath(jobId, '/excel')));

/** POST bim/{jobId}/check → the material's quantity in the factor's unit, or a 400 naming the material. */
export const checkMapping = (jobId: number, ifcMaterial: string, factorId: number, signal?: AbortSignal) =>
  apiFetch<CheckAnswer>(apiUrl(jobPath(jobId, '/check')), { method: 'POST', body: body({ ifcMaterial, factorId }), signal });

/** POST bim/import → the rows made, or `{ job }` while the import runs. */
export const importModel = (request: ImportRequest) =>
  apiFetch<ImportAnswer | JobAnswer>(apiUrl(`${BASE}/import`), { method: 'POST', body: body(request) });

/** The number of rows an import answer reports (a count or the rows themselves). */
export const rowCount = (rows: number | unknown[] | null | undefined) => (Array.isArray(rows) ? rows.length : Number(rows ?? 0) || 0);

/** The success text, as the server's message says it: `导入成功，生成 N 条建材生产数据`. */
export function importMessage(answer: Pick<ImportAnswer, 'rows' | 'transRows'>): string {
  const trans = rowCount(answer.transRows);
  return `导入成功，生成 ${rowCount(answer.rows)} 条建材生产数据${trans ? `，${trans} 条建材运输数据` : ''}`;
}
