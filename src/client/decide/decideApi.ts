// The decision calls (issue 13; server src/server/decide/routes.ts), all below /api/tpf/v1/tpf/decide and
// through apiFetch (the envelope, the token, Chinese errors). The shapes mirror the server's answers (the client
// imports nothing from src/server). Figures: t = tCO2e, kg = kgCO2e; intensities kgCO2e/(m²·a) unless named.
import { apiFetch, apiUrl } from '../providers/httpClient';

const BASE = 'tpf/v1/tpf/decide';
const json = (method: string, b?: unknown): RequestInit => ({ method, ...(b === undefined ? {} : { body: JSON.stringify(b) }) });
const at = (projectId: number | string, rest = '') => apiUrl(`${BASE}/${encodeURIComponent(String(projectId))}${rest}`);
const variantAt = (variantId: number, rest = '') => apiUrl(`${BASE}/variants/${variantId}${rest}`);

export type Module = 'estimate' | 'budget' | 'accounting';
export type Verification = 'V' | 'V2' | 'M' | 'D' | 'U';
export type Metric = 'embodied' | 'operation' | 'lifecycle';

/** The building's own figures the reference lines are read against (null: not calculated / no area or life). */
export interface BuildingFigures {
  id: number;
  name: string;
  module: Module;
  buildType: string;
  /** m² */
  area: number;
  /** a */
  years: number;
  calculated: boolean;
  /** t */
  total: number | null;
  /** embodied (建材生产 + 建材运输 + 建筑建造) kgCO2e/m² */
  embodied: number | null;
  /** operation (建筑运行) kgCO2/(m²·a) */
  operation: number | null;
  /** life cycle = streng3, kgCO2e/(m²·a) */
  lifecycle: number | null;
}

export interface Gb55015Check {
  /** the reference building's (2016-standard design) operation intensity the user entered, kgCO2/(m²·a) */
  refOperation: number | null;
  operation: number | null;
  /** refOperation − operation */
  reduction: number | null;
  /** 7 */
  required: number;
  /** null when either figure is missing */
  pass: boolean | null;
  /** the sentence shown (pass, fail, or what is missing) */
  text: string;
}

export interface PublishedLine {
  id: number;
  metric: Metric;
  /** 隐含碳排放强度 / 运行碳排放强度 / 全生命周期碳排放强度 */
  metricLabel: string;
  name: string;
  buildType: string;
  region: string;
  dataYear: string;
  /** null = unknown (shown 未知, never 0) unless a range is given */
  value: number | null;
  low: number | null;
  high: number | null;
  unit: string;
  verification: Verification;
  /** 已核实 / 双来源核实 / 回忆值 / 推算值 / 未知 */
  verificationLabel: string;
  source: string;
  remarks: string;
  /** the building's figure of the same metric */
  buildingValue: number | null;
  /** (buildingValue − value) / value × 100, null when either is unknown */
  diffPct: number | null;
}

export interface PercentileAnswer {
  /** buildings in the set (this one included): the tenant's completed, calculated buildings of the same type and module */
  peers: number;
  /** 5 */
  min: number;
  /** 1 = lowest intensity; null below min */
  rank: number | null;
  /** (rank − 1) / (peers − 1) × 100, 2 decimals; null below min */
  percentile: number | null;
  /** kgCO2e/(m²·a); null below min */
  median: number | null;
  text: string;
}

export interface ReferenceAnswer {
  building: BuildingFigures;
  gb55015: Gb55015Check;
  published: PublishedLine[];
  percentile: PercentileAnswer;
}

/** GET decide/:projectId/reference */
export const getReference = (projectId: number | string, signal?: AbortSignal) => apiFetch<ReferenceAnswer>(at(projectId, '/reference'), { signal });
/** PUT decide/:projectId/reference { refOperation } (null clears) → the new answer; 400 field refOperation */
export const putReference = (projectId: number | string, refOperation: number | null) => apiFetch<ReferenceAnswer>(at(projectId, '/reference'), json('PUT', { refOperation }));

// ---- variants (方案) ----

/** Result fields in tCO2e, as the building's: produce trans build remove runtimeTotal runtimeChange waste green */
export type StageFields = Record<string, number>;

