// The decision calls (server src/server/decide/routes.ts), all below /api/tpf/v1/tpf/decide and
// through apiFetch (the envelope, the token, Chinese errors). The answers' shapes are src/calc/decide/types.ts,
// shared with the server. The reference calls, which the result pages use too, are results/referenceApi.ts.
import { apiFetch, apiUrl } from '../providers/httpClient';
import type {
  CompareAnswer,
  HotspotAnswer,
  Module,
  PhaseAnswer,
  PhaseCandidate,
  UncertaintyAnswer,
  Variant,
  VariantList,
} from '../../calc/decide/types';

export type * from '../../calc/decide/types';

const BASE = 'tpf/v1/tpf/decide';
const json = (method: string, b?: unknown): RequestInit => ({
  method,
  ...(b === undefined ? {} : { body: JSON.stringify(b) }),
});
const at = (projectId: number | string, rest = '') => apiUrl(`${BASE}/${encodeURIComponent(String(projectId))}${rest}`);
const variantAt = (variantId: number, rest = '') => apiUrl(`${BASE}/variants/${variantId}${rest}`);

export const listVariants = (projectId: number | string, signal?: AbortSignal) =>
  apiFetch<VariantList>(at(projectId, '/variants'), { signal });
/**
 * POST decide/:projectId/variants { name } → the new variant (a copy of the live data, calculated). The first one also
 * saves the live data as 基准方案.
 */
export const createVariant = (projectId: number | string, name: string) =>
  apiFetch<Variant>(at(projectId, '/variants'), json('POST', { name }));
/** POST decide/variants/:id/switch → the list; the building's live data and result become the variant's */
export const switchVariant = (variantId: number) =>
  apiFetch<VariantList>(variantAt(variantId, '/switch'), json('POST'));
/** POST decide/variants/:id/calculate → the variant recalculated */
export const calculateVariant = (variantId: number) =>
  apiFetch<Variant>(variantAt(variantId, '/calculate'), json('POST'));
/** PUT decide/variants/:id { name?, isBaseline?: true } → the list */
export const updateVariant = (variantId: number, body: { name?: string; isBaseline?: true }) =>
  apiFetch<VariantList>(variantAt(variantId), json('PUT', body));
/** DELETE decide/variants/:id → the list (the current and the baseline variant cannot be deleted) */
export const deleteVariant = (variantId: number) => apiFetch<VariantList>(variantAt(variantId), json('DELETE'));
/** GET decide/:projectId/variants/compare?ids=1,2,3 (none: every variant but the baseline) */
export const compareVariants = (projectId: number | string, ids?: number[], signal?: AbortSignal) =>
  apiFetch<CompareAnswer>(
    apiUrl(
      `${BASE}/${encodeURIComponent(String(projectId))}/variants/compare`,
      ids?.length ? { ids: ids.join(',') } : {},
    ),
    { signal },
  );

export const getHotspots = (projectId: number | string, signal?: AbortSignal) =>
  apiFetch<HotspotAnswer>(at(projectId, '/hotspots'), { signal });
/** POST decide/:projectId/substitute { stage, rowId, factorId, name? } → the new variant (calculated, not current) */
export const applySubstitute = (
  projectId: number | string,
  body: { stage: string; rowId: number; factorId: number; name?: string },
) => apiFetch<Variant>(at(projectId, '/substitute'), json('POST', body));

export const getPhases = (projectId: number | string, signal?: AbortSignal) =>
  apiFetch<PhaseAnswer>(at(projectId, '/phases'), { signal });
/** GET decide/:projectId/phases/candidates → buildings the caller may change, of a module not yet linked */
/**
 * GET decide/:projectId/phases/candidates?name= → the latest changed buildings it may link per module (20 each), and
 * how many more match
 */
export const getPhaseCandidates = (projectId: number | string, name: string, signal?: AbortSignal) =>
  apiFetch<{ list: PhaseCandidate[]; more: number }>(
    apiUrl(`${BASE}/${encodeURIComponent(String(projectId))}/phases/candidates`, { name: name.trim() }),
    { signal },
  );
/** POST decide/:projectId/phases { otherId } → the answer; 400 when the module is already linked */
export const linkPhase = (projectId: number | string, otherId: number) =>
  apiFetch<PhaseAnswer>(at(projectId, '/phases'), json('POST', { otherId }));
/**
 * POST decide/:projectId/phases/copy { computeMethod } → a copy of the building in that module, linked as its next
 * phase, calculated
 */
export const copyAsPhase = (projectId: number | string, computeMethod: Module) =>
  apiFetch<{ projectId: number; phases: PhaseAnswer }>(at(projectId, '/phases/copy'), json('POST', { computeMethod }));
/** DELETE decide/:projectId/phases → this building leaves its phase group */
export const unlinkPhase = (projectId: number | string) =>
  apiFetch<PhaseAnswer>(at(projectId, '/phases'), json('DELETE'));

/** GET decide/:projectId/uncertainty?draws&seed — 估算 and 概预算 only (核算: 400) */
export const getUncertainty = (
  projectId: number | string,
  opts: { draws?: number; seed?: number } = {},
  signal?: AbortSignal,
) =>
  apiFetch<UncertaintyAnswer>(apiUrl(`${BASE}/${encodeURIComponent(String(projectId))}/uncertainty`, opts), { signal });
