// The calls every import source makes the same way, below its own base (tpf/v1/tpf/bim, tpf/v1/tpf/budgetBill) and
// through apiFetch (the envelope, the token, Chinese errors): the file's upload, answered `{ jobId }` or `{ job }`
// (jobs/jobApi: jobOf, jobOutcome; the ended job's result is the direct answer).
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { JobAnswer } from '../jobs/jobApi';

export type UploadAnswer = { jobId: number } | JobAnswer;

/** POST {base}/fileUpload (multipart projectId, file) → `{ jobId }` when read within the wait, else `{ job }`. */
export function uploadFile(base: string, projectId: number, file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('projectId', String(projectId));
  form.append('file', file, file.name);
  return apiFetch<UploadAnswer>(apiUrl(`${base}/fileUpload`), { method: 'POST', body: form });
}