export interface Variant {
  id: number;
  projectId: number;
  name: string;
  /** what it came from: '手动保存' or '替代：C30混凝土 → C30混凝土（掺矿渣）' */
  origin: string;
  isBaseline: boolean;
  /** its data is the building's live data (the stage screens edit it) */
  isCurrent: boolean;
  rowCount: number;
  /** t; null before its first calculation */
  total: number | null;
  streng3: number | null;
  fields: StageFields;
  calculatedAt: string | null;
  createDate: string;
  createByName: string;
}

export interface VariantList {
  variants: Variant[];
  /** may the caller change the building (create, switch, delete) */
  canEdit: boolean;
}

export interface StageDiff {
  /** result field: produce, trans, … */
  field: string;
  title: string;
  baseline: number;
  value: number;
  /** value − baseline, t */
  diff: number;
  /** diff / |baseline| × 100; null when baseline is 0 */
  diffPct: number | null;
}

export interface WaterfallStep {
  label: string;
  /** t: the bar's own value (start/end: the total; delta: the change) */
  value: number;
  kind: 'start' | 'delta' | 'end';
}

export interface RowChange {
  stageTitle: string;
  /** the row's name: material, energy, machine … */
  label: string;
  kind: 'changed' | 'added' | 'removed';
  /** what changed in words: '因子 C30混凝土 → C30混凝土（掺矿渣）', '用量 100 → 120' */
  detail: string;
  /** kg */
  before: number;
  after: number;
  diff: number;
}

export interface VariantComparison {
  variant: Variant;
  stages: StageDiff[];
  /** t */
  totalDiff: number;
  totalDiffPct: number | null;
  waterfall: WaterfallStep[];
  /** the largest row changes, |diff| descending, at most 20 */
  changes: RowChange[];
}

export interface CompareAnswer {
  baseline: Variant;
  compared: VariantComparison[];
}

export const listVariants = (projectId: number | string, signal?: AbortSignal) => apiFetch<VariantList>(at(projectId, '/variants'), { signal });
/** POST decide/:projectId/variants { name } → the new variant (a copy of the live data, calculated). The first one also saves the live data as 基准方案. */
export const createVariant = (projectId: number | string, name: string) => apiFetch<Variant>(at(projectId, '/variants'), json('POST', { name }));
/** POST decide/variants/:id/switch → the list; the building's live data and result become the variant's */
export const switchVariant = (variantId: number) => apiFetch<VariantList>(variantAt(variantId, '/switch'), json('POST'));
/** POST decide/variants/:id/calculate → the variant recalculated */
export const calculateVariant = (variantId: number) => apiFetch<Variant>(variantAt(variantId, '/calculate'), json('POST'));
/** PUT decide/variants/:id { name?, isBaseline?: true } → the list */
export const updateVariant = (variantId: number, body: { name?: string; isBaseline?: true }) => apiFetch<VariantList>(variantAt(variantId), json('PUT', body));
/** DELETE decide/variants/:id → the list (the current and the baseline variant cannot be deleted) */
export const deleteVariant = (variantId: number) => apiFetch<VariantList>(variantAt(variantId), json('DELETE'));
/** GET decide/:projectId/variants/compare?ids=1,2,3 (none: every variant but the baseline) */
export const compareVariants = (projectId: number | string, ids?: number[], signal?: AbortSignal) =>
  apiFetch<CompareAnswer>(apiUrl(`${BASE}/${encodeURIComponent(String(projectId))}/variants/compare`, ids?.length ? { ids: ids.join(',') } : {}), { signal });

// ---- hotspots with substitutes ----

export interface Substitute {
  factorId: number;
  name: string;
  /** the factor's Chinese label as the pickers show it */
  label: string;
  /** kgCO2e per row unit */
  factorValue: number;
  factorUnit: string;
  source: string;
  verification: Verification | null;
  /** kg the row would emit with it */
  emission: number;
  /** kg saved: row emission − emission */
  saving: number;
  savingPct: number;
}

export interface Hotspot {
  stage: string;
  stageTitle: string;
  rowId: number;
  label: string;
  quantity: number | null;
  unit: string;
  factorName: string | null;
  factorValue: number | null;
  factorUnit: string | null;
  /** kg */
  emission: number;
  /** % of the building's total (positive rows) */
  share: number;
  cumulative: number;
  /** material rows (建材生产) only; lower-carbon factors of the same type, 小类 and unit, saving descending, ≤ 5 */
  substitutes: Substitute[];
}

