// The reference calls (server src/server/decide/routes.ts): the published lines a building's result is
// read against, shown on the result page, the compare page and the decision page's 参考线 tab. The answers'
// shapes are src/calc/decide/types.ts, shared with the server.
import { apiFetch, apiUrl } from '../providers/httpClient';
import type { ReferenceAnswer } from '../../calc/decide/types';

export type { PublishedLine, ReferenceAnswer, Verification } from '../../calc/decide/types';

const at = (projectId: number | string) =>
  apiUrl(`tpf/v1/tpf/decide/${encodeURIComponent(String(projectId))}/reference`);

/** GET decide/:projectId/reference */
export const getReference = (projectId: number | string, signal?: AbortSignal) =>
  apiFetch<ReferenceAnswer>(at(projectId), { signal });
/** PUT decide/:projectId/reference { refOperation } (null clears) → the new answer; 400 field refOperation */
export const putReference = (projectId: number | string, refOperation: number | null) =>
  apiFetch<ReferenceAnswer>(at(projectId), { method: 'PUT', body: JSON.stringify({ refOperation }) });
