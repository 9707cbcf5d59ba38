// The 校审 calls (server src/server/review/routes.ts), below /api/tpf/v1/tpf/review, through apiFetch.
import { apiFetch, apiUrl } from '../providers/httpClient';
import type {
  CertificateAnswer,
  AuditAnswer,
  Person,
  ReviewAnswer,
  SignLevel,
  ReviewCommentInput,
  SignoffSettings,
  SignoffSettingsAnswer,
  VerifyAnswer,
  VerifyCheck,
  WaitingBuilding,
} from '../../../schemas/review';

export type {
  AuditAnswer,
  AuditEntry,
  SignoffSettingsAnswer,
  ReviewAnswer,
  ReviewComment,
  ReviewEvent,
  WaitingBuilding,
  ChainStep,
  ReviewState,
  VerifyAnswer,
  VerifyCheck,
} from '../../../schemas/review';

const BASE = 'tpf/v1/tpf/review';
const post = <T = null>(path: string, body: unknown) =>
  apiFetch<T>(apiUrl(`${BASE}/${path}`), { method: 'POST', body: JSON.stringify(body) });

export const getReview = (projectId: number, signal?: AbortSignal) =>
  apiFetch<ReviewAnswer>(apiUrl(`${BASE}/${projectId}`), { signal });
export const getWaiting = (signal?: AbortSignal) => apiFetch<WaitingBuilding[]>(apiUrl(`${BASE}/mine`), { signal });
export const submitReview = (projectId: number, acknowledgements: { text: string; reason: string }[]) =>
  post('submit', { projectId, acknowledgements });
export const approveReview = (projectId: number, note?: string) =>
  post('approve', { projectId, ...(note ? { note } : {}) });
export const returnReview = (projectId: number, comments: ReviewCommentInput[]) =>
  post('return', { projectId, comments });
export const resolveComment = (id: number, note: string) => post(`comment/${id}/resolve`, { note });
export const closeComment = (id: number) => post(`comment/${id}/close`, {});
/** The signed revision's stored report as a download URL (drawn now if its drawing at the signature failed). */
export const frozenReportUrl = (projectId: number, type: 'pdf' | 'word') =>
  apiFetch<string>(apiUrl(`${BASE}/${projectId}/report`, { type }));
/** Draws the signed revision's report again (after a failed drawing); the review answer then follows it. */
export const redrawReport = (projectId: number) => post(`${projectId}/report`, {});
/** The building's changes, newest first; `area`: 'building', a stage's code, 'variant' (all when absent). */
export const getAudit = (
  projectId: number,
  query: { area?: string; pageNo: number; pageSize: number },
  signal?: AbortSignal,
) => apiFetch<AuditAnswer>(apiUrl(`${BASE}/${projectId}/audit`, query), { signal });
export const getSignoffSettings = (signal?: AbortSignal) =>
  apiFetch<SignoffSettingsAnswer>(apiUrl(`${BASE}/settings`), { signal });
export const saveSignoffSettings = (body: SignoffSettings) =>
  apiFetch<SignoffSettingsAnswer>(apiUrl(`${BASE}/settings`), { method: 'PUT', body: JSON.stringify(body) });
export const reviseBuilding = (projectId: number) => post<{ id: number }>('revise', { projectId });
/** 撤回: 计算人 takes the submission back (before the first signature). */
export const withdrawReview = (projectId: number) => post('withdraw', { projectId });
/** 更换签署人 (the tenant's group admin): another signer for a level. */
export const reassignSigner = (projectId: number, level: SignLevel, userId: number) =>
  post('reassign', { projectId, level, userId });
/** The users an administrator may name as a signer of the building: 实名（账号）. */
export const getSignerChoices = (projectId: number, signal?: AbortSignal) =>
  apiFetch<Person[]>(apiUrl(`${BASE}/${projectId}/signers`), { signal });

export { reviewRoute } from '../buildings/buildingPages';

// the public verify page (no session): a report number's summary, and an uploaded copy checked against it; `code`:
// the report's check code, which its QR code carries (?c=)
const VERIFY = (reportNo: string, code: string | null) =>
  apiUrl(`tpf/v1/tpf/verify/${encodeURIComponent(reportNo)}`, code ? { c: code } : undefined);
export const getVerify = (reportNo: string, code: string | null, signal?: AbortSignal) =>
  apiFetch<VerifyAnswer>(VERIFY(reportNo, code), { signal });
export function checkCopy(reportNo: string, code: string | null, file: File): Promise<VerifyCheck> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<VerifyCheck>(VERIFY(reportNo, code), { method: 'POST', body });
}

// the signing certificate of the caller's tenant, and the address the QR codes point to (signedRoutes.ts)
export const getCertificate = (signal?: AbortSignal) =>
  apiFetch<CertificateAnswer>(apiUrl(`${BASE}/certificate`), { signal });
export function uploadCertificate(file: File, password: string): Promise<CertificateAnswer> {
  const body = new FormData();
  body.append('password', password);
  body.append('file', file);
  return apiFetch<CertificateAnswer>(apiUrl(`${BASE}/certificate`), { method: 'POST', body });
}
export const getPublicUrl = (signal?: AbortSignal) =>
  apiFetch<{ publicUrl: string }>(apiUrl(`${BASE}/publicUrl`), { signal });