export interface HotspotAnswer {
  /** kg, the sum of the positive rows */
  total: number;
  rows: Hotspot[];
  notes: string[];
}

export const getHotspots = (projectId: number | string, signal?: AbortSignal) => apiFetch<HotspotAnswer>(at(projectId, '/hotspots'), { signal });
/** POST decide/:projectId/substitute { stage, rowId, factorId, name? } → the new variant (calculated, not current) */
export const applySubstitute = (projectId: number | string, body: { stage: string; rowId: number; factorId: number; name?: string }) =>
  apiFetch<Variant>(at(projectId, '/substitute'), json('POST', body));

// ---- phase drift ----

export interface Phase {
  id: number;
  name: string;
  module: Module;
  moduleLabel: string;
  calculated: boolean;
  total: number | null;
  streng3: number | null;
  fields: StageFields;
  /** may the caller open it */
  readable: boolean;
}

export interface PhaseStep {
  from: string;
  to: string;
  /** t */
  diff: number;
  diffPct: number | null;
  stages: StageDiff[];
  /** the largest changes named: stages and materials, |diff| descending, ≤ 5 */
  largest: { label: string; diff: number }[];
}

export interface PhaseAnswer {
  phases: Phase[];
  steps: PhaseStep[];
  waterfall: WaterfallStep[];
  notes: string[];
  canEdit: boolean;
}

export interface PhaseCandidate {
  id: number;
  name: string;
  module: Module;
  moduleLabel: string;
  engineeringName: string;
}

export const getPhases = (projectId: number | string, signal?: AbortSignal) => apiFetch<PhaseAnswer>(at(projectId, '/phases'), { signal });
/** GET decide/:projectId/phases/candidates → buildings the caller may change, of a module not yet linked */
export const getPhaseCandidates = (projectId: number | string, signal?: AbortSignal) => apiFetch<PhaseCandidate[]>(at(projectId, '/phases/candidates'), { signal });
/** POST decide/:projectId/phases { otherId } → the answer; 400 when the module is already linked */
export const linkPhase = (projectId: number | string, otherId: number) => apiFetch<PhaseAnswer>(at(projectId, '/phases'), json('POST', { otherId }));
/** POST decide/:projectId/phases/copy { computeMethod } → a copy of the building in that module, linked as its next phase, calculated */
export const copyAsPhase = (projectId: number | string, computeMethod: Module) =>
  apiFetch<{ projectId: number; phases: PhaseAnswer }>(at(projectId, '/phases/copy'), json('POST', { computeMethod }));
/** DELETE decide/:projectId/phases → this building leaves its phase group */
export const unlinkPhase = (projectId: number | string) => apiFetch<PhaseAnswer>(at(projectId, '/phases'), json('DELETE'));

// ---- uncertainty ----

export interface Band {
  nominal: number;
  mean: number;
  sd: number;
  p10: number;
  p50: number;
  p90: number;
}

export interface TornadoBar {
  label: string;
  /** grid, life, distance, quality */
  kind: string;
  /** t of the total at the input's P10 and P90, the others at their nominal value */
  low: number;
  high: number;
  /** |high − low| */
  swing: number;
}

export interface UncertaintyInput {
  label: string;
  /** '三角分布 0.5306–0.5827–0.5810 kgCO2/kWh（江苏 2021–2023）' */
  distribution: string;
}

export interface UncertaintyAnswer {
  draws: number;
  seed: number;
  /** t */
  total: Band;
  /** kgCO2e/(m²·a); null without area */
  intensity: Band | null;
  /** histogram of the total: bin lower edges (t) and counts */
  histogram: { from: number; to: number; count: number }[];
  tornado: TornadoBar[];
  inputs: UncertaintyInput[];
  notes: string[];
  /** ms the draws took on the server */
  elapsedMs: number;
}

/** GET decide/:projectId/uncertainty?draws&seed — 估算 and 概预算 only (核算: 400) */
export const getUncertainty = (projectId: number | string, opts: { draws?: number; seed?: number } = {}, signal?: AbortSignal) =>
  apiFetch<UncertaintyAnswer>(apiUrl(`${BASE}/${encodeURIComponent(String(projectId))}/uncertainty`, opts), { signal });
